/**
 * Issue 30, item 4: the back office's stock edit. The form sends the stock it loaded
 * (`expected_units_stock`) and the server applies the difference to the stock as it is, in one
 * conditional UPDATE, so copies sold while the form was open stay sold; a PUT without it sets the
 * value, as clients of the first version expect.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../test/app';
import { openProductAdmin } from '../test/catalog-admin';
import { testDialect } from '../test/database';
import { checkoutBody, insertCustomers, insertProduct } from '../test/orders-fixtures';
import { multipart } from '../test/media-fixtures';
import { createProducts } from './products';
import { STOCK_MAX } from '../../domain/catalog-forms';

describe(`a stock edit from the back office (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let shoppers: { token: string }[];

  beforeAll(async () => {
    ({ t, admin } = await openProductAdmin());
    shoppers = await insertCustomers(t.services.database.db, 12);
  });
  afterAll(() => t.close());

  const db = () => t.services.database.db;
  const shelf = async (id: number) => db().selectFrom('products').select(['units_stock', 'units_sold', 'english_title']).where('id', '=', id).executeTakeFirstOrThrow();
  const put = (id: number, fields: Record<string, string | number>) => t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, ...multipart(fields, admin) });
  const buy = async (product: number, quantity: number, shopper = 0) => {
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: { authorization: `Bearer ${shoppers[shopper]!.token}` }, payload: checkoutBody([{ product, quantity }]) });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('applies the difference to the stock as it is now: two copies sold between load and save stay sold', async () => {
    const id = await insertProduct(db(), { units_stock: 10 });
    // The form loads 10 …
    const loaded = (await t.app.inject({ method: 'GET', url: `/api/product/${id}/`, headers: admin })).json<{ units_stock: number; units_sold: number }>();
    expect(loaded.units_stock).toBe(10);
    // … two copies sell …
    await buy(id, 2);
    // … the admin saves 15, sending what the form loaded (units sold unchanged, so not sent).
    const res = await put(id, { units_stock: 15, expected_units_stock: loaded.units_stock, english_title: 'Edited' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ units_stock: 13, units_sold: 2, english_title: 'Edited' });
    expect(await shelf(id)).toEqual({ units_stock: 13, units_sold: 2, english_title: 'Edited' });
  });

  it('without expected_units_stock the value is set, as for clients of the first version', async () => {
    const id = await insertProduct(db(), { units_stock: 10 });
    await buy(id, 2);
    const res = await put(id, { units_stock: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shelf(id)).toMatchObject({ units_stock: 15 });
    // JSON bodies too.
    const json = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, headers: admin, payload: { units_stock: 4 } });
    expect(json.statusCode).toBe(200);
    expect(await shelf(id)).toMatchObject({ units_stock: 4 });
  });

  it('a difference that would take the stock below 0 answers 409 with the stock as it is, and changes nothing', async () => {
    const id = await insertProduct(db(), { units_stock: 5, title: 'Before' });
    await buy(id, 4);
    // The form loaded 5 and the admin took 3 off (damaged copies): only 1 is left to take from.
    const res = await put(id, { units_stock: 2, expected_units_stock: 5, english_title: 'After' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ status: 409 });
    expect(res.json().message).toContain('(Stock would go below 0: 1 in stock now, change -3)');
    expect(res.json().errors.units_stock).toEqual([res.json().message]);
    expect(await shelf(id)).toEqual({ units_stock: 1, units_sold: 4, english_title: 'Before' });
    // Taking the one that is left is allowed.
    expect((await put(id, { units_stock: 4, expected_units_stock: 5 })).statusCode).toBe(200);
    expect(await shelf(id)).toMatchObject({ units_stock: 0 });
  });

  it('a difference that would take the stock past the most a product may hold answers 409, not a database error', async () => {
    const id = await insertProduct(db(), { units_stock: STOCK_MAX - 5 });
    const res = await put(id, { units_stock: STOCK_MAX, expected_units_stock: 0 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(`(Stock would go above ${STOCK_MAX}`);
    expect(await shelf(id)).toMatchObject({ units_stock: STOCK_MAX - 5 });
  });

  it('refuses expected_units_stock without units_stock, and a figure that is not a whole number (400, nothing changed)', async () => {
    const id = await insertProduct(db(), { units_stock: 5 });
    const alone = await put(id, { expected_units_stock: 5 });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toHaveProperty('expected_units_stock');
    const bad = await put(id, { units_stock: 6, expected_units_stock: 'five' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('expected_units_stock');
    expect(await shelf(id)).toMatchObject({ units_stock: 5 });
  });

  it('an edit that sends no stock writes no shelf count (the stock counter does not move)', async () => {
    const id = await insertProduct(db(), { units_stock: 5 });
    const before = await t.services.catalog.versions();
    const res = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, headers: admin, payload: { english_title: 'Only the title' } });
    expect(res.statusCode).toBe(200);
    const after = await t.services.catalog.versions();
    expect(after.stock).toBe(before.stock);
    expect(after.content).toBeGreaterThan(before.content);
    // A stock edit moves the stock counter, and the availability counter when it crosses 0.
    expect((await put(id, { units_stock: 0, expected_units_stock: 5 })).statusCode).toBe(200);
    const emptied = await t.services.catalog.versions();
    expect(emptied.stock).toBeGreaterThan(after.stock);
    expect(emptied.availability).toBeGreaterThan(after.availability);
  });

  it('sales running while the edit is saved are all kept (the UPDATE is relative, not read and written back)', async () => {
    const id = await insertProduct(db(), { units_stock: 20 });
    const sales = Array.from({ length: 10 }, (_, i) => buy(id, 1, i));
    const edit = put(id, { units_stock: 25, expected_units_stock: 20 });
    const [res] = await Promise.all([edit, ...sales]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await shelf(id)).toMatchObject({ units_stock: 20 - 10 + 5, units_sold: 10 });
  });

  it('calls the back-in-stock hook when a difference brings the stock up from 0, once', async () => {
    const id = await insertProduct(db(), { units_stock: 0 });
    const onBackInStock = vi.fn();
    const products = createProducts(db(), t.services.storage, { isOnOrders: async () => false, onBackInStock });
    await products.update(id, { units_stock: 3, expected_units_stock: 0 }, {});
    expect(onBackInStock).toHaveBeenCalledWith([id]);
    // Already on sale: no second call.
    await products.update(id, { units_stock: 5, expected_units_stock: 3 }, {});
    expect(onBackInStock).toHaveBeenCalledTimes(1);
    // Emptied, then a copy added on a form that loaded 0 while the stock was 0.
    await products.update(id, { units_stock: 0, expected_units_stock: 5 }, {});
    await products.update(id, { units_stock: 1, expected_units_stock: 0 }, {});
    expect(onBackInStock).toHaveBeenCalledTimes(2);
  });
});
