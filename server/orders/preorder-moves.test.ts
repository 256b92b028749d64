/**
 * A pre-order with a line still waiting for stock leaves Pending only by a cancel (docs/preorders.md):
 * marked Delivered or Returned by staff, or partly delivered, it answers 409 and nothing moves, so no
 * units stay promised for ever and no return restocks units that never came. The counter is told
 * plainly (409, not a 500) when the units on the shelf are promised to waiting pre-orders, and
 * shoppers are shown only the units on sale.
 * On SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { withCourierApp, t, admin, db } from '../test/courier-app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { ledgerMismatches } from '../test/stock-fixtures';

describe(`a waiting pre-order leaves Pending only by a cancel (${testDialect})`, () => {
  withCourierApp();
  afterAll(async () => expect(await ledgerMismatches(db())).toEqual([]));

  const waitingOrder = async (units_stock = 0) => {
    const product = await insertProduct(db(), { units_stock, regular_price: 300 });
    await db().updateTable('products').set({ preorder_release_date: '2099-02-21', preorder_limit: 10 }).where('id', '=', product).execute();
    const placed = await t.app.inject({ method: 'POST', url: '/checkout/', headers: (await t.signIn()).headers, payload: checkoutBody([{ product, quantity: 2 }]) });
    expect(placed.statusCode, placed.body).toBe(200);
    return { product, order: placed.json().order_id as number };
  };
  const figures = (id: number) => db().selectFrom('products').select(['units_stock', 'preorder_taken', 'preorder_waiting']).where('id', '=', id).executeTakeFirstOrThrow();
  const post = (url: string, payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: admin.headers, ...(payload === undefined ? {} : { payload }) });

  it('marking it Returned or Delivered answers 409 and moves nothing; a cancel gives its units back', async () => {
    const { product, order } = await waitingOrder();
    for (const status of ['Returned', 'Delivered']) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/order/${order}/`, headers: admin.headers, payload: { status } });
      expect(res.statusCode, status).toBe(409);
    }
    expect((await post(`/api/order/${order}/receive-parcel/`)).statusCode).toBe(409);
    expect(await figures(product)).toEqual({ units_stock: 0, preorder_taken: 2, preorder_waiting: 2 });
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/order/${order}/`, headers: admin.headers, payload: { status: 'Cancelled' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await figures(product)).toEqual({ units_stock: 0, preorder_taken: 0, preorder_waiting: 0 });
  });

  it('a partial delivery of it answers 409 and opens no return', async () => {
    const { product, order } = await waitingOrder();
    const items = await db().selectFrom('order_items').select('id').where('order_id', '=', order).execute();
    const res = await post(`/api/order/${order}/partial-delivery/`, { delivered: [{ order_item: items[0]!.id, quantity: 1 }], collected: 300 });
    expect(res.statusCode, res.body).toBe(409);
    expect(await db().selectFrom('returns').select('id').where('order_id', '=', order).execute()).toEqual([]);
    expect(await figures(product)).toEqual({ units_stock: 0, preorder_taken: 2, preorder_waiting: 2 });
  });

  it('the counter selling units promised to a waiting pre-order answers 409 naming the book, and its catalogue shows them as not on sale', async () => {
    const { product } = await waitingOrder();
    // One unit arrives but the waiting line wants two: filling stops, the unit stays promised.
    await db().updateTable('products').set({ units_stock: 1 }).where('id', '=', product).execute();
    await db().insertInto('stock_movements').values({ product_id: product, delta: 1, reason: 'adjustment', ref: 'test', user_id: null, created_at: new Date().toISOString() }).execute();
    const sale = await post('/api/pos/sales/', { lines: [{ product, quantity: 1 }], payment_method: 'cash', paid: 300, client_ref: `held-sale-${product}` });
    expect(sale.statusCode, sale.body).toBe(409);
    expect(sale.json().out_of_stock).toEqual([expect.objectContaining({ product, available: 0 })]);
    const catalogue = (await t.app.inject({ url: '/api/pos/catalogue/', headers: admin.headers })).json();
    const row = catalogue.items.find((r: unknown[]) => r[0] === product);
    expect(row[5]).toBe(0);
  });

  it('shoppers see only the units on sale: a unit promised to a waiting pre-order shows as none, staff see the shelf, and a back-in-stock request is taken', async () => {
    const { product } = await waitingOrder();
    await db().updateTable('products').set({ units_stock: 1 }).where('id', '=', product).execute();
    await db().insertInto('stock_movements').values({ product_id: product, delta: 1, reason: 'adjustment', ref: 'test', user_id: null, created_at: new Date().toISOString() }).execute();
    // Twice: the second answer comes from the answer cache, whose shelf counts are filled at serving.
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ url: `/api/product/${product}/` })).json()).toMatchObject({ units_stock: 0 });
    expect((await t.app.inject({ url: `/api/product/${product}/`, headers: admin.headers })).json()).toMatchObject({ units_stock: 1 });
    const ask = await t.app.inject({ method: 'POST', url: `/api/product/${product}/notify/`, headers: (await t.signIn()).headers, payload: {} });
    expect(ask.statusCode, ask.body).toBe(201);
  });

  it('two mixed carts taking the same two products in opposite roles (stock line here, pre-order line there) both go through, ten rounds, never a deadlock', async () => {
    for (let round = 0; round < 10; round++) {
      const released = async () => {
        const id = await insertProduct(db(), { units_stock: 1, regular_price: 200 });
        await db().updateTable('products').set({ preorder_release_date: '2020-02-21', preorder_limit: 10 }).where('id', '=', id).execute();
        return id;
      };
      const [p1, p2] = [await released(), await released()];
      const [a, b] = await Promise.all([t.signIn(), t.signIn()]);
      const answers = await Promise.all([
        t.app.inject({ method: 'POST', url: '/checkout/', headers: a.headers, payload: checkoutBody([{ product: p1, quantity: 1 }, { product: p2, quantity: 2 }]) }),
        t.app.inject({ method: 'POST', url: '/checkout/', headers: b.headers, payload: checkoutBody([{ product: p1, quantity: 2 }, { product: p2, quantity: 1 }]) }),
      ]);
      // Each may find its stock line sold meanwhile (409); neither may fail.
      for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
      expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    }
  });
});
