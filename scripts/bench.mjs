// `npm run bench [-- --db postgres] [--strict] [--duration 3] [--products 100000] [--no-cache]`
//
// Fills a scratch database with a 100,000-product shop, starts the built server on loopback
// and measures catalogue reads with autocannon (10 connections), each against the ceiling: a
// route of the same server that returns a constant (GET /bench/ceiling, only with HAAT_BENCH=1).
// Targets (SQLite): each read ≥ 30 % of the ceiling's requests/s with p99 < 50 ms; search p99 < 20 ms.
// `--strict` exits non-zero when a target is missed. `--no-cache` turns the server's answer cache
// off (HAAT_CATALOG_CACHE=0) to measure the queries themselves.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    strict: { type: 'boolean', default: false },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    products: { type: 'string', default: '100000' },
    'no-cache': { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PRODUCTS = Number(args.products);
const usePostgres = args.db === 'postgres' || args.db === 'pg';
const log = (...a) => console.error('bench:', ...a);

// ---------------------------------------------------------------- the server build
function serverEntry() {
  const buildDir = path.resolve(root, process.env.HAAT_BUILD_DIR ?? 'build');
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  if (built.status === 0 && fs.existsSync(path.join(buildDir, 'server-main.js'))) return { file: path.join(buildDir, 'server-main.js'), kind: 'full server (pages + API)' };
  // The page build can fail while the storefront is half-written; the API alone is enough here.
  log('the full build failed; benchmarking an API-only bundle of the same server code');
  const out = path.join(root, 'build-bench', 'api-server.mjs');
  const esbuild = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { build } from 'esbuild';
       await build({ stdin: { contents: ${JSON.stringify(API_ONLY_ENTRY)}, resolveDir: ${JSON.stringify(root)}, loader: 'ts', sourcefile: 'bench-api-server.ts' },
         outfile: ${JSON.stringify(out)}, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (esbuild.status !== 0) throw new Error('could not build the server');
  return { file: out, kind: 'API-only server (page build failed)' };
}

const API_ONLY_ENTRY = `
import { loadConfig } from './server/config';
import { openDatabase } from './server/db/database';
import { migrateToLatest } from './server/db/migrate';
import { createServices } from './server/services';
import { buildApp } from './server/app';
const config = loadConfig();
const database = openDatabase(config.databaseUrl, config.dataDir);
await migrateToLatest(database);
const app = await buildApp({ services: createServices(database, config), logger: { level: config.logLevel } });
process.on('SIGTERM', async () => { await app.close(); await database.close(); process.exit(0); });
await app.listen({ port: config.port, host: config.host });
`;

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitHealthy(base, child) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not become healthy in 60 s');
}

// ---------------------------------------------------------------- the scratch shop
const SECTIONS = ['স্কুল-কলেজ', 'প্রোগ্রামিং-ফ্রিল্যান্সিং', 'ইসলামিক', 'গল্প-উপন্যাস-কবিতা', 'বিসিএস-ব্যাংক', 'কম্পিটিটিভ-এক্সাম', 'মেডিকেল-নার্সিং', 'ইঞ্জিনিয়ারিং', 'আইন', 'বিবিএ-এমবিএ', 'ডিপার্টমেন্টাল', 'ইংলিশ-মিডিয়াম'];
/** The section that gets a quarter of all books: the "large section" of the benchmark. */
const LARGE_SECTION = 'গল্প-উপন্যাস-কবিতা';
const EN = ['Guide', 'Math', 'Physics', 'History', 'Story', 'River', 'Rain', 'Poems', 'Notes', 'Handbook', 'Basics', 'Advanced', 'Complete', 'Practice', 'Bangla', 'English', 'Science', 'Modern', 'Village', 'Evening'];
const BN = ['গাইড', 'গণিত', 'পদার্থবিজ্ঞান', 'ইতিহাস', 'গল্প', 'নদী', 'বৃষ্টি', 'কবিতা', 'নোট', 'হ্যান্ডবুক', 'সহজ', 'উচ্চতর', 'সম্পূর্ণ', 'অনুশীলন', 'বাংলা', 'ইংরেজি', 'বিজ্ঞান', 'আধুনিক', 'গ্রামের', 'সন্ধ্যার'];
const ENGLISH_WORD = 'guide';
const BENGALI_WORD = 'গণিত';

function prng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows of the scratch shop, the same on every run. Ids are assigned in insertion order from 1. */
function shop() {
  const categories = [{ name: 'বই', parent: null }];
  const sectionSubs = {};
  for (const s of SECTIONS) {
    categories.push({ name: s, parent: 1 });
    const sectionId = categories.length;
    sectionSubs[s] = [sectionId];
    for (const sub of ['প্রথম', 'দ্বিতীয়', 'তৃতীয়']) {
      categories.push({ name: `${s} ${sub}`, parent: sectionId });
      sectionSubs[s].push(categories.length);
    }
  }
  categories.push({ name: 'ইলেক্ট্রনিক্স', parent: null });
  const electronics = categories.length;
  categories.push({ name: 'স্টেশনারি', parent: null });
  const stationery = categories.length;
  const authors = Array.from({ length: 400 }, (_, i) => `Author ${i + 1} লেখক`);
  const publishers = Array.from({ length: 60 }, (_, i) => `Publisher ${i + 1} প্রকাশনী`);
  const rand = prng(42);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const start = Date.UTC(2024, 0, 1);
  const products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const r = rand();
    const type = r < 0.8 ? 'books' : r < 0.9 ? 'electronics' : 'stationary';
    let category;
    if (type === 'books') {
      const section = rand() < 0.25 ? LARGE_SECTION : pick(SECTIONS);
      category = pick(sectionSubs[section]);
    } else category = type === 'electronics' ? electronics : stationery;
    const w = [Math.floor(rand() * EN.length), Math.floor(rand() * EN.length), Math.floor(rand() * EN.length)];
    const ts = new Date(start + Math.floor(rand() * 3e10)).toISOString();
    products.push([
      type,
      `${w.map((k) => EN[k]).join(' ')} ${i + 1}`,
      `${w.map((k) => BN[k]).join(' ')} ${i + 1}`,
      category,
      type === 'books' ? 1 + Math.floor(rand() * authors.length) : null,
      type === 'books' ? 1 + Math.floor(rand() * publishers.length) : null,
      100 + Math.floor(rand() * 1900),
      Math.floor(rand() * 200),
      rand() < 0.97 ? 1 : 0,
      ts,
    ]);
  }
  return { categories, authors, publishers, products };
}

const PRODUCT_COLUMNS = ['type', 'english_title', 'bangla_title', 'category_id', 'author_id', 'publisher_id', 'regular_price', 'units_stock', 'is_active', 'updated_at'];

async function fillSqlite(file, data) {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(file);
  db.pragma('busy_timeout = 10000');
  // A scratch database: durability does not matter, speed does.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const now = new Date().toISOString();
  db.transaction(() => {
    const cat = db.prepare('insert into categories (name, parent_id, created_at) values (?, ?, ?)');
    for (const c of data.categories) cat.run(c.name, c.parent, now);
    for (const [table, names] of [['authors', data.authors], ['publishers', data.publishers]]) {
      const st = db.prepare(`insert into ${table} (name, description, alt_text, created_at, updated_at) values (?, '', '', ?, ?)`);
      for (const n of names) st.run(n, now, now);
    }
  })();
  const st = db.prepare(`insert into products (${PRODUCT_COLUMNS.join(', ')}, created_at) values (${PRODUCT_COLUMNS.map(() => '?').join(', ')}, ?)`);
  const chunk = 10_000;
  for (let i = 0; i < data.products.length; i += chunk) {
    db.transaction(() => {
      for (const p of data.products.slice(i, i + chunk)) st.run(...p, p[9]);
    })();
  }
  db.exec('analyze');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

async function fillPostgres(url, data) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = new Date().toISOString();
  await client.query('begin');
  await client.query('insert into categories (name, parent_id, created_at) select * from unnest($1::text[], $2::int[], $3::timestamptz[])', [
    data.categories.map((c) => c.name),
    data.categories.map((c) => c.parent),
    data.categories.map(() => now),
  ]);
  for (const [table, names] of [['authors', data.authors], ['publishers', data.publishers]]) {
    await client.query(`insert into ${table} (name, created_at, updated_at) select n, $2, $2 from unnest($1::text[]) n`, [names, now]);
  }
  const types = ['text', 'text', 'text', 'int', 'int', 'int', 'int', 'int', 'int', 'timestamptz'];
  const chunk = 10_000;
  for (let i = 0; i < data.products.length; i += chunk) {
    const rows = data.products.slice(i, i + chunk);
    const cols = PRODUCT_COLUMNS.map((_, k) => rows.map((r) => r[k]));
    await client.query(
      `insert into products (${PRODUCT_COLUMNS.join(', ')}, created_at) select *, u.updated_at from unnest(${types.map((t, k) => `$${k + 1}::${t}[]`).join(', ')}) as u(${PRODUCT_COLUMNS.join(', ')})`,
      cols,
    );
  }
  await client.query('commit');
  await client.query('analyze');
  await client.end();
}

// ---------------------------------------------------------------- measuring
function run(url, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  const { file: entry, kind } = serverEntry();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-bench-'));
  let pgDb = null;
  let databaseUrl;
  if (usePostgres) {
    const { default: pg } = await import('pg');
    pgDb = `haat_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: args['pg-url'] });
    await admin.connect();
    await admin.query(`create database ${pgDb}`);
    await admin.end();
    const u = new URL(args['pg-url']);
    u.pathname = `/${pgDb}`;
    databaseUrl = u.toString();
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0', HAAT_BENCH: '1', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  delete env.ADMIN_PHONE;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  if (args['no-cache']) env.HAAT_CATALOG_CACHE = '0';
  const child = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const cleanup = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgDb) {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: args['pg-url'] });
      await admin.connect();
      await admin.query(`drop database if exists ${pgDb} with (force)`);
      await admin.end();
    }
  };
  try {
    await waitHealthy(base, child);
    log(`server up (${kind}, ${usePostgres ? 'PostgreSQL' : 'SQLite'}${args['no-cache'] ? ', answer cache off' : ''}); filling ${PRODUCTS} products…`);
    const t0 = performance.now();
    const data = shop();
    if (usePostgres) await fillPostgres(databaseUrl, data);
    else await fillSqlite(path.join(dataDir, 'haat.db'), data);
    log(`filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const enc = encodeURIComponent;
    const endpoints = [
      { name: 'ceiling (constant route)', path: '/bench/ceiling', kind: 'ceiling' },
      { name: 'product list, page 50', path: '/api/product/?page=50', kind: 'read' },
      { name: 'books by price desc, page 3', path: '/all-product/books/?page=3&ordering=-regular_price', kind: 'read' },
      { name: 'large section + descendants, page 2', path: `/category-all-book/${enc(LARGE_SECTION)}/?page=2`, kind: 'read' },
      { name: `search English "${ENGLISH_WORD}"`, path: `/api/product/?search=${enc(ENGLISH_WORD)}`, kind: 'search' },
      { name: `search Bengali "${BENGALI_WORD}"`, path: `/api/product/?search=${enc(BENGALI_WORD)}`, kind: 'search' },
    ];
    for (const e of endpoints) {
      const t = performance.now();
      const res = await fetch(base + e.path);
      const body = await res.json();
      if (!res.ok) throw new Error(`${e.path} answered ${res.status}`);
      e.cold = performance.now() - t;
      e.count = body.count;
    }
    const rows = [];
    for (const e of endpoints) {
      await run(base + e.path, 1); // warm-up: JIT, caches
      const r = await run(base + e.path);
      if (r.non2xx || r.errors) log(`${e.path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      rows.push({ ...e, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    }
    const ceiling = rows[0].rps;
    let failed = 0;
    const table = rows.map((r) => {
      const ratio = r.rps / ceiling;
      let ok = true;
      if (r.kind === 'read') ok = ratio >= 0.3 && r.p99 < 50;
      if (r.kind === 'search') ok = r.p99 < 20;
      // The targets are set for SQLite; PostgreSQL figures are for information.
      if (!ok && !usePostgres) failed++;
      return {
        endpoint: r.name,
        path: r.path.length > 60 ? `${r.path.slice(0, 57)}…` : r.path,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'vs ceiling': `${(ratio * 100).toFixed(0)} %`,
        'first (cold) ms': r.cold.toFixed(1),
        count: r.count ?? '',
        target: r.kind === 'ceiling' ? '' : ok ? 'met' : usePostgres ? 'missed (info)' : 'MISSED',
      };
    });
    console.log(`\nHaat catalogue benchmark: ${PRODUCTS} products, ${usePostgres ? 'PostgreSQL' : 'SQLite'}, ${CONNECTIONS} connections × ${DURATION} s each, ${kind}${args['no-cache'] ? ', answer cache OFF' : ''}, node ${process.version}, ${os.cpus().length} CPUs`);
    console.table(table);
    console.log('targets (SQLite): reads ≥ 30 % of the ceiling and p99 < 50 ms; search p99 < 20 ms');
    if (failed) console.log(`${failed} target(s) missed${args.strict ? '' : ' (pass --strict to fail the run)'}`);
    process.exitCode = args.strict && failed ? 1 : 0;
  } finally {
    await cleanup();
  }
}

main()
  .then(async () => {
    // Issue 5: the same run also reports checkouts per second on both databases.
    if (process.argv.includes('--skip-checkout')) return;
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, [new URL('./bench-checkout.mjs', import.meta.url).pathname], { stdio: 'inherit' });
    if (result.status) process.exitCode = result.status;
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
