/**
 * Issue 35, the low-stock list (`GET /api/stock/low/`): active products at or under their own
 * threshold, else the shop's `low_stock_default`, fastest sellers over the last 30 days first
 * (units the ledger's sales took, less cancels), each with its days left at that speed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';

const DAY = 24 * 3600_000;

describe(`the low-stock list (${testDialect})`, () => {
  let t: TestApp;
  let manager: Signed;
  let customer: Signed;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.signIn({ role: 'manager' });
    customer = await t.signIn();
    await t.services.settings.update({ low_stock_default: 3 });
    const db = t.services.database.db;
    const product = (title: string, units_stock: number, threshold: number | null = null, active = true) =>
      insertProduct(db, { title, units_stock, is_active: active }).then(async (id) => {
        if (threshold !== null) await db.updateTable('products').set({ low_stock_threshold: threshold }).where('id', '=', id).execute();
        return (ids[title] = id);
      });
    await product('fast', 12);
    await product('slow', 12, 10);
    await product('still', 3);
    await product('plenty', 4);
    await product('never', 5, 0);
    await product('empty', 0, 0);
    await product('hidden', 0, null, false);
    await product('cancelled', 8);
    const buy = async (lines: { product: number; quantity: number }[]) => {
      const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody(lines) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().order_id as number;
    };
    // fast: 10 sold, 2 left; slow: 3 sold, 9 left (its own threshold 10); cancelled: 7 sold, 5 of them cancelled.
    await buy([{ product: ids.fast!, quantity: 10 }]);
    await buy([{ product: ids.slow!, quantity: 3 }]);
    await buy([{ product: ids.cancelled!, quantity: 1 }]);
    const undone = await buy([{ product: ids.cancelled!, quantity: 5 }]);
    await buy([{ product: ids.cancelled!, quantity: 1 }]);
    await t.app.inject({ method: 'PUT', url: `/api/order/${undone}/`, headers: manager.headers, payload: { status: 'Cancelled' } });
    // cancelled: 8 − 1 − 5 − 1 + 5 = 6 left, over the default 3: lowered by hand to 2, an adjustment that is no sale.
    const res = await t.app.inject({ method: 'PUT', url: `/api/product/${ids.cancelled}/`, headers: manager.headers, payload: { units_stock: 2 } });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  it('lists the active products at or under their threshold, fastest sellers first, with their days left', async () => {
    const res = await t.app.inject({ url: '/api/stock/low/', headers: manager.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 5, next: null, previous: null });
    expect(res.json().results).toEqual([
      { id: ids.fast, title: 'fast', units_stock: 2, threshold: 3, sold_30d: 10, days_left: 6 },
      { id: ids.slow, title: 'slow', units_stock: 9, threshold: 10, sold_30d: 3, days_left: 90 },
      // Sold 7, 5 of them cancelled: 2 in 30 days.
      { id: ids.cancelled, title: 'cancelled', units_stock: 2, threshold: 3, sold_30d: 2, days_left: 30 },
      { id: ids.empty, title: 'empty', units_stock: 0, threshold: 0, sold_30d: 0, days_left: null },
      { id: ids.still, title: 'still', units_stock: 3, threshold: 3, sold_30d: 0, days_left: null },
    ]);
  });

  it('counts only the last 30 days: a month on, nothing has sold and the order is by stock', async () => {
    const rows = await t.services.stock.lowStock(Date.now() + 31 * DAY);
    expect(rows.map((r) => [r.title, r.sold_30d, r.days_left])).toEqual([
      ['empty', 0, null],
      ['fast', 0, null],
      ['cancelled', 0, null],
      ['still', 0, null],
      ['slow', 0, null],
    ]);
  });

  it("follows the shop's default when it changes, and a page of the list links the next", async () => {
    await t.services.settings.update({ low_stock_default: 4 });
    const res = await t.app.inject({ url: '/api/stock/low/?page_size=2', headers: manager.headers });
    expect(res.json().count).toBe(6);
    expect(res.json().next).toContain('page=2');
    expect((await t.services.stock.lowStock()).map((r) => r.title)).toContain('plenty');
    await t.services.settings.update({ low_stock_default: 3 });
  });
});
