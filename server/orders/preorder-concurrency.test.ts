/**
 * Issue 36's "done when": the pre-order limit holds under concurrency. A pre-order of 5 units with
 * no stock, 12 shoppers at once for 1 unit each: exactly 5 orders, the others 409, the counts
 * exact and no stock moved. On PostgreSQL two server processes share the database (as two
 * machines would); on SQLite one server (one writer by design).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialect } from '../test/database';
import { checkoutBody, insertCustomers, insertProduct } from '../test/orders-fixtures';
import { tallyStatuses, useConcurrentShop } from '../test/harness/shop-servers';
import { ledgerMismatches } from '../test/stock-fixtures';
import { createTestApp, type Signed, type TestApp } from '../test/app';

describe(`the pre-order limit under concurrency (${testDialect})`, () => {
  const shop = useConcurrentShop();

  it('limit 5, 12 shoppers at once for 1 unit each: exactly 5 orders, each a waiting pre-order line; no stock moved', async () => {
    const db = shop.db();
    const product = await insertProduct(db, { units_stock: 0, regular_price: 500 });
    await db.updateTable('products').set({ preorder_release_date: '2099-02-01', preorder_limit: 5 }).where('id', '=', product).execute();
    const customers = await insertCustomers(db, 12, '0192');

    const answers = await shop.checkoutAll(customers, checkoutBody([{ product, quantity: 1 }]));
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
    expect(tallyStatuses(answers)).toEqual({ 200: 5, 409: 7 });

    const row = await db.selectFrom('products').select(['units_stock', 'preorder_taken', 'preorder_waiting']).where('id', '=', product).executeTakeFirstOrThrow();
    expect(row).toEqual({ units_stock: 0, preorder_taken: 5, preorder_waiting: 5 });
    const lines = await db.selectFrom('order_items').select(['preorder']).where('product_id', '=', product).execute();
    expect(lines.map((l) => l.preorder)).toEqual(Array(5).fill('waiting'));
    const moves = await db.selectFrom('stock_movements').select('id').where('product_id', '=', product).execute();
    expect(moves).toEqual([]);
    expect(await ledgerMismatches(db)).toEqual([]);
  }, 120_000);
});

describe(`a fill and a cancel of the same waiting order at once (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  let manager: Signed;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, manager] = [await t.signIn({ admin: true }), await t.signIn({ role: 'manager' })];
  });
  afterAll(() => t.close());
  const db = () => t.services.database.db;

  /** A pre-order product with two waiting orders: `cancelled` (2 units, first in the queue) and `kept` (1 unit); no stock yet. */
  async function twoWaiting() {
    const product = await insertProduct(db(), { units_stock: 0, regular_price: 400 });
    await db().updateTable('products').set({ preorder_release_date: '2020-02-01', preorder_limit: 10 }).where('id', '=', product).execute();
    const place = async (quantity: number) => {
      const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: (await t.signIn()).headers, payload: checkoutBody([{ product, quantity }]) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().order_id as number;
    };
    const [cancelled, kept] = [await place(2), await place(1)];
    await db().updateTable('orders').set({ created_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', cancelled).execute();
    return { product, cancelled, kept };
  }
  const cancel = (order: number) => t.app.inject({ method: 'PUT', url: `/api/order/${order}/`, headers: admin.headers, payload: { status: 'Cancelled' } }).then((r) => r.statusCode);

  /** After 3 units arrived and the cancel: whichever came first, the same end. */
  async function expectSettled({ product, cancelled, kept }: Awaited<ReturnType<typeof twoWaiting>>) {
    await t.services.orders.preorders.sweep(); // what the cancel gave back goes to the kept order
    expect(await ledgerMismatches(db())).toEqual([]);
    const row = await db().selectFrom('products').select(['units_stock', 'preorder_taken', 'preorder_waiting']).where('id', '=', product).executeTakeFirstOrThrow();
    const waiting = await db()
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(sql<number>`coalesce(sum(i.quantity), 0)`.as('n'))
      .where('i.product_id', '=', product)
      .where('i.preorder', '=', 'waiting')
      .where('o.status', '=', 'Pending')
      .executeTakeFirstOrThrow();
    expect(Number(row.preorder_waiting)).toBe(Number(waiting.n));
    // A fill that came first sold the cancelled order 2 units; its cancel gave them back.
    const held = await db().selectFrom('stock_movements').select(sql<number>`coalesce(sum(delta), 0)`.as('n')).where('ref', '=', `order:${cancelled}`).executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(0);
    expect({ units_stock: Number(row.units_stock), preorder_taken: Number(row.preorder_taken), preorder_waiting: Number(row.preorder_waiting) }).toEqual({ units_stock: 2, preorder_taken: 1, preorder_waiting: 0 });
    expect((await db().selectFrom('order_items').select('preorder').where('order_id', '=', kept).executeTakeFirstOrThrow()).preorder).toBe('filled');
    expect(await db().selectFrom('sms_outbox').select('id').where('kind', '=', 'preorder_filled').where('text', 'like', `%#${kept}%`).execute()).toHaveLength(1);
  }

  it('10 rounds of a receipt (or a sweep) racing a cancel: no 500, the ledger adds up, waiting counts match the waiting lines, a cancelled order keeps no stock', async () => {
    for (let round = 0; round < 10; round++) {
      const orders = await twoWaiting();
      const { product } = orders;
      // Even rounds: a receipt and its hook; odd rounds: stock that came back without a hook, then a fill.
      const arrive =
        round % 2 === 0
          ? t.app.inject({ method: 'POST', url: '/api/stock/receipts/', headers: manager.headers, payload: { supplier: 'অন্যপ্রকাশ', lines: [{ product, quantity: 3 }] } }).then((r) => r.statusCode)
          : t.services.catalog.stock.change(db(), [{ product, delta: 3 }], { reason: 'adjustment', ref: '', user: null }).then(() => t.services.orders.preorders.fill([product])).then(() => 201);
      expect(await Promise.all([arrive, cancel(orders.cancelled)])).toEqual([201, 200]);
      await expectSettled(orders);
    }
  }, 120_000);

  // The exact interleavings, forced by holding the product's row: PostgreSQL only (SQLite runs one write transaction at a time, so they cannot happen there).
  for (const first of ['fill', 'cancel'] as const) {
    it.skipIf(testDialect === 'sqlite')(`the ${first} reaches the order first while the other waits on the product row: no deadlock, no 500, the same end`, async () => {
      const orders = await twoWaiting();
      await t.services.catalog.stock.change(db(), [{ product: orders.product, delta: 3 }], { reason: 'adjustment', ref: '', user: null });
      const holder = await db().startTransaction().execute();
      await sql`select id from products where id = ${orders.product} for update`.execute(holder);
      const blocked = async (n: number) => {
        for (let i = 0; i < 200; i++) {
          const r = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
          if (r.rows[0]!.n >= n) return;
          await new Promise((done) => setTimeout(done, 10));
        }
        throw new Error(`never ${n} waiting`);
      };
      const runs: Promise<unknown>[] = [];
      try {
        const fill = () => t.services.orders.preorders.fill([orders.product]);
        runs.push(first === 'fill' ? fill() : cancel(orders.cancelled));
        await blocked(1);
        runs.push(first === 'fill' ? cancel(orders.cancelled) : fill());
        await blocked(2);
      } finally {
        await holder.rollback().execute();
      }
      const answers = await Promise.all(runs);
      // The cancel answers 200; the fill (which logs rather than throws) filled both lines, or only the kept one after the cancel.
      expect(first === 'fill' ? answers : [...answers].reverse()).toEqual(first === 'fill' ? [2, 200] : [1, 200]);
      await expectSettled(orders);
    }, 30_000);
  }
});
