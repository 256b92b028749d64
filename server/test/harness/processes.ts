/** Starts API server processes on one database (for the concurrency test and the benchmark). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The project root: the nearest folder up with package.json (this file may run from a bundle elsewhere). */
function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) || dir.includes(`${path.sep}node_modules${path.sep}`)) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}
const ROOT = projectRoot();

/** Bundles serve.ts (packages stay external) into node_modules/.cache so its imports resolve from the project. */
export async function bundleServer(): Promise<string> {
  const outfile = path.join(ROOT, 'node_modules/.cache/haat-orders', `serve-${process.pid}.mjs`);
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  await build({
    entryPoints: [path.join(ROOT, 'server/test/harness/serve.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function startServer(bundle: string, databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, databaseUrl, dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'test' } });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${err}`));
    }, 20_000);
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /LISTENING (\d+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        port: Number(match[1]),
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(kill);
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
}
