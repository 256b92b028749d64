/**
 * `npm run bench [-- --db postgres] [--strict] [--no-cache] [--duration 3] [--connections 10]
 * [--products 100000] [--pg-url URL] [--skip-checkout]`
 *
 * Fills a scratch database with a 100,000-product shop, starts the server on loopback in a
 * process of its own and measures catalogue reads with autocannon (10 connections), each against
 * the ceiling: a route of the same server that returns a constant (server.ts adds it).
 * Targets (SQLite): each read ≥ 30 % of the ceiling's requests/s with p99 < 50 ms; search
 * p99 < 20 ms. `--strict` exits non-zero when a target is missed. `--no-cache` turns the
 * server's answer cache off (HAAT_CATALOG_CACHE=0) to measure the queries themselves.
 * Then the checkout benchmark (checkout.ts) runs, unless `--skip-checkout`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { createTestDatabase } from '../../server/test/database';
import { bundleServer, projectRoot, startServer, type ServerProcess } from '../../server/test/harness/processes';
import { BENGALI_WORD, ENGLISH_WORD, LARGE_SECTION, fillShop, makeShop } from './shop';
import { main as checkoutBench } from './checkout';

interface Endpoint {
  name: string;
  path: string;
  kind: 'ceiling' | 'read' | 'search';
}

const enc = encodeURIComponent;
const ENDPOINTS: Endpoint[] = [
  { name: 'ceiling (constant route)', path: '/bench/ceiling', kind: 'ceiling' },
  { name: 'product list, page 50', path: '/api/product/?page=50', kind: 'read' },
  { name: 'books by price desc, page 3', path: '/all-product/books/?page=3&ordering=-regular_price', kind: 'read' },
  { name: 'large section + descendants, page 2', path: `/category-all-book/${enc(LARGE_SECTION)}/?page=2`, kind: 'read' },
  { name: `search English "${ENGLISH_WORD}"`, path: `/api/product/?search=${enc(ENGLISH_WORD)}`, kind: 'search' },
  { name: `search Bengali "${BENGALI_WORD}"`, path: `/api/product/?search=${enc(BENGALI_WORD)}`, kind: 'search' },
];

const log = (...parts: unknown[]) => console.error('bench:', ...parts);

function readArgs() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'sqlite' },
      strict: { type: 'boolean', default: false },
      duration: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      products: { type: 'string', default: '100000' },
      'no-cache': { type: 'boolean', default: false },
      'skip-checkout': { type: 'boolean', default: false },
      'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    },
  });
  return {
    postgres: values.db === 'postgres' || values.db === 'pg' ? values['pg-url'] : false,
    strict: values.strict,
    duration: Number(values.duration),
    connections: Number(values.connections),
    products: Number(values.products),
    noCache: values['no-cache'],
    skipCheckout: values['skip-checkout'],
  } as const;
}

/**
 * Builds what `npm start` runs and answers the build folder, so the server serves its pages as
 * in production; null when the page build fails (the storefront may be half-written), and the
 * API alone is measured.
 */
function buildPages(): string | null {
  const root = projectRoot();
  const buildDir = path.resolve(root, process.env.HAAT_BUILD_DIR ?? 'build');
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status === 0 && fs.existsSync(path.join(buildDir, 'server/index.js'))) return buildDir;
  log('the page build failed; benchmarking the API alone (the same server code)');
  return null;
}

function load(url: string, connections: number, duration: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

interface Row extends Endpoint {
  cold: number;
  count: unknown;
  rps: number;
  p50: number;
  p99: number;
}

/** The first (cold) answer of every endpoint, then each under load after a one-second warm-up. */
async function measure(base: string, connections: number, duration: number): Promise<Row[]> {
  const cold: { ms: number; count: unknown }[] = [];
  for (const e of ENDPOINTS) {
    const t = performance.now();
    const res = await fetch(base + e.path);
    const body = (await res.json()) as { count?: unknown };
    if (!res.ok) throw new Error(`${e.path} answered ${res.status}`);
    cold.push({ ms: performance.now() - t, count: body.count });
  }
  const rows: Row[] = [];
  for (const [i, e] of ENDPOINTS.entries()) {
    await load(base + e.path, connections, 1); // warm-up: JIT, caches
    const r = await load(base + e.path, connections, duration);
    if (r.non2xx || r.errors) log(`${e.path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push({ ...e, cold: cold[i]!.ms, count: cold[i]!.count, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
  }
  return rows;
}

/** The report's table and how many targets were missed (targets are set for SQLite; PostgreSQL's figures are for information). */
function report(rows: Row[], postgres: boolean) {
  const ceiling = rows.find((r) => r.kind === 'ceiling')!.rps;
  let missed = 0;
  const table = rows.map((r) => {
    const ratio = r.rps / ceiling;
    const ok = r.kind === 'read' ? ratio >= 0.3 && r.p99 < 50 : r.kind === 'search' ? r.p99 < 20 : true;
    if (!ok && !postgres) missed++;
    return {
      endpoint: r.name,
      path: r.path.length > 60 ? `${r.path.slice(0, 57)}…` : r.path,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs ceiling': `${(ratio * 100).toFixed(0)} %`,
      'first (cold) ms': r.cold.toFixed(1),
      count: r.count ?? '',
      target: r.kind === 'ceiling' ? '' : ok ? 'met' : postgres ? 'missed (info)' : 'MISSED',
    };
  });
  return { table, missed };
}

export async function main() {
  const args = readArgs();
  const dbName = args.postgres ? 'PostgreSQL' : 'SQLite';
  const pagesDir = buildPages();
  const kind = pagesDir ? 'full server (pages + API)' : 'API-only server (page build failed)';
  const bundle = await bundleServer('scripts/bench/server.ts');
  const database = await createTestDatabase({ postgres: args.postgres });
  let server: ServerProcess | undefined;
  try {
    log(`filling ${args.products} products (${dbName})…`);
    const t0 = performance.now();
    await fillShop(database.db, makeShop(args.products));
    // The servers open their own connections; on SQLite closing this one also checkpoints the write-ahead log.
    await database.close();
    log(`filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    server = await startServer(bundle, database.url, database.dataDir, {
      args: pagesDir ? ['--pages', pagesDir] : [],
      env: { NODE_ENV: 'production', ...(args.noCache ? { HAAT_CATALOG_CACHE: '0' } : {}) },
    });
    log(`server up (${kind}, ${dbName}${args.noCache ? ', answer cache off' : ''})`);
    const rows = await measure(`http://127.0.0.1:${server.port}`, args.connections, args.duration);
    const { table, missed } = report(rows, !!args.postgres);
    console.log(
      `\nHaat catalogue benchmark: ${args.products} products, ${dbName}, ${args.connections} connections × ${args.duration} s each, ${kind}${args.noCache ? ', answer cache OFF' : ''}, node ${process.version}, ${os.cpus().length} CPUs`,
    );
    console.table(table);
    console.log('targets (SQLite): reads ≥ 30 % of the ceiling and p99 < 50 ms; search p99 < 20 ms');
    if (missed) console.log(`${missed} target(s) missed${args.strict ? '' : ' (pass --strict to fail the run)'}`);
    process.exitCode = args.strict && missed ? 1 : 0;
  } finally {
    await server?.stop();
    fs.rmSync(bundle, { force: true });
    await database.destroy();
  }
  // The same run also reports checkouts per second on both databases.
  if (!args.skipCheckout) await checkoutBench();
}
