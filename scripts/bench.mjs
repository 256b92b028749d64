// `npm run bench [-- --db postgres] [--strict] [--no-cache] [--duration 3] [--products 100000] [--skip-checkout] [--skip-reports] [--skip-labels] …`
// (every flag: scripts/bench/catalog.ts, scripts/bench/reports.ts and docs/benchmarks.md):
// labels and packing slips (scripts/bench/labels.ts), the catalogue benchmark, then the checkout
// benchmark, then the reports benchmark; see scripts/bench/catalog.ts.
import { runScript } from './bundle.mjs';

// `--overhead`: only the per-request overhead against a bare Fastify route (scripts/bench/overhead.ts).
if (process.argv.includes('--overhead')) {
  await runScript('scripts/bench/overhead.ts');
  process.exit(process.exitCode ?? 0);
}

// Labels and packing slips first (scripts/bench/labels.ts: 100 labels under 5 s), unless
// --skip-labels: no other benchmark's flag, so it is taken off before they read theirs.
const skipLabels = process.argv.includes('--skip-labels');
process.argv = process.argv.filter((arg) => arg !== '--skip-labels');
if (!skipLabels) await runScript('scripts/bench/labels.ts');

// The reports' own flags are not the catalogue's: they are taken off before it reads the rest.
const REPORT_FLAGS = { '--skip-reports': 0, '--orders': 1, '--runs': 1, '--report-products': 1 };
const all = process.argv.slice(2);
const catalogArgs = [];
for (let i = 0; i < all.length; i++) {
  const takes = REPORT_FLAGS[all[i].split('=')[0]];
  if (takes === undefined) catalogArgs.push(all[i]);
  else if (takes && !all[i].includes('=')) i += 1;
}
const argv = process.argv;
process.argv = [...argv.slice(0, 2), ...catalogArgs];
await runScript('scripts/bench/catalog.ts');
process.argv = argv;
if (!all.includes('--skip-reports')) await runScript('scripts/bench/reports.ts');
