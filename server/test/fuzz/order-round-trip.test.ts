/**
 * An order read by an admin and put back with a new status (as REST frameworks' clients do) is
 * saved: every served field is ignored except `status`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../app';
import { testDialect } from '../database';
import { checkoutBody, insertProduct } from '../orders-fixtures';

describe(`an order takes back what the API served (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  let customer: Signed;
  beforeAll(async () => ({ t, admin, customer } = await openSignedApp()));
  afterAll(() => t.close());

  it('GET /api/order/{id}/ then PUT it back with status Cancelled answers 200 and cancels it', async () => {
    const product = await insertProduct(t.services.database.db, { units_stock: 3 });
    const placed = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }]) });
    expect(placed.statusCode, placed.body).toBeLessThan(300);
    const id = (placed.json() as { order: { id: number } }).order.id;
    const served = (await t.app.inject({ method: 'GET', url: `/api/order/${id}/`, headers: admin.headers })).json() as Record<string, unknown>;
    const res = await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { ...served, status: 'Cancelled' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order: { id, status: 'Cancelled' } });
  });

  it('a key the API never served (is_admin) answers 400 and changes nothing', async () => {
    const product = await insertProduct(t.services.database.db, { units_stock: 3 });
    const placed = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }]) });
    const id = (placed.json() as { order: { id: number } }).order.id;
    const res = await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Cancelled', is_admin: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { is_admin: ['Unknown field.'] } });
    expect((await t.app.inject({ method: 'GET', url: `/api/order/${id}/`, headers: admin.headers })).json()).toMatchObject({ status: 'Pending' });
  });
});
