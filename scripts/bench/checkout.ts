/**
 * Checkouts per second (`node scripts/bench-checkout.mjs`, and the end of `npm run bench`).
 * Environment: BENCH_SECONDS (4), BENCH_WARMUP seconds of checkouts before the measured ones (0), BENCH_CONCURRENCY (16), BENCH_PRODUCTS (50), BENCH_PROMOTIONS (0), BENCH_DB=sqlite|postgres
 * (both), BENCH_CPU_PROF=DIR (each server process writes a V8 CPU profile there when it stops), BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
 * a database is made on that server for the run and dropped). For each database: a fresh migrated
 * database, BENCH_PRODUCTS products with plenty of stock, 200 signed-in customers, API server process(es)
 * on 127.0.0.1, and CONCURRENCY clients placing one-line orders for DURATION_MS. Afterwards it
 * checks that stock + units_sold still add up and that every 200 made exactly one order. Beside
 * checkouts/s it prints the CPU µs a checkout cost the server process(es) and PostgreSQL's backends
 * (cpu.ts, from /proc): on a shared machine the rate moves with the neighbours, the CPU much less.
 */
import fs from 'node:fs';
import { createTestDatabase } from '../../server/test/database';
import { bundleServer, startServer, type ServerProcess } from '../../server/test/harness/processes';
import { checkoutBody, insertCustomers, insertProduct } from '../../server/test/orders-fixtures';
import { TEST_CHECKOUT_LIMITS } from '../../server/test/app';
import { createSettingsService } from '../../server/settings/service';
import { cpuSeconds } from './cpu';

/**
 * CPU seconds so far of each PostgreSQL backend connected to `database`, by process id. Summed
 * per backend between two readings: a connection closed meanwhile (the benchmark's own pool's idle
 * ones) would otherwise take all its earlier CPU out of the sum.
 */
function backendSeconds(database: string): Map<number, number> {
  const found = new Map<number, number>();
  const title = new RegExp(`^postgres: (?:[^:]*: )?\\S+ ${database.replace(/\W/g, '\\$&')} `);
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (!title.test(fs.readFileSync(`/proc/${name}/cmdline`, 'utf8'))) continue;
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.set(Number(name), (Number(fields[11]) + Number(fields[12])) / 100); // USER_HZ, as cpu.ts
    } catch {
      // gone since the listing
    }
  }
  return found;
}

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 4) * 1000;
/** Checkouts placed first and not counted: the server's first ones compile its code and statements. */
const WARMUP_MS = Number(process.env.BENCH_WARMUP ?? 0) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const CUSTOMERS = 200;
/** Orders spread over this many products; 1 makes every checkout wait on the same row (a hot product). */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50);
/** Automatic promotions every order is priced with (0: none). */
const PROMOTIONS = Number(process.env.BENCH_PROMOTIONS ?? 0);
const STOCK = 1_000_000;
const CPU_PROF = process.env.BENCH_CPU_PROF;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Result {
  database: string;
  processes: number;
  products: number;
  concurrency: number;
  seconds: number;
  checkouts: number;
  per_second: number;
  p50_ms: number;
  p99_ms: number;
  /** CPU µs a checkout cost the server process(es), and PostgreSQL's backends (null: SQLite, or no /proc). */
  server_us: number | null;
  database_us: number | null;
  errors: number;
  consistent: boolean;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

async function run(dialect: 'sqlite' | 'postgres', processes: number, bundle: string): Promise<Result> {
  const database = await createTestDatabase({ postgres: dialect === 'postgres' && PG_URL });
  const servers: ServerProcess[] = [];
  try {
    const products: number[] = [];
    for (let i = 0; i < PRODUCTS; i++) products.push(await insertProduct(database.db, { units_stock: STOCK, regular_price: 350 }));
    const customers = await insertCustomers(database.db, CUSTOMERS, '0181');
    // The shop's anti-automation limits (3 open unpaid orders, 10 checkouts an hour) would refuse
    // a load test's customers after their first few orders: this measures checkout, not them.
    await createSettingsService(database.db).update(TEST_CHECKOUT_LIMITS);
    // BENCH_PROMOTIONS automatic promotions that every order is priced with (the promotions' cost).
    const now = new Date().toISOString();
    for (let i = 0; i < PROMOTIONS; i++) {
      await database.db
        .insertInto('promotions')
        .values({ name: `Bench ${i}`, kind: i % 2 ? 'percentage' : 'fixed', value: 5 + (i % 10), get_products: '[]', applies_to: i % 3 ? JSON.stringify({ types: ['books'] }) : '{}', min_subtotal: 0, buy_quantity: null, get_quantity: null, starts_at: null, ends_at: null, usage_limit: null, per_customer_limit: null, code: null, is_active: 1, created_at: now, updated_at: now })
        .execute();
    }
    const nodeArgs = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
    for (let i = 0; i < processes; i++) servers.push(await startServer(bundle, database.url, database.dataDir, { nodeArgs }));
    const databaseName = dialect === 'postgres' ? new URL(database.url).pathname.slice(1) : null;
    const cpu = () => {
      const each = servers.map((s) => cpuSeconds(s.child.pid!, null));
      if (each.some((c) => c === null)) return null;
      return { server: each.reduce((sum, c) => sum + c!.server, 0), backends: databaseName ? backendSeconds(databaseName) : null };
    };
    const bodies = products.map((product) => JSON.stringify(checkoutBody([{ product, quantity: 1 }])));
    let latencies: number[] = [];
    let errors = 0;
    let n = 0;
    const load = (ms: number) => {
      const deadline = performance.now() + ms;
      return Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, worker) => {
          while (performance.now() < deadline) {
            const i = n++;
            const customer = customers[(worker + i) % CUSTOMERS]!;
            const t0 = performance.now();
            const res = await fetch(`http://127.0.0.1:${servers[i % servers.length]!.port}/checkout/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
              body: bodies[i % bodies.length]!,
            });
            await res.arrayBuffer();
            if (res.status === 200) latencies.push(performance.now() - t0);
            else errors++;
          }
        }),
      );
    };
    if (WARMUP_MS > 0) await load(WARMUP_MS);
    const warm = latencies.length;
    latencies = [];
    const started = performance.now();
    const cpuBefore = cpu();
    await load(DURATION_MS);
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpu();
    const perCheckout = (seconds: number | null) => (seconds === null || latencies.length === 0 ? null : Math.round((seconds * 1e6) / latencies.length));
    const serverSeconds = cpuBefore && cpuAfter ? cpuAfter.server - cpuBefore.server : null;
    let databaseSeconds: number | null = null;
    if (cpuBefore?.backends && cpuAfter?.backends) {
      databaseSeconds = 0;
      for (const [pid, seconds] of cpuAfter.backends) databaseSeconds += seconds - (cpuBefore.backends.get(pid) ?? 0);
    }
    const row = await database.db
      .selectFrom('products')
      .select((eb) => [eb.fn.sum<number>('units_stock').as('units_stock'), eb.fn.sum<number>('units_sold').as('units_sold')])
      .executeTakeFirstOrThrow();
    const orders = await database.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    latencies.sort((a, b) => a - b);
    return {
      database: dialect,
      processes,
      products: PRODUCTS,
      concurrency: CONCURRENCY,
      seconds: Math.round(seconds * 10) / 10,
      checkouts: latencies.length,
      per_second: Math.round(latencies.length / seconds),
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      server_us: perCheckout(serverSeconds),
      database_us: perCheckout(databaseSeconds),
      errors,
      consistent: Number(row.units_stock) + Number(row.units_sold) === STOCK * PRODUCTS && Number(row.units_sold) === warm + latencies.length && Number(orders.n) === warm + latencies.length,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.destroy();
  }
}

export async function main() {
  const bundle = await bundleServer();
  const only = process.env.BENCH_DB;
  const results: Result[] = [];
  try {
    if (!only || only === 'sqlite') results.push(await run('sqlite', 1, bundle));
    if (!only || only === 'postgres') {
      try {
        results.push(await run('postgres', 1, bundle));
        results.push(await run('postgres', 2, bundle));
      } catch (error) {
        console.error(`PostgreSQL skipped (${PG_URL}): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    fs.rmSync(bundle, { force: true });
  }
  console.table(results);
  console.log(JSON.stringify({ bench: 'checkout', results }));
  const bad = results.filter((r) => !r.consistent || r.errors > 0);
  if (bad.length) {
    console.error('checkout bench: errors or inconsistent stock', bad);
    process.exitCode = 1;
  }
}
