// Bundles the server (server/main.ts and everything it imports) into build/server-main.js.
// Packages stay external: they are loaded from node_modules at run time.
import { build } from 'esbuild';

const dir = process.env.HAAT_BUILD_DIR ?? 'build';

await build({
  entryPoints: ['server/main.ts'],
  outfile: `${dir}/server-main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// `npm start` rebuilds when a source file is newer than this stamp.
const fs = await import('node:fs');
fs.writeFileSync(`${dir}/.built`, new Date().toISOString());
