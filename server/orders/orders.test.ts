import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';

describe(`orders after checkout: views, status changes and invoices (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());

  const { db, product, checkout, smsTo } = orderCalls(() => t);
  const setStatus = (id: number, payload: unknown, who: Signed = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: who.headers, payload: payload as object });

  it('shows a customer only their own orders whatever they pass, and 404 for someone else\'s', async () => {
    const alice = await t.signIn({ name: 'Alice' });
    const bob = await t.signIn({ name: 'Bob' });
    const p = await insertProduct(db(), { units_stock: 10 });
    const aliceOrder = (await checkout(alice, checkoutBody([{ product: p, quantity: 1 }]))).json().order_id;
    await checkout(bob, checkoutBody([{ product: p, quantity: 1 }]));
    const list = (await t.app.inject({ url: `/api/order/?ordering=-id&phone_number=${alice.phone}`, headers: bob.headers })).json();
    expect(list.count).toBe(1);
    expect(list.results.every((o: { phone_number: string }) => o.phone_number === bob.phone)).toBe(true);
    expect((await t.app.inject({ url: `/api/order/${aliceOrder}/`, headers: bob.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/order/${aliceOrder}/`, headers: alice.headers })).statusCode).toBe(200);
    const items = (await t.app.inject({ url: `/api/orderItem/?order=${aliceOrder}`, headers: bob.headers })).json();
    expect(items).toMatchObject({ count: 0, results: [] });
    const own = (await t.app.inject({ url: `/api/orderItem/?order=${aliceOrder}`, headers: alice.headers })).json();
    expect(own.results).toEqual([expect.objectContaining({ order: aliceOrder, product: p, quantity: 1 })]);
    expect((await t.app.inject({ url: '/api/order/' })).statusCode).toBe(401);
    const asBob = { id: bob.userId, name: 'Bob', phone_number: bob.phone, is_admin: false, role: 'customer' as const };
    expect(await t.services.orders.listItems(asBob, aliceOrder)).toEqual([]);
    expect(await t.services.orders.getOrder(asBob, aliceOrder)).toBeNull();
  });

  it('lets admins list every order newest first, filter by phone and search by name or phone', async () => {
    const carol = await t.signIn({ name: 'Carol Rahman' });
    const p = await insertProduct(db(), { units_stock: 10 });
    const id = (await checkout(carol, checkoutBody([{ product: p, quantity: 1 }]))).json().order_id;
    const all = (await t.app.inject({ url: '/api/order/?ordering=-id', headers: admin.headers })).json();
    expect(all.count).toBeGreaterThan(1);
    expect(all.results[0].id).toBe(id);
    expect(all.results[0].items).toHaveLength(1);
    const byPhone = (await t.app.inject({ url: `/api/order/?phone_number=${carol.phone}`, headers: admin.headers })).json();
    expect(byPhone.results.map((o: { id: number }) => o.id)).toEqual([id]);
    const byName = (await t.app.inject({ url: '/api/order/?search=carol', headers: admin.headers })).json();
    expect(byName.results.map((o: { id: number }) => o.id)).toEqual([id]);
    const byPhonePart = (await t.app.inject({ url: `/api/order/?search=${carol.phone.slice(3)}`, headers: admin.headers })).json();
    expect(byPhonePart.results.map((o: { id: number }) => o.id)).toEqual([id]);
    const byNumber = (await t.app.inject({ url: `/api/order/?search=${id}`, headers: admin.headers })).json();
    expect(byNumber.results.map((o: { id: number }) => o.id)).toContain(id);
    const nothing = (await t.app.inject({ url: '/api/order/?search=%25_nobody', headers: admin.headers })).json();
    expect(nothing.count).toBe(0);
  });

  it('lets only admins change a status: 401 nobody, 403 customer', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { units_stock: 10 });
    const id = (await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]))).json().order_id;
    expect((await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, payload: { status: 'Delivered' } })).statusCode).toBe(401);
    expect((await setStatus(id, { status: 'Delivered' }, customer)).statusCode).toBe(403);
  });

  it('moves Pending to Delivered from the whole order, records who and when, and keeps finals final (409)', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { units_stock: 10 });
    const id = (await checkout(customer, checkoutBody([{ product: p, quantity: 2 }]))).json().order_id;
    const order = (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json();
    const res = await setStatus(id, { ...order, status: 'Delivered', total: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Status Updateed successfully', order: { status: 'Delivered', total: order.total } });
    expect(res.json().order.status_history).toEqual([
      { id: expect.any(Number), from: 'Pending', to: 'Delivered', changed_by: admin.userId, changed_by_name: 'Test Admin', date: expect.any(String) },
    ]);
    expect(await product(p)).toMatchObject({ units_stock: 8, units_sold: 2 });
    for (const to of ['Pending', 'Cancelled', 'Returned', 'Delivered']) expect((await setStatus(id, { status: to })).statusCode).toBe(409);
    expect((await setStatus(id, { status: 'Shipped' })).statusCode).toBe(400);
    expect((await setStatus(999999, { status: 'Delivered' })).statusCode).toBe(404);
  });

  it('puts the stock back and lowers units_sold on Cancelled, and queues the cancellation SMS', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { units_stock: 5 });
    const id = (await checkout(customer, checkoutBody([{ product: p, quantity: 3 }]))).json().order_id;
    expect(await product(p)).toMatchObject({ units_stock: 2, units_sold: 3 });
    expect((await setStatus(id, { status: 'Cancelled' })).statusCode).toBe(200);
    expect(await product(p)).toMatchObject({ units_stock: 5, units_sold: 0 });
    const sms = await smsTo(customer.phone);
    expect(sms.map((m) => m.kind)).toEqual(['order_confirmation', 'order_cancelled']);
    expect((await setStatus(id, { status: 'Returned' })).statusCode).toBe(409);
    expect(await product(p)).toMatchObject({ units_stock: 5, units_sold: 0 });
  });

  it('restocks once when two admins cancel the same order at the same moment (the second gets 409)', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { units_stock: 4 });
    const id = (await checkout(customer, checkoutBody([{ product: p, quantity: 2 }]))).json().order_id;
    const other = await t.signIn({ admin: true });
    const results = await Promise.all([setStatus(id, { status: 'Cancelled' }), setStatus(id, { status: 'Cancelled' }, other)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await product(p)).toMatchObject({ units_stock: 4, units_sold: 0 });
    const history = (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json().status_history;
    expect(history).toHaveLength(1);
  });

  it('marks an order Returned without sending an SMS; its stock comes back only when the parcel is received, never taking units_sold below zero', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { units_stock: 5 });
    const id = (await checkout(customer, checkoutBody([{ product: p, quantity: 2 }]))).json().order_id;
    // An admin corrected the sales figure by hand in the meantime.
    await db().updateTable('products').set({ units_sold: 1 }).where('id', '=', p).execute();
    const returned = await setStatus(id, { status: 'Returned' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().order).toMatchObject({ status: 'Returned', return_status: 'in_transit' });
    expect(await product(p)).toMatchObject({ units_stock: 3, units_sold: 1 });
    const received = await t.app.inject({ method: 'POST', url: `/api/order/${id}/receive-parcel/`, headers: admin.headers });
    expect(received.statusCode, received.body).toBe(200);
    expect(await product(p)).toMatchObject({ units_stock: 5, units_sold: 0 });
    expect((await smsTo(customer.phone)).map((m) => m.kind)).toEqual(['order_confirmation']);
  });

  it('gives admins the invoice data: shop name, address and phones from the settings, the order, lines and totals', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { regular_price: 150, units_stock: 10 });
    const id = (await checkout(customer, checkoutBody([{ product: p, quantity: 2 }]))).json().order_id;
    expect((await t.app.inject({ url: `/api/order/${id}/invoice/`, headers: customer.headers })).statusCode).toBe(403);
    const res = await t.app.inject({ url: `/api/order/${id}/invoice/`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const settings = (await t.app.inject('/api/settings/')).json();
    expect(res.json()).toMatchObject({
      shop: { name: settings.shop_name, address: settings.address, phones: settings.phones },
      order: { id, status: 'Pending' },
      items: [{ product: p, unit_price: 150, quantity: 2, total: 300 }],
      totals: { subtotal: 300, delivery_charge: 60, total: 360 },
    });
    expect((await t.app.inject({ url: '/api/order/999999/invoice/', headers: admin.headers })).statusCode).toBe(404);
  });
});
