/**
 * Issue 35, the stock ledger: every change of `units_stock` is a movement with its reason,
 * reference and user, written with the change, so a product's stock is the sum of its movements —
 * through checkout and cancel, an order edit, a return received (damaged units: a movement of 0),
 * a late payment's retake, the product form (a difference or a value; below 0 is 409 with
 * nothing written), a product created and an import; `GET /api/product/{id}/stock-movements/`
 * lists them newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import type { Signed } from '../test/app';
import { openProductAdmin, type ProductAdminContext } from '../test/catalog-admin';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { multipart } from '../test/media-fixtures';
import { ledgerMismatches, movementsOf } from '../test/stock-fixtures';
import { CSV_COLUMNS } from '../../domain/catalog-import';

describe(`the stock ledger (${testDialect})`, () => {
  let c: ProductAdminContext;
  let manager: Signed;
  let customer: Signed;

  beforeAll(async () => {
    c = await openProductAdmin();
    manager = await c.t.signIn({ role: 'manager' });
    customer = await c.t.signIn();
  });
  afterAll(async () => {
    // Whatever each test did, every product's movements add up to its stock.
    expect(await ledgerMismatches(db())).toEqual([]);
    await c.t.close();
  });

  const db = () => c.t.services.database.db;
  const stockOf = async (id: number) => (await db().selectFrom('products').select('units_stock').where('id', '=', id).executeTakeFirstOrThrow()).units_stock;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: Signed = manager) => c.t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const buy = async (lines: { product: number; quantity: number }[]) => {
    const res = await inject('POST', '/checkout/', checkoutBody(lines), customer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order_id as number;
  };

  it('a product created with stock opens its ledger with an adjustment by whoever made it; one inserted elsewhere (a seed, a fixture) too, by nobody', async () => {
    const res = await c.t.app.inject({ method: 'POST', url: '/create-book/', ...multipart(await c.bookFields({ units_stock: 12 }), manager.headers) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().product.id as number;
    expect(await movementsOf(db(), id)).toEqual([{ delta: 12, reason: 'adjustment', ref: 'opening', user_id: manager.userId }]);

    const seeded = await insertProduct(db(), { units_stock: 7 });
    expect(await movementsOf(db(), seeded)).toEqual([{ delta: 7, reason: 'adjustment', ref: 'opening', user_id: null }]);
    const empty = await insertProduct(db(), { units_stock: 0 });
    expect(await movementsOf(db(), empty)).toEqual([]);
  });

  it('checkout takes a sale per line naming the order and its buyer; a cancel gives it back naming who cancelled', async () => {
    const a = await insertProduct(db(), { units_stock: 5 });
    const b = await insertProduct(db(), { units_stock: 3 });
    const order = await buy([{ product: b, quantity: 1 }, { product: a, quantity: 2 }]);
    const cancel = await inject('PUT', `/api/order/${order}/`, { status: 'Cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await movementsOf(db(), a)).toEqual([
      { delta: 5, reason: 'adjustment', ref: 'opening', user_id: null },
      { delta: -2, reason: 'sale', ref: `order:${order}`, user_id: customer.userId },
      { delta: 2, reason: 'cancel', ref: `order:${order}`, user_id: manager.userId },
    ]);
    expect((await movementsOf(db(), b)).map((m) => m.delta)).toEqual([3, -1, 1]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([5, 3]);
  });

  it('an order edit moves each product by the difference: more is a sale, fewer a cancel, by the editor', async () => {
    const a = await insertProduct(db(), { units_stock: 10 });
    const b = await insertProduct(db(), { units_stock: 10 });
    const order = await buy([{ product: a, quantity: 3 }]);
    const edit = await inject('PUT', `/api/order/${order}/`, { lines: [{ product: a, quantity: 1 }, { product: b, quantity: 2 }] });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await movementsOf(db(), a)).slice(1)).toEqual([
      { delta: -3, reason: 'sale', ref: `order:${order}`, user_id: customer.userId },
      { delta: 2, reason: 'cancel', ref: `order:${order}`, user_id: manager.userId },
    ]);
    expect((await movementsOf(db(), b)).slice(1)).toEqual([{ delta: -2, reason: 'sale', ref: `order:${order}`, user_id: manager.userId }]);
  });

  it('a return received: resellable units are a `return`, damaged ones a `damaged` movement of 0, both naming the return and the packer', async () => {
    const a = await insertProduct(db(), { units_stock: 4 });
    const order = await buy([{ product: a, quantity: 3 }]);
    expect((await inject('PUT', `/api/order/${order}/`, { status: 'Delivered' })).statusCode).toBe(200);
    const item = (await db().selectFrom('order_items').select('id').where('order_id', '=', order).executeTakeFirstOrThrow()).id;
    const made = await inject('POST', `/api/order/${order}/returns/`, { lines: [{ order_item: item, quantity: 1, condition: 'resellable' }, { order_item: item, quantity: 2, condition: 'damaged' }], reason: 'Torn cover' });
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json().id as number;
    const received = await inject('POST', `/api/returns/${ret}/receive/`);
    expect(received.statusCode, received.body).toBe(200);
    expect((await movementsOf(db(), a)).slice(2)).toEqual([
      { delta: 1, reason: 'return', ref: `return:${ret}`, user_id: manager.userId },
      { delta: 0, reason: 'damaged', ref: `return:${ret}`, user_id: manager.userId },
    ]);
    expect(await stockOf(a)).toBe(2);
  });

  it("a late payment's retake is a sale; short of stock it takes nothing and what it had taken is recorded given back", async () => {
    const a = await insertProduct(db(), { units_stock: 5 });
    const b = await insertProduct(db(), { units_stock: 1 });
    const stock = c.t.services.catalog.stock;
    const note = { reason: 'sale', ref: 'order:999', user: null } as const;
    const short = await db().transaction().execute((trx) => stock.retake(trx, [{ product: a, quantity: 2 }, { product: b, quantity: 2 }], note));
    expect(short).toBe(false);
    expect([await stockOf(a), await stockOf(b)]).toEqual([5, 1]);
    expect((await movementsOf(db(), a)).slice(1)).toEqual([
      { delta: -2, reason: 'sale', ref: 'order:999', user_id: null },
      { delta: 2, reason: 'cancel', ref: 'order:999', user_id: null },
    ]);
    expect(await db().transaction().execute((trx) => stock.retake(trx, [{ product: a, quantity: 2 }], note))).toBe(true);
    expect(await stockOf(a)).toBe(3);
  });

  it('the product form: with expected_units_stock a sale made meanwhile is kept; without it the value is set; both adjustments by the editor', async () => {
    const id = await insertProduct(db(), { units_stock: 10 });
    await buy([{ product: id, quantity: 2 }]);
    // The form loaded 10, the admin typed 15: +5 on the 8 left.
    const applied = await c.t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, ...multipart({ units_stock: 15, expected_units_stock: 10 }, manager.headers) });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await stockOf(id)).toBe(13);
    const set = await inject('PUT', `/api/product/${id}/`, { units_stock: 4 });
    expect(set.statusCode, set.body).toBe(200);
    expect(await stockOf(id)).toBe(4);
    expect((await movementsOf(db(), id)).slice(2)).toEqual([
      { delta: 5, reason: 'adjustment', ref: '', user_id: manager.userId },
      { delta: -9, reason: 'adjustment', ref: '', user_id: manager.userId },
    ]);
  });

  it('a difference that would take the stock below 0 answers 409 and writes nothing, not even the other fields', async () => {
    const id = await insertProduct(db(), { units_stock: 3, title: 'Before' });
    await buy([{ product: id, quantity: 2 }]);
    const res = await c.t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, ...multipart({ units_stock: 0, expected_units_stock: 3, english_title: 'After' }, manager.headers) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors.units_stock).toHaveLength(1);
    const row = await db().selectFrom('products').select(['units_stock', 'english_title']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ units_stock: 1, english_title: 'Before' });
    expect((await movementsOf(db(), id)).map((m) => m.reason)).toEqual(['adjustment', 'sale']);
  });

  it('an import sets each row\'s stock as an adjustment of the difference (ref import); a new product opens with its stock', async () => {
    const existing = await insertProduct(db(), { units_stock: 6, title: 'Imported stock' });
    const file = Buffer.from(
      stringify(
        [
          { id: existing, type: 'books', english_title: 'Imported stock', regular_price: 300, purchase_price: 100, units_stock: 9 },
          { type: 'stationary', english_title: 'Imported pen', regular_price: 20, purchase_price: 10, units_stock: 40 },
        ],
        { header: true, columns: [...CSV_COLUMNS] },
      ),
    );
    const res = await c.t.app.inject({ method: 'POST', url: '/api/product/import/', ...multipart({ file: { filename: 'p.csv', content: file, type: 'text/csv' } }, manager.headers) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: 2, errors: [] });
    expect((await movementsOf(db(), existing)).slice(1)).toEqual([{ delta: 3, reason: 'adjustment', ref: 'import', user_id: manager.userId }]);
    const pen = (await db().selectFrom('products').select('id').where('english_title', '=', 'Imported pen').executeTakeFirstOrThrow()).id;
    expect(await movementsOf(db(), pen)).toEqual([{ delta: 40, reason: 'adjustment', ref: 'import', user_id: manager.userId }]);
  });

  it('GET /api/product/{id}/stock-movements/: newest first, paged in the list envelope, with who; 404 for an unknown product', async () => {
    const id = await insertProduct(db(), { units_stock: 8 });
    const order = await buy([{ product: id, quantity: 1 }]);
    await buy([{ product: id, quantity: 2 }]);
    const first = await inject('GET', `/api/product/${id}/stock-movements/?page_size=2`);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ count: 3, previous: null });
    expect(body.next).toContain('page=2');
    expect(body.results.map((m: { delta: number }) => m.delta)).toEqual([-2, -1]);
    expect(body.results[1]).toMatchObject({ reason: 'sale', ref: `order:${order}`, user: customer.userId, user_name: 'Test Customer' });
    expect(Date.parse(body.results[1].at)).not.toBeNaN();
    const second = (await inject('GET', `/api/product/${id}/stock-movements/?page_size=2&page=2`)).json();
    expect(second.results).toEqual([expect.objectContaining({ delta: 8, reason: 'adjustment', ref: 'opening', user: null })]);
    expect((await inject('GET', '/api/product/99999999/stock-movements/')).statusCode).toBe(404);
  });
});
