/** Starts server processes on one database (for the concurrency test and the benchmarks). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The project root: the nearest folder up with package.json outside node_modules (this file may run from a bundle there). */
export function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) || dir.includes(`${path.sep}node_modules${path.sep}`)) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

/**
 * Node's own options that `npm start` runs the server with (package.json's start script: V8's
 * young generation capped, docs/operations.md#memory), so tests and benchmarks start it the same way.
 */
export function startNodeFlags(root = projectRoot()): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.trim().split(/\s+/);
  const script = words.indexOf('scripts/start.mjs');
  if (words[0] !== 'node' || script < 0) throw new Error(`package.json's start script is not "node [flags] scripts/start.mjs": ${pkg.scripts.start}`);
  return words.slice(1, script);
}

/**
 * Bundles a server entry (by default the bare API server, serve.ts; a path from the project
 * root) for `startServer`, into node_modules/.cache so that its packages resolve from the
 * project. The caller removes the file.
 */
export async function bundleServer(entry = 'server/test/harness/serve.ts'): Promise<string> {
  const root = projectRoot();
  const outfile = path.join(root, 'node_modules/.cache/haat', `${path.basename(entry, '.ts')}-${process.pid}.mjs`);
  await build({ entryPoints: [path.join(root, entry)], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  return outfile;
}

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** More arguments after the database and the data folder. */
  args?: string[];
  /** Environment on top of this process's (NODE_ENV is `test` unless given here). */
  env?: NodeJS.ProcessEnv;
  /** Node's own options before the bundle (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}

/** Runs `bundle` and waits for its `LISTENING <port>` line (20 s at most). */
export function startServer(bundle: string, databaseUrl: string, dataDir: string, opts: StartOptions = {}): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), bundle, databaseUrl, dataDir, ...(opts.args ?? [])], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'test', ...opts.env },
    });
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
