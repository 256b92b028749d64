/**
 * `npm run bench -- --overhead [--rounds 3] [--duration 3] [--connections 10] [--strict] [--cpu-prof DIR] [--only TEXT] [--hooks]`
 *
 * What the shop's own machinery costs every request: the shop (every plugin and hook, the pages
 * mounted, the request log at `info` written to /dev/null) beside a bare Fastify 5 route answering
 * `{"status":"ok"}` from the same node_modules, each in a process of its own, measured in turn with
 * autocannon (10 connections) for `--rounds` alternating rounds. Prints each answer's requests/s as
 * a share of the bare route's in the same round (medians over the rounds), the server CPU µs a
 * request, and the bytes of headers on each answer.
 * Goals (issue 32): `/healthz` ≥ 40 % of the bare route, a cached product ≥ 30 %, a cached list
 * page ≥ 25 %, at most 700 bytes of headers on a JSON answer. `--strict` exits non-zero when missed.
 * `--hooks`: instead, what each of the shop's global hooks costs alone: the bare route with that one
 * hook, beside the bare route, in alternating rounds (overhead-servers.ts HOOKS).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { createTestDatabase } from '../../server/test/database';
import { createSearchStrategy } from '../../server/catalog/search/create-strategy';
import { bundleServer, projectRoot, startNodeFlags } from '../../server/test/harness/processes';
import { fillShop, makeShop } from './shop';
import { cpuSeconds } from './cpu';
import { HOOKS } from './overhead-hooks';

const log = (...parts: unknown[]) => console.error('bench overhead:', ...parts);

interface Target {
  name: string;
  path: string;
  /** The least share of the bare route's requests/s (0 for an answer only reported). */
  goal: number;
}

const TARGETS: Target[] = [
  { name: '/healthz', path: '/healthz', goal: 0.4 },
  { name: 'cached product', path: '/api/product/{id}/', goal: 0.3 },
  { name: 'cached list page', path: '/api/product/?page=1', goal: 0.25 },
];
const HEADER_BYTES_GOAL = 700;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a process of overhead-servers.ts (its stdout, the request log, to /dev/null) and waits until it answers. */
async function start(bundle: string, args: string[], nodeArgs: string[] = []): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, bundle, args[0]!, String(port), ...args.slice(1)], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`${args[0]} server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${args[0]} server did not start`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

function load(url: string, connections: number, duration: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Requests/s and server CPU µs a request of one load, after a one-second warm-up. */
async function measure(url: string, pid: number, connections: number, duration: number) {
  await load(url, connections, 1);
  const before = cpuSeconds(pid, null);
  const r = await load(url, connections, duration);
  const after = cpuSeconds(pid, null);
  if (r.non2xx || r.errors) log(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, cpuUs: before && after && r.requests.total ? ((after.server - before.server) * 1e6) / r.requests.total : null };
}

/** The bytes of the status line and headers of one answer, as a client without cookies receives them. */
function headerBytes(base: string, target: string): Promise<{ bytes: number; names: string[] }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = text.slice(0, end + 4);
      socket.destroy();
      resolve({ bytes: head.length, names: head.split('\r\n').slice(1, -2).map((line) => line.split(':')[0]!.toLowerCase()) });
    });
    socket.on('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function buildPages(): string | null {
  const root = projectRoot();
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  const dir = path.join(root, 'build');
  return built.status === 0 && fs.existsSync(path.join(dir, 'server/index.js')) ? dir : null;
}

export async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--overhead'),
    options: { rounds: { type: 'string', default: '3' }, duration: { type: 'string', default: '3' }, connections: { type: 'string', default: '10' }, strict: { type: 'boolean', default: false }, 'cpu-prof': { type: 'string' }, only: { type: 'string' }, hooks: { type: 'boolean', default: false } },
  });
  const rounds = Number(values.rounds);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  if (values.hooks) return hookCosts(rounds, duration, connections);
  const pages = buildPages();
  const bundle = await bundleServer('scripts/bench/overhead-servers.ts');
  const database = await createTestDatabase();
  const servers: ChildProcess[] = [];
  try {
    await fillShop(database.db, makeShop(2_000));
    await createSearchStrategy(database.db, database.dialect).refresh();
    await database.close();
    const file = database.url.replace(/^sqlite:/, '');
    const bare = await start(bundle, ['bare']);
    // `--cpu-prof DIR`: the shop's process writes a V8 CPU profile there when it stops.
    const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : [];
    // The shop runs with the Node options `npm start` gives it (package.json); the bare route with none.
    const shop = await start(bundle, ['shop', file, database.dataDir, ...(pages ? [pages] : [])], [...startNodeFlags(), ...profile]);
    servers.push(bare.child, shop.child);
    const list = (await (await fetch(`${shop.base}/api/product/?page=1`)).json()) as { results: { id: number }[] };
    // `--only TEXT`: only the answers whose name holds TEXT (to profile one).
    const targets = TARGETS.filter((t) => !values.only || t.name.includes(values.only));
    const paths = targets.map((t) => t.path.replace('{id}', String(list.results[0]!.id)));
    const rows = targets.map(() => ({ share: [] as number[], rps: [] as number[], cpu: [] as number[] }));
    const bareRows = { rps: [] as number[], cpu: [] as number[] };
    for (let round = 1; round <= rounds; round++) {
      log(`round ${round} of ${rounds}`);
      const ceiling = await measure(`${bare.base}/healthz`, bare.child.pid!, connections, duration);
      bareRows.rps.push(ceiling.rps);
      if (ceiling.cpuUs !== null) bareRows.cpu.push(ceiling.cpuUs);
      for (const [i, p] of paths.entries()) {
        const m = await measure(shop.base + p, shop.child.pid!, connections, duration);
        rows[i]!.rps.push(m.rps);
        rows[i]!.share.push(m.rps / ceiling.rps);
        if (m.cpuUs !== null) rows[i]!.cpu.push(m.cpuUs);
      }
    }
    const heads = await Promise.all(paths.map((p) => headerBytes(shop.base, p)));
    const bareHead = await headerBytes(bare.base, '/healthz');
    const page = pages ? await headerBytes(shop.base, '/') : null;
    let missed = 0;
    const table = [
      { answer: 'bare Fastify /healthz', 'req/s': Math.round(median(bareRows.rps)), 'share of bare': '100 %', 'server CPU µs/req': bareRows.cpu.length ? Math.round(median(bareRows.cpu)) : '', 'header bytes': bareHead.bytes, goal: '' },
      ...targets.map((t, i) => {
        const share = median(rows[i]!.share);
        const jsonOk = heads[i]!.bytes <= HEADER_BYTES_GOAL;
        const ok = share >= t.goal && jsonOk;
        if (!ok) missed++;
        return {
          answer: `shop ${t.name}`,
          'req/s': Math.round(median(rows[i]!.rps)),
          'share of bare': `${(share * 100).toFixed(0)} % (${rows[i]!.share.map((s) => (s * 100).toFixed(0)).join(', ')})`,
          'server CPU µs/req': rows[i]!.cpu.length ? Math.round(median(rows[i]!.cpu)) : '',
          'header bytes': heads[i]!.bytes,
          goal: `≥ ${t.goal * 100} %, ≤ ${HEADER_BYTES_GOAL} B: ${ok ? 'met' : 'MISSED'}`,
        };
      }),
    ];
    console.log(`\nHaat per-request overhead: ${rounds} alternating rounds × ${duration} s, ${connections} connections, SQLite, ${pages ? 'pages mounted' : 'API only (page build failed)'}, node ${process.version}, ${os.cpus().length} CPUs; medians (each round's share in brackets)`);
    console.table(table);
    console.log(`headers on a JSON answer: ${heads.at(-1)!.names.join(', ')}`);
    if (page) console.log(`headers on a page (/): ${page.bytes} bytes: ${page.names.join(', ')}`);
    if (missed) console.log(`${missed} goal(s) missed${values.strict ? '' : ' (pass --strict to fail the run)'}`);
    process.exitCode = values.strict && missed ? 1 : 0;
  } finally {
    await Promise.all(servers.map(stop));
    fs.rmSync(bundle, { force: true });
    await database.destroy();
  }
}

/** Each global hook alone on the bare route, against the bare route, in alternating rounds. */
async function hookCosts(rounds: number, duration: number, connections: number) {
  const bundle = await bundleServer('scripts/bench/overhead-servers.ts');
  const names = [...Object.keys(HOOKS), 'request log'];
  const servers: ChildProcess[] = [];
  try {
    const bare = await start(bundle, ['bare']);
    servers.push(bare.child);
    const variants = [];
    for (const name of names) {
      const variant = await start(bundle, ['bare', name]);
      servers.push(variant.child);
      variants.push(variant);
    }
    const bareRps: number[] = [];
    const bareCpu: number[] = [];
    const rows = names.map(() => ({ share: [] as number[], cpu: [] as number[] }));
    for (let round = 1; round <= rounds; round++) {
      log(`hooks: round ${round} of ${rounds}`);
      const ceiling = await measure(`${bare.base}/healthz`, bare.child.pid!, connections, duration);
      bareRps.push(ceiling.rps);
      if (ceiling.cpuUs !== null) bareCpu.push(ceiling.cpuUs);
      for (const [i, v] of variants.entries()) {
        const m = await measure(`${v.base}/healthz`, v.child.pid!, connections, duration);
        rows[i]!.share.push(m.rps / ceiling.rps);
        if (m.cpuUs !== null) rows[i]!.cpu.push(m.cpuUs);
      }
    }
    const base = bareCpu.length ? median(bareCpu) : null;
    console.log(`\nWhat each global hook costs alone: the bare route with that hook, ${rounds} alternating rounds × ${duration} s, ${connections} connections; medians`);
    console.table([
      { hook: '(none: bare Fastify)', 'req/s share': '100 %', 'server CPU µs/req': base === null ? '' : Math.round(base), 'added µs/req': '' },
      ...names.map((name, i) => {
        const cpu = rows[i]!.cpu.length ? median(rows[i]!.cpu) : null;
        return { hook: name, 'req/s share': `${(median(rows[i]!.share) * 100).toFixed(0)} %`, 'server CPU µs/req': cpu === null ? '' : Math.round(cpu), 'added µs/req': cpu === null || base === null ? '' : Math.round(cpu - base) };
      }),
    ]);
  } finally {
    await Promise.all(servers.map(stop));
    fs.rmSync(bundle, { force: true });
  }
}
