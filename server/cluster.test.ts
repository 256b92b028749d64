/**
 * The real server entry (server/main.ts, bundled as `npm run build` bundles it, with a stand-in
 * for the pages' build) started with WEB_CONCURRENCY=2: on PostgreSQL two worker processes answer
 * and the primary prepared the database once; on SQLite one process runs and says why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from './test/database';
import { projectRoot } from './test/harness/processes';
import { restartDelay, serverProcesses } from './cluster';

describe('serverProcesses and restartDelay', () => {
  it('runs WEB_CONCURRENCY processes on PostgreSQL, one on SQLite with the reason', () => {
    expect(serverProcesses(1, 'postgres')).toEqual({ count: 1 });
    expect(serverProcesses(4, 'postgres')).toEqual({ count: 4 });
    expect(serverProcesses(1, 'sqlite')).toEqual({ count: 1 });
    expect(serverProcesses(3, 'sqlite')).toMatchObject({ count: 1, warning: expect.stringMatching(/SQLite allows one writer process/) });
  });

  it('a worker that keeps dying is replaced ever more slowly, up to 30 s', () => {
    expect([0, 1, 2, 3, 6, 20].map(restartDelay)).toEqual([1000, 1000, 2000, 4000, 30_000, 30_000]);
  });
});

let dir: string;
let entry: string;

beforeAll(async () => {
  dir = path.join(projectRoot(), 'node_modules/.cache/haat', `cluster-${process.pid}`);
  entry = path.join(dir, 'server-main.mjs');
  await build({ entryPoints: [path.join(projectRoot(), 'server/main.ts')], outfile: entry, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  // The pages' build stands in empty: these checks ask only /healthz.
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'server/index.js'), 'export const routes = {};\n');
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

interface Started {
  child: ChildProcess;
  port: number;
  lines: () => { msg?: string; pid?: number; [k: string]: unknown }[];
  waitFor(test: () => boolean, ms?: number): Promise<void>;
}

async function startEntry(database: TestDatabase): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: projectRoot(),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: database.dialect === 'postgres' ? database.url : '', DATA_DIR: database.dataDir, PORT: String(port), HOST: '127.0.0.1', WEB_CONCURRENCY: '2', DEMO_DATA: '1', LOG_LEVEL: 'info' },
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const lines = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; pid?: number });
  const waitFor = async (test: () => boolean, ms = 60_000) => {
    const until = Date.now() + ms;
    while (!test()) {
      if (Date.now() > until || child.exitCode !== null) throw new Error(`gave up waiting; the server said:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, port, lines, waitFor };
}

const count = (s: Started, msg: string) => s.lines().filter((l) => l.msg === msg).length;

/** GET /healthz on a new connection each time (the cluster deals connections, not requests). */
function health(port: number): Promise<{ status: number; worker: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, worker: res.headers['x-haat-worker'] as string | undefined }));
      })
      .on('error', reject);
  });
}

function stopped(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe.skipIf(testDialect !== 'postgres')('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database.destroy());

  it('the primary prepares the database once, two workers answer, a dead one is replaced, SIGTERM stops them all', async () => {
    const server = await startEntry(database);
    try {
      await server.waitFor(() => count(server, 'haat is ready') === 2);
      expect(count(server, 'demo shop loaded')).toBe(1);
      const answers = await Promise.all(Array.from({ length: 20 }, () => health(server.port)));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(new Set(answers.map((a) => a.worker)).size).toBe(2);

      const workerPids = server.lines().filter((l) => l.msg === 'haat is ready').map((l) => l.pid!);
      expect(workerPids).not.toContain(server.child.pid);
      process.kill(workerPids[0]!, 'SIGKILL');
      await server.waitFor(() => count(server, 'haat is ready') === 3, 20_000);
      expect(count(server, 'a server process stopped; starting another')).toBe(1);

      expect(await stopped(server.child)).toBe(0);
      const alive = server.lines().filter((l) => l.msg === 'haat is ready').map((l) => l.pid!).filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
      expect(alive).toEqual([]);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 90_000);
});

describe.skipIf(testDialect !== 'sqlite')('WEB_CONCURRENCY=2 on SQLite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false, postgres: false });
    await database.close();
  });
  afterAll(() => database.destroy());

  it('runs one process and logs why', async () => {
    const server = await startEntry(database);
    try {
      await server.waitFor(() => count(server, 'haat is ready') === 1);
      const warning = server.lines().find((l) => l.level === 40 && /WEB_CONCURRENCY/.test(l.msg ?? ''));
      expect(warning?.msg).toMatch(/SQLite allows one writer process, so Haat runs 1 server process/);
      const answer = await health(server.port);
      expect(answer).toEqual({ status: 200, worker: undefined });
      expect(server.lines().find((l) => l.msg === 'haat is ready')?.pid).toBe(server.child.pid);
      expect(await stopped(server.child)).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 90_000);
});
