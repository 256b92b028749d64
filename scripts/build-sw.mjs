// Bundles the service worker (app/sw/service-worker.ts) into <buildDir>/client/sw.js, after
// `react-router build` wrote the client. Its cache names carry a hash of the client build, so a
// new build's worker drops the caches of the one before.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { bundle } from './bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const client = path.resolve(root, process.env.HAAT_BUILD_DIR ?? 'build', 'client');

/** The fingerprinted file names under assets/ and the bytes of every other file the client serves. */
function versionOf(dir) {
  const hash = crypto.createHash('sha256');
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(d, entry.name);
      const rel = path.relative(dir, file);
      if (entry.isDirectory()) walk(file);
      else if (rel === 'sw.js' || rel.startsWith('sw.js.')) continue;
      else hash.update(rel.startsWith(`assets${path.sep}`) ? `${rel}\n` : `${rel}\n${fs.readFileSync(file).toString('base64')}\n`);
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 12);
}

await bundle('app/sw/service-worker.ts', path.join(client, 'sw.js'), {
  platform: 'browser',
  format: 'iife',
  target: 'es2020',
  minify: true,
  define: { __HAAT_SW_VERSION__: JSON.stringify(versionOf(client)) },
});
