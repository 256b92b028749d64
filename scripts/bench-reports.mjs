// The reports benchmark alone: `node scripts/bench-reports.mjs [--db postgres] [--strict] [--orders 30000] [--runs 7]`
// (also the last part of `npm run bench`, unless --skip-reports); see scripts/bench/reports.ts.
import { runScript } from './bundle.mjs';

await runScript('scripts/bench/reports.ts');
