// `npm run restore -- FOLDER [--force]`: restores a backup into an empty database and data
// folder (SQLite: with the server stopped); see server/backup/restore.ts.
import { runScript } from './bundle.mjs';

await runScript('server/backup/restore-command.ts');
