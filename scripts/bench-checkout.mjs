// Checkouts per second on SQLite and PostgreSQL: `node scripts/bench-checkout.mjs` (also the last
// part of `npm run bench`). Settings by environment; see scripts/bench/checkout.ts.
import { runScript } from './bundle.mjs';

await runScript('scripts/bench/checkout.ts');
