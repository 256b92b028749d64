/**
 * Staff editing a Pending order before booking (`PUT /api/order/{id}/` with lines, address
 * fields or delivery_option; issue 33): re-priced at today's prices and promotions, stock moved
 * by the difference in the same transaction, a history row, refused once booked or no longer
 * Pending, and today's status PUT untouched. On SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';
import { DESK_MESSAGES } from '../../domain/order-desk';
import { editHistoryOf } from './edits';

describe(`editing a Pending order before booking (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  let customer: Signed;
  beforeAll(async () => ({ t, admin, customer } = await openSignedApp()));
  afterAll(() => t.close());

  const { db, product, checkout } = orderCalls(() => t);
  const put = (id: number, payload: unknown, who: Signed = admin) => t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: who.headers, payload: payload as object });
  const served = async (id: number) => (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json() as Record<string, unknown> & { total: number; items: { id: number; product: number }[] };
  const order = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = (id: number) => editHistoryOf(db(), id, t.services.users);
  const place = async (lines: { product: number; quantity: number }[], extra: Record<string, unknown> = {}) => {
    const res = await checkout(customer, checkoutBody(lines, extra));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order_id as number;
  };

  it('re-prices the whole order at today\'s prices and moves stock by the difference: more taken, less given back', async () => {
    const a = await insertProduct(db(), { regular_price: 300, units_stock: 10 });
    const b = await insertProduct(db(), { regular_price: 200, units_stock: 5 });
    const c = await insertProduct(db(), { regular_price: 100, units_stock: 2 });
    const id = await place([{ product: a, quantity: 2 }, { product: b, quantity: 1 }]);
    const kept = (await served(id)).items.find((i) => i.product === a)!.id;
    // The price of a rose since checkout: the edit charges today's.
    await db().updateTable('products').set({ regular_price: 350 }).where('id', '=', a).execute();
    const res = await put(id, { lines: [{ product: a, quantity: 3 }, { product: c, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, order: { id, subtotal: 1150, delivery_charge: 60, discount_total: 0, total: 1210, status: 'Pending' } });
    expect(res.json()).not.toHaveProperty('coupon_dropped');
    expect(res.json().order.items).toEqual([
      expect.objectContaining({ id: kept, product: a, quantity: 3, unit_price: 350, total: 1050 }),
      expect.objectContaining({ product: c, quantity: 1, unit_price: 100, total: 100 }),
    ]);
    expect(await product(a)).toMatchObject({ units_stock: 7, units_sold: 3 });
    expect(await product(b)).toMatchObject({ units_stock: 5, units_sold: 0 });
    expect(await product(c)).toMatchObject({ units_stock: 1, units_sold: 1 });
  });

  it('edits the address and delivery option (its charge today), writing a history row with before and after', async () => {
    const p = await insertProduct(db(), { regular_price: 250 });
    const id = await place([{ product: p, quantity: 1 }]);
    const res = await put(id, { district: 'চট্টগ্রাম', upazila_thana: 'পাঁচলাইশ', delivery_option: 'courier', optional_phone_number: '+8801912345678' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      district: 'চট্টগ্রাম',
      upazila_thana: 'পাঁচলাইশ',
      delivery_address: 'বাড়ি ১২, রোড ৩',
      optional_phone_number: '01912345678',
      delivery_option: 'কুরিয়ার (ফুল পেমেন্ট করতে হবে)',
      delivery_charge: 80,
      total: 330,
    });
    const rows = await history(id);
    // The order as staff see it carries the same history; the customer's view does not.
    expect(res.json().order.edits).toEqual(rows);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        at: expect.anything(),
        user: admin.userId,
        user_name: 'Test Admin',
        before: { district: 'ঢাকা', upazila_thana: 'মিরপুর', optional_phone_number: '', delivery_option: 'হোম ডেলিভারি (ঢাকা সিটির ভেতরে)', subtotal: 250, delivery_charge: 60, discount_total: 0, total: 310 },
        after: { district: 'চট্টগ্রাম', upazila_thana: 'পাঁচলাইশ', optional_phone_number: '01912345678', delivery_option: 'কুরিয়ার (ফুল পেমেন্ট করতে হবে)', subtotal: 250, delivery_charge: 80, discount_total: 0, total: 330 },
      },
    ]);
    const withLines = await put(id, { lines: [{ product: p, quantity: 2 }] });
    expect(withLines.statusCode).toBe(200);
    const last = (await history(id))[1]!;
    expect(last.before).toMatchObject({ lines: [{ product: p, quantity: 1, unit_price: 250, total: 250 }], total: 330 });
    expect(last.after).toMatchObject({ lines: [{ product: p, quantity: 2, unit_price: 250, total: 500 }], total: 580 });
  });

  it('answers 409 with checkout\'s out-of-stock shape when a product is short, and changes nothing', async () => {
    const p = await insertProduct(db(), { regular_price: 300, units_stock: 3 });
    const id = await place([{ product: p, quantity: 2 }]);
    const before = await order(id);
    const res = await put(id, { lines: [{ product: p, quantity: 4 }], delivery_address: 'নতুন ঠিকানা' });
    expect(res.statusCode).toBe(409);
    expect(res.json().out_of_stock).toEqual([expect.objectContaining({ product: p, available: 1 })]);
    expect(await product(p)).toMatchObject({ units_stock: 1, units_sold: 2 });
    expect(await order(id)).toMatchObject({ total: before.total, delivery_address: before.delivery_address });
    expect(await history(id)).toEqual([]);
  });

  it('answers 409 once the order is booked with a courier, and changes nothing', async () => {
    const p = await insertProduct(db(), { units_stock: 5 });
    const id = await place([{ product: p, quantity: 1 }]);
    const booked = await db().transaction().execute((trx) =>
      t.services.orders.shipments.markBooked(trx, { id, courier: 'steadfast', consignmentId: `C-${id}`, trackingCode: `T-${id}`, state: 'booked', codAmount: 360 }),
    );
    expect(booked).toBe(true);
    const res = await put(id, { lines: [{ product: p, quantity: 2 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DESK_MESSAGES.booked(id));
    expect(await product(p)).toMatchObject({ units_stock: 4 });
  });

  it('a booking that worked out its COD before an edit re-priced the order is not recorded on it', async () => {
    const p = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const id = await place([{ product: p, quantity: 1 }]);
    const readTotal = (await order(id)).total;
    expect((await put(id, { lines: [{ product: p, quantity: 2 }] })).statusCode).toBe(200);
    const mark = (total: number) =>
      db().transaction().execute((trx) => t.services.orders.shipments.markBooked(trx, { id, courier: 'steadfast', consignmentId: `E-${id}`, trackingCode: `E-${id}`, state: 'booked', codAmount: total, total }));
    expect(await mark(readTotal)).toBe(false);
    expect(await order(id)).toMatchObject({ consignment_id: null });
    expect(await mark((await order(id)).total)).toBe(true);
  });

  it('an address-only edit keeps the figures the customer agreed to, even when prices moved since', async () => {
    const p = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const id = await place([{ product: p, quantity: 1 }]);
    await db().updateTable('products').set({ regular_price: 390 }).where('id', '=', p).execute();
    const res = await put(id, { delivery_address: 'বাড়ি ৯, রোড ১', upazila_thana: 'ধানমন্ডি' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ delivery_address: 'বাড়ি ৯, রোড ১', upazila_thana: 'ধানমন্ডি', subtotal: 300, total: 360 });
    expect(res.json().order.items[0]).toMatchObject({ unit_price: 300 });
    const [row] = await history(id);
    expect(row).toMatchObject({ before: { delivery_address: 'বাড়ি ১২, রোড ৩', upazila_thana: 'মিরপুর' }, after: { delivery_address: 'বাড়ি ৯, রোড ১', upazila_thana: 'ধানমন্ডি' } });
    expect(row!.after).not.toHaveProperty('total');
  });

  it('refuses (409) an edit that would leave the shop holding more money than the new total, and changes nothing', async () => {
    const a = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const b = await insertProduct(db(), { regular_price: 400, units_stock: 5 });
    const id = await place([{ product: a, quantity: 1 }, { product: b, quantity: 1 }]);
    const paid = await t.app.inject({ method: 'POST', url: `/api/order/${id}/payments/`, headers: admin.headers, payload: { method: 'cash', amount: 760 } });
    expect(paid.statusCode, paid.body).toBe(201);
    const res = await put(id, { lines: [{ product: a, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ total: 360, paid: 760 });
    expect(await order(id)).toMatchObject({ total: 760, payment_status: 'paid' });
    expect(await product(b)).toMatchObject({ units_stock: 4 });
    expect(await history(id)).toEqual([]);
  });

  it('keeps the title of each line in the history, so a removed line still reads', async () => {
    const a = await insertProduct(db(), { title: 'Removed Later', units_stock: 5 });
    const b = await insertProduct(db(), { title: 'Kept Book', units_stock: 5 });
    const id = await place([{ product: a, quantity: 1 }, { product: b, quantity: 1 }]);
    expect((await put(id, { lines: [{ product: b, quantity: 2 }] })).statusCode).toBe(200);
    const [row] = await history(id);
    expect(row!.before.lines).toEqual([expect.objectContaining({ product: a, title: 'Removed Later' }), expect.objectContaining({ product: b, title: 'Kept Book' })]);
    expect(row!.after.lines).toEqual([expect.objectContaining({ product: b, title: 'Kept Book', quantity: 2 })]);
  });

  it('answers 409 for an order no longer Pending', async () => {
    const p = await insertProduct(db(), { units_stock: 5 });
    const id = await place([{ product: p, quantity: 1 }]);
    expect((await put(id, { status: 'Cancelled' })).statusCode).toBe(200);
    const res = await put(id, { lines: [{ product: p, quantity: 2 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DESK_MESSAGES.notPending(id, 'Cancelled'));
    expect(await product(p)).toMatchObject({ units_stock: 5, units_sold: 0 });
    expect((await put(999999, { lines: [{ product: p, quantity: 1 }] })).statusCode).toBe(404);
  });

  it('answers 400 for a status together with an edit, an unknown key, an unknown delivery option or too many units, changing nothing', async () => {
    const p = await insertProduct(db(), { units_stock: 50 });
    const id = await place([{ product: p, quantity: 1 }]);
    const both = await put(id, { status: 'Cancelled', lines: [{ product: p, quantity: 2 }] });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(DESK_MESSAGES.statusWithEdit);
    const unknown = await put(id, { lines: [{ product: p, quantity: 2 }], is_admin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ is_admin: ['Unknown field.'] });
    expect((await put(id, { delivery_option: 'by_drone' })).json()).toMatchObject({ status: 400, errors: { delivery_option: [expect.any(String)] } });
    expect((await put(id, { lines: [{ product: p, quantity: 11 }] })).json()).toMatchObject({ status: 400, errors: { lines: [expect.any(String)] } });
    expect((await put(id, { lines: [] })).statusCode).toBe(400);
    expect(await order(id)).toMatchObject({ status: 'Pending', total: 360 });
    expect(await product(p)).toMatchObject({ units_stock: 49 });
  });

  it('ignores values as the API served them: the whole order sent back with a status moves the status as before', async () => {
    const p = await insertProduct(db(), { units_stock: 5 });
    const id = await place([{ product: p, quantity: 2 }]);
    const whole = await served(id);
    // The delivery option by its id, where the order stores its label, is the same option.
    const res = await put(id, { ...whole, delivery_option: 'dhaka_home', status: 'Delivered' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Status Updateed successfully', order: { status: 'Delivered' } });
    expect(await history(id)).toEqual([]);
    expect(await product(p)).toMatchObject({ units_stock: 3, units_sold: 2 });
  });

  it('reads the whole order sent back with one field changed (and its own status) as an edit; with nothing changed and no status, 400', async () => {
    const p = await insertProduct(db(), { units_stock: 5 });
    const id = await place([{ product: p, quantity: 1 }]);
    const whole = await served(id);
    const res = await put(id, { ...whole, delivery_address: 'বাড়ি ৯, রোড ১' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ delivery_address: 'বাড়ি ৯, রোড ১', status: 'Pending' });
    const { status: _status, ...unchanged } = await served(id);
    const nothing = await put(id, unchanged);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(DESK_MESSAGES.noEdit);
    expect(await history(id)).toHaveLength(1);
  });

  it("applies the order's coupon again with the same one use, and drops it (coupon_dropped) once the lines miss its minimum", async () => {
    const p = await insertProduct(db(), { regular_price: 300, units_stock: 20 });
    const code = `EDIT${p}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/promotion/',
      headers: admin.headers,
      payload: { name: 'Edit coupon', kind: 'percentage', value: 10, code, applies_to: { products: [p] }, min_subtotal: 500, usage_limit: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const promotion = created.json().id as number;
    const uses = async () => (await t.app.inject({ url: `/api/promotion/${promotion}/`, headers: admin.headers })).json().used_count as number;
    const redemptions = () => db().selectFrom('promotion_redemptions').select(['released_at']).where('promotion_id', '=', promotion).execute();
    const id = await place([{ product: p, quantity: 2 }], { coupon: code });
    expect(await order(id)).toMatchObject({ discount_total: 60, total: 600 });
    const more = await put(id, { lines: [{ product: p, quantity: 3 }] });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).not.toHaveProperty('coupon_dropped');
    expect(more.json().order).toMatchObject({ subtotal: 900, discount_total: 90, total: 870, discounts: [expect.objectContaining({ code, amount: 90 })] });
    expect(await uses()).toBe(1);
    expect(await redemptions()).toEqual([{ released_at: null }]);
    const fewer = await put(id, { lines: [{ product: p, quantity: 1 }] });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json()).toMatchObject({ coupon_dropped: code, order: { subtotal: 300, discount_total: 0, total: 360, discounts: [] } });
    expect(await uses()).toBe(0);
    expect(await redemptions()).toEqual([]);
    expect((await history(id))[1]).toMatchObject({ before: { coupon: code }, after: { coupon: null } });
  });

  it('leaves an edited order one use of its coupon to take back if it is cancelled and reopened later', async () => {
    const p = await insertProduct(db(), { regular_price: 300, units_stock: 20 });
    const code = `REOPEN${p}`;
    const created = await t.app.inject({ method: 'POST', url: '/api/promotion/', headers: admin.headers, payload: { name: 'Reopen', kind: 'percentage', value: 10, code, applies_to: { products: [p] }, usage_limit: 5 } });
    const promotion = created.json().id as number;
    const id = await place([{ product: p, quantity: 1 }], { coupon: code });
    expect((await put(id, { lines: [{ product: p, quantity: 2 }] })).statusCode).toBe(200);
    expect((await put(id, { status: 'Cancelled' })).statusCode).toBe(200);
    // What a late payment's reopening does (transitions.ts retake_promotions).
    await db().transaction().execute((trx) => t.services.promotions.retake(trx, id));
    const rows = await db().selectFrom('promotion_redemptions').select('released_at').where('promotion_id', '=', promotion).execute();
    expect(rows).toEqual([{ released_at: null }]);
    expect((await t.app.inject({ url: `/api/promotion/${promotion}/`, headers: admin.headers })).json().used_count).toBe(1);
  });

  it('keeps money received: a paid order whose total grows is partly paid, and paid again when it shrinks back', async () => {
    const p = await insertProduct(db(), { regular_price: 300, units_stock: 10 });
    const id = await place([{ product: p, quantity: 1 }]);
    const paid = await t.app.inject({ method: 'POST', url: `/api/order/${id}/payments/`, headers: admin.headers, payload: { method: 'cash', amount: 360 } });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await order(id)).toMatchObject({ payment_status: 'paid', paid_amount: 360 });
    expect((await put(id, { lines: [{ product: p, quantity: 2 }] })).json().order).toMatchObject({ total: 660, paid_amount: 360, payment_status: 'partly_paid' });
    expect((await put(id, { lines: [{ product: p, quantity: 1 }] })).json().order).toMatchObject({ total: 360, paid_amount: 360, payment_status: 'paid' });
  });

  it('refuses to change the total of an order paid online (409), while its address may still change', async () => {
    const p = await insertProduct(db(), { regular_price: 300, units_stock: 10 });
    const id = await place([{ product: p, quantity: 1 }]);
    await db().updateTable('orders').set({ payment_gateway: 'sslcommerz' }).where('id', '=', id).execute();
    const res = await put(id, { lines: [{ product: p, quantity: 2 }] });
    expect(res.statusCode).toBe(409);
    expect(await product(p)).toMatchObject({ units_stock: 9 });
    expect((await put(id, { delivery_address: 'অন্য ঠিকানা' })).statusCode).toBe(200);
  });

  it('never moves stock twice when several edits of one order run at once: final stock = initial − final quantity', async () => {
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 30 });
    const id = await place([{ product: p, quantity: 1 }]);
    const other = await t.signIn({ admin: true });
    const quantities = [3, 5, 2, 7];
    const results = await Promise.all(quantities.map((quantity, i) => put(id, { lines: [{ product: p, quantity }] }, i % 2 ? other : admin)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const final = (await order(id)).total - 60;
    const quantity = final / 100;
    expect(quantities).toContain(quantity);
    expect(await product(p)).toMatchObject({ units_stock: 30 - quantity, units_sold: quantity });
    const rows = await history(id);
    expect(rows).toHaveLength(4);
    // Each edit started from the lines the one before it left.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.before.lines).toEqual(rows[i - 1]!.after.lines);
  });

  it('gives the stock back exactly once when an edit and a cancellation race', async () => {
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 10 });
    const id = await place([{ product: p, quantity: 2 }]);
    const [edit, cancel] = await Promise.all([put(id, { lines: [{ product: p, quantity: 4 }] }), put(id, { status: 'Cancelled' })]);
    expect(cancel.statusCode).toBe(200);
    expect([200, 409]).toContain(edit.statusCode);
    expect(await product(p)).toMatchObject({ units_stock: 10, units_sold: 0 });
  });
});
