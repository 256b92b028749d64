// Checkouts per second on SQLite and PostgreSQL: `node scripts/bench-checkout.mjs`.
// Env: BENCH_SECONDS (4), BENCH_CONCURRENCY (16), BENCH_DB=sqlite|postgres (both),
// BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a
// database is created there for the run and dropped). The bench itself is TypeScript
// (scripts/bench/checkout.ts); it is bundled here so that it runs with plain Node.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'node_modules/.cache/haat-orders', `bench-${process.pid}.mjs`);
fs.mkdirSync(path.dirname(outfile), { recursive: true });
await build({
  entryPoints: [path.join(root, 'scripts/bench/checkout.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
try {
  const { main } = await import(pathToFileURL(outfile).href);
  await main();
} finally {
  fs.rmSync(outfile, { force: true });
}
