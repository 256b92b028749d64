/**
 * The reports benchmark (issue 35), the last part of `npm run bench` (skip it with
 * `--skip-reports`) or alone with `node scripts/bench-reports.mjs [--db postgres] [--strict]
 * [--orders 30000] [--runs 7] [--report-products 2000] [--pg-url URL]`.
 *
 * Fills a scratch database with a 2,000-product shop (shop.ts) and 30,000 orders spread over the
 * last 365 Dhaka days, written in typed batches: one to three lines each, statuses, sources,
 * payment options, couriers, discounts and delivery as a shop has them, refunds by hand for
 * returned orders, purchase prices for four products in five. Then it asks each report through
 * the API in this process (the server's own buildApp, an owner's session) over the whole year,
 * once to warm up and `--runs` times more, and prints the median and the slowest. The target:
 * every report's median under 300 ms (`--strict` exits non-zero when one is over). The orders
 * export (the last 30 days, and every order) is timed too, for information (a download, not a screen).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, OrderTable } from '../../server/db/schema';
import { createTestDatabase } from '../../server/test/database';
import { loadConfig } from '../../server/config';
import { createServices } from '../../server/services';
import { buildApp } from '../../server/app';
import { signInUser } from '../../server/test/app';
import { ORDER_ROW } from '../../server/test/orders-fixtures';
import { addDays, dhakaDayOf } from '../../domain/reports';
import { fillShop, makeShop } from './shop';

const TARGET_MS = 300;
/** Orders per INSERT: about 30 columns × 500 stays under both databases' limit on bound parameters. */
const BATCH = 500;
const log = (...parts: unknown[]) => console.error('bench reports:', ...parts);

function readArgs() {
  // Not strict: `npm run bench` hands the catalogue benchmark's flags along too.
  const { values } = parseArgs({
    strict: false,
    options: {
      db: { type: 'string', default: 'sqlite' },
      strict: { type: 'boolean', default: false },
      orders: { type: 'string', default: '30000' },
      'report-products': { type: 'string', default: '2000' },
      runs: { type: 'string', default: '7' },
      'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    },
  });
  const db = String(values.db);
  return {
    postgres: db === 'postgres' || db === 'pg' ? String(values['pg-url']) : false,
    strict: values.strict === true,
    orders: Number(values.orders),
    products: Number(values['report-products']),
    runs: Math.max(1, Number(values.runs)),
  } as const;
}

/** A small seeded generator (mulberry32), so the orders are the same on every run. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Status = OrderTable['status'];

/** 30,000 orders over the year before now, with their lines and the refunds of the returned ones. */
async function fillOrders(db: Kysely<DB>, count: number, nowMs: number): Promise<void> {
  const products = await db.selectFrom('products').select(['id', 'regular_price', 'type', 'english_title']).orderBy('id').execute();
  const rand = prng(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const YEAR_MS = 365 * 24 * 3600_000;
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    const lines: { product: (typeof products)[number]; quantity: number }[][] = [];
    const orders: Insertable<OrderTable>[] = [];
    for (let i = 0; i < n; i++) {
      const these = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({ product: pick(products), quantity: 1 + Math.floor(rand() * 2) }));
      lines.push(these);
      const subtotal = these.reduce((s, l) => s + l.quantity * l.product.regular_price, 0);
      const r = rand();
      const status: Status = r < 0.8 ? 'Delivered' : r < 0.88 ? 'Pending' : r < 0.95 ? 'Cancelled' : 'Returned';
      const counter = rand() < 0.05;
      const delivery = counter ? 0 : pick([60, 60, 120, 130]);
      const discount = rand() < 0.15 ? Math.round(subtotal * 0.1) : 0;
      const total = subtotal + delivery - discount;
      const at = new Date(nowMs - rand() * YEAR_MS).toISOString();
      const shipped = !counter && (status === 'Delivered' || status === 'Returned');
      orders.push({
        ...ORDER_ROW,
        name: `Bench buyer ${done + i}`,
        phone_number: `017${String(10_000_000 + ((done + i) % 5000)).slice(-8)}`,
        payment_option: counter ? 'cash' : pick(['cod', 'cod', 'cod', 'bkash', 'nagad']),
        source: counter ? 'counter' : 'web',
        subtotal,
        delivery_charge: delivery,
        discount_total: discount,
        total,
        paid_amount: status === 'Delivered' || status === 'Returned' ? total : 0,
        refunded_amount: status === 'Returned' ? total : 0,
        payment_status: status === 'Delivered' ? 'paid' : status === 'Returned' ? 'refunded' : 'unpaid',
        status,
        courier: shipped ? pick(['steadfast', 'pathao'] as const) : null,
        consignment_id: shipped ? `B${done + i}` : null,
        cod_amount: shipped ? total : null,
        delivery_fee: shipped ? delivery : null,
        created_at: at,
        updated_at: at,
      });
    }
    await db.transaction().execute(async (trx) => {
      const ids = (await trx.insertInto('orders').values(orders).returning('id').execute()).map((r) => r.id);
      const items = ids.flatMap((order_id, i) =>
        lines[i]!.map((l) => ({ order_id, product_id: l.product.id, product_title: l.product.english_title, product_type: l.product.type, unit_price: l.product.regular_price, quantity: l.quantity, total: l.quantity * l.product.regular_price })),
      );
      await trx.insertInto('order_items').values(items).execute();
      const refunds = ids.flatMap((order_id, i) => (orders[i]!.status === 'Returned' ? [{ order_id, kind: 'refund' as const, method: 'bkash' as const, transaction_id: `BR${order_id}`, amount: orders[i]!.total, verified: 1, reason: 'Returned', created_by: null, created_at: orders[i]!.created_at }] : []));
      if (refunds.length) await trx.insertInto('order_payments').values(refunds).execute();
    });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function main() {
  const args = readArgs();
  const dbName = args.postgres ? 'PostgreSQL' : 'SQLite';
  const database = await createTestDatabase({ postgres: args.postgres });
  const services = createServices(database, { ...loadConfig({ NODE_ENV: 'test' }), dataDir: database.dataDir, databaseUrl: database.url });
  const app = await buildApp({ services });
  try {
    const nowMs = Date.now();
    log(`filling ${args.products} products and ${args.orders} orders (${dbName})…`);
    const t0 = performance.now();
    await fillShop(database.db, makeShop(args.products));
    // Four products in five have a purchase price: the margin covers their lines.
    await sql`update products set purchase_price = regular_price * 6 / 10 where id % 5 <> 0`.execute(database.db);
    await fillOrders(database.db, args.orders, nowMs);
    await sql.raw(database.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(database.db);
    log(`filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await app.ready();
    const owner = await signInUser(services, { admin: true });

    const to = dhakaDayOf(nowMs);
    const year = `from=${addDays(to, -364)}&to=${to}`;
    const endpoints: [name: string, url: string, target: boolean][] = [
      ['sales by day, a year', `/api/reports/sales/?${year}&group=day`, true],
      ['sales by week, a year', `/api/reports/sales/?${year}&group=week`, true],
      ['sales by month, a year', `/api/reports/sales/?${year}&group=month`, true],
      ['sales, last 30 days', '/api/reports/sales/', true],
      ['top products, a year', `/api/reports/top/?${year}&by=product`, true],
      ['top authors, a year', `/api/reports/top/?${year}&by=author`, true],
      ['top publishers, a year', `/api/reports/top/?${year}&by=publisher`, true],
      ['top categories, a year', `/api/reports/top/?${year}&by=category`, true],
      ['payment mix, a year', `/api/reports/payments/?${year}`, true],
      ['margin, a year', `/api/reports/margin/?${year}`, true],
      ['couriers, a year', `/api/reports/couriers/?${year}`, true],
      ['sales CSV, a year', `/api/reports/sales.csv?${year}`, true],
      ['orders export CSV, last 30 days', `/api/order/export.csv?from=${addDays(to, -29)}&to=${to}`, false],
      ['orders export XLSX, last 30 days', `/api/order/export.xlsx?from=${addDays(to, -29)}&to=${to}`, false],
      ['orders export CSV, all orders', '/api/order/export.csv', false],
    ];
    const rows = [];
    let missed = 0;
    const time = async (run: () => Promise<unknown>) => {
      const t = performance.now();
      await run();
      return performance.now() - t;
    };
    for (const [name, url, target] of endpoints) {
      const ask = async () => {
        const res = await app.inject({ url, headers: owner.headers });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        return res;
      };
      const first = await ask();
      const times: number[] = [];
      for (let i = 0; i < args.runs; i++) times.push(await time(ask));
      const ok = !target || median(times) < TARGET_MS;
      if (!ok) missed++;
      rows.push({ report: name, 'median ms': median(times).toFixed(1), 'max ms': Math.max(...times).toFixed(1), 'answer KB': (first.rawPayload.length / 1024).toFixed(1), target: target ? (ok ? 'met' : 'MISSED') : '' });
    }
    // The /admin-reports screen's loader: every report of a year at once (the products sold read once).
    const overview = () => services.reports.overview({ from: addDays(to, -364), to, group: 'day' });
    await overview();
    const times: number[] = [];
    for (let i = 0; i < args.runs; i++) times.push(await time(overview));
    const ok = median(times) < TARGET_MS;
    if (!ok) missed++;
    rows.push({ report: '/admin-reports figures, a year', 'median ms': median(times).toFixed(1), 'max ms': Math.max(...times).toFixed(1), 'answer KB': '', target: ok ? 'met' : 'MISSED' });

    console.log(`\nHaat reports benchmark: ${args.orders} orders over 365 days, ${args.products} products, ${dbName}, median of ${args.runs} runs, node ${process.version}, ${os.cpus().length} CPUs`);
    console.table(rows);
    console.log(`target: every report's median < ${TARGET_MS} ms (the orders export is a download, shown for information)`);
    if (missed) console.log(`${missed} target(s) missed${args.strict ? '' : ' (pass --strict to fail the run)'}`);
    if (args.strict && missed) process.exitCode = 1;
  } finally {
    await app.close();
    await database.destroy();
  }
}
