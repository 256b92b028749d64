// `npm run backup -- [--to DIR]`: a consistent copy of the database and media while the shop
// runs; see server/backup/backup.ts. Needs no build: the command is bundled on the way.
import { runScript } from './bundle.mjs';

await runScript('server/backup/backup-command.ts');
