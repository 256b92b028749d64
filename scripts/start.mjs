// `npm start`: builds what is missing or out of date, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.HAAT_BUILD_DIR ?? 'build');
const stamp = path.join(buildDir, '.built');
const sources = ['app', 'server', 'domain', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!builtAt || changedAt > builtAt || !fs.existsSync(path.join(buildDir, 'server-main.js'))) {
  console.log('haat: building…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv.includes('--build-only')) process.exit(0);
// React renders in production mode unless told otherwise (development mode is several times slower).
process.env.NODE_ENV ??= 'production';
process.chdir(root);
await import(path.join(buildDir, 'server-main.js'));
