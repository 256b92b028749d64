// `npm run bench [-- --db postgres] [--strict] [--no-cache] [--duration 3] [--products 100000] [--skip-checkout] …`
// (every flag: scripts/bench/catalog.ts and docs/benchmarks.md):
// the catalogue benchmark, then the checkout benchmark; see scripts/bench/catalog.ts.
import { runScript } from './bundle.mjs';

await runScript('scripts/bench/catalog.ts');
