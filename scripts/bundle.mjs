// Node 20 runs no TypeScript, so the TypeScript programs started from here are bundled with
// esbuild first: the server build and the benchmarks. (Server processes that tests start are
// bundled by server/test/harness/processes.ts.) Packages stay external and load from the
// project's node_modules at run time.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Bundles `entry` into `outfile` (both relative to the project root); answers the bundle's absolute path. */
export async function bundle(entry, outfile, options = {}) {
  const out = path.resolve(root, outfile);
  await build({
    entryPoints: [path.resolve(root, entry)],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    ...options,
  });
  return out;
}

/**
 * Bundles a TypeScript script into node_modules/.cache (so that its packages resolve from the
 * project), runs its exported `main()` in this process and removes the bundle.
 */
export async function runScript(entry) {
  const file = await bundle(entry, path.join('node_modules/.cache/haat', `${path.basename(entry, '.ts')}-${process.pid}.mjs`));
  try {
    const { main } = await import(pathToFileURL(file).href);
    await main();
  } finally {
    fs.rmSync(file, { force: true });
  }
}
