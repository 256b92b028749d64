/**
 * Returns opened by staff and asked for by customers (issue 34): staff open an approved return of
 * a Delivered order's units (never more than delivered less what other returns cover; a Pending
 * order is cancelled, not returned; never refunding more than the order holds) and the order stays
 * Delivered, its goods in transit; a customer asks within `return_days` of delivery (0: only by
 * phone), for their own order only; staff approve or reject a request once, and the customer gets
 * exactly one SMS; the order views carry the returns, a customer's without staff's ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../../test/app';
import { testDialect } from '../../test/database';
import { returnCalls } from '../../test/returns-fixtures';
import { RETURN_MESSAGES } from '../../../domain/returns';

describe(`returns opened by staff and asked for by customers (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());
  const r = returnCalls(() => t, () => admin);

  it('opens an approved return of a Delivered order: it stays Delivered with its goods in transit and no stock moves', async () => {
    const { id, products, items } = await r.place([{ price: 300, quantity: 2 }]);
    expect(await r.stockOf(products[0]!)).toBe(3);
    const res = await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: items[0]!.id, quantity: 1, condition: 'damaged' }], reason: 'Torn cover' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), order: id, status: 'approved', origin: 'staff', refund_amount: 300, lines: [{ order_item: items[0]!.id, quantity: 1, condition: 'damaged', received_condition: null }] });
    expect(await r.order(id)).toMatchObject({ status: 'Delivered', return_status: 'in_transit' });
    expect(await r.stockOf(products[0]!)).toBe(3);
    const view = await r.view(id);
    expect(view).toMatchObject({ status: 'Delivered', return_status: 'in_transit', returns: [expect.objectContaining({ id: res.json().id, status: 'approved', created_by: admin.userId })] });
  });

  it('refuses lines not on the order and more units than are left to return, counting every return but a rejected one (400 per line)', async () => {
    const { id, items } = await r.place([{ quantity: 2 }, { quantity: 1 }]);
    const other = await r.place([{}]);
    const first = await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: items[0]!.id, quantity: 1 }], reason: 'Wrong book' });
    expect(first.statusCode).toBe(201);
    const tooMany = await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: items[1]!.id, quantity: 1 }, { order_item: items[0]!.id, quantity: 2 }], reason: 'Again' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ 'lines.1.quantity': [RETURN_MESSAGES.tooMany(items[0]!.product_title, 1)] });
    const foreign = await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: other.items[0]!.id, quantity: 1 }], reason: 'Not ours' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ 'lines.0.order_item': [RETURN_MESSAGES.unknownItem] });
    // What is left may still be returned.
    expect((await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: items[0]!.id, quantity: 1 }, { order_item: items[1]!.id, quantity: 1 }], reason: 'The rest' })).statusCode).toBe(201);
    expect((await r.db().selectFrom('returns').select('id').where('order_id', '=', id).execute()).length).toBe(2);
  });

  it('returns only Delivered orders (a Pending one is cancelled: 409) and never refunds more than the order holds (400)', async () => {
    const pending = await r.place([{}], { deliver: false });
    const res = await r.post(`/api/order/${pending.id}/returns/`, { lines: [{ order_item: pending.items[0]!.id, quantity: 1 }], reason: 'Changed mind' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RETURN_MESSAGES.notDelivered);
    const { id, items } = await r.place([{ price: 300 }]);
    const tooMuch = await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: items[0]!.id, quantity: 1 }], reason: 'Broken', refund_amount: 361 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({ refund_amount: [RETURN_MESSAGES.refundTooHigh] });
    const whole = await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: items[0]!.id, quantity: 1 }], reason: 'Broken', refund_amount: 360 });
    expect(whole.json()).toMatchObject({ refund_amount: 360 });
    expect((await r.post('/api/order/999999/returns/', { lines: [{ order_item: 1, quantity: 1 }], reason: 'x' })).statusCode).toBe(404);
  });

  it("takes a customer's request for their own Delivered order within return_days; someone else's order is 404", async () => {
    const { id, items, customer } = await r.place([{ price: 250, quantity: 2 }]);
    const body = { lines: [{ order_item: items[0]!.id, quantity: 1 }], reason: 'পাতা ছেঁড়া' };
    const stranger = await t.signIn();
    expect((await r.post(`/api/order/${id}/return-request/`, body, stranger)).statusCode).toBe(404);
    const res = await r.post(`/api/order/${id}/return-request/`, body, customer);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(Number), status: 'requested', origin: 'customer', reason: 'পাতা ছেঁড়া', refund_amount: 250, photos: [] });
    expect(res.json()).not.toHaveProperty('created_by');
    // Nothing moves until staff decide: the order's goods are not on their way yet.
    expect(await r.order(id)).toMatchObject({ status: 'Delivered', return_status: null });
    const mine = await r.view(id, customer);
    expect(mine.returns).toEqual([expect.objectContaining({ id: res.json().id, status: 'requested' })]);
    expect(mine.returns[0]).not.toHaveProperty('decided_by');
    expect(mine.return_request_until).toEqual(expect.any(String));
    // A Pending order cannot be returned yet.
    const pending = await r.place([{}], { deliver: false, customer });
    expect((await r.post(`/api/order/${pending.id}/return-request/`, { lines: [{ order_item: pending.items[0]!.id, quantity: 1 }], reason: 'x' }, customer)).statusCode).toBe(409);
  });

  it('refuses a request later than return_days after delivery, and every request when return_days is 0 (400)', async () => {
    const { id, items, customer } = await r.place([{}]);
    const body = { lines: [{ order_item: items[0]!.id, quantity: 1 }], reason: 'Late' };
    await r.db().updateTable('order_status_changes').set({ created_at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString() }).where('order_id', '=', id).where('to_status', '=', 'Delivered').execute();
    const late = await r.post(`/api/order/${id}/return-request/`, body, customer);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(RETURN_MESSAGES.tooLate(7));
    await t.services.settings.update({ return_days: 10 });
    expect((await r.post(`/api/order/${id}/return-request/`, body, customer)).statusCode).toBe(201);
    await t.services.settings.update({ return_days: 0 });
    try {
      const fresh = await r.place([{}], { customer });
      const closed = await r.post(`/api/order/${fresh.id}/return-request/`, { lines: [{ order_item: fresh.items[0]!.id, quantity: 1 }], reason: 'x' }, customer);
      expect(closed.statusCode).toBe(400);
      expect(closed.json().message).toBe(RETURN_MESSAGES.closed);
      expect((await r.view(fresh.id, customer)).return_request_until).toBeNull();
    } finally {
      await t.services.settings.update({ return_days: 7 });
    }
  });

  it('approves or rejects a request once; the customer gets exactly one SMS either way; approval puts the goods in transit', async () => {
    const { id, items, customer } = await r.place([{ quantity: 2 }]);
    const ask = async () => (await r.post(`/api/order/${id}/return-request/`, { lines: [{ order_item: items[0]!.id, quantity: 1 }], reason: 'Wrong edition' }, customer)).json().id as number;
    const first = await ask();
    const second = await ask();

    const noReason = await r.post(`/api/returns/${second}/reject/`, {});
    expect(noReason.statusCode).toBe(400);
    const rejected = await r.post(`/api/returns/${second}/reject/`, { reason: 'Outside our policy' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', decision_reason: 'Outside our policy', decided_by: admin.userId });
    expect(await r.order(id)).toMatchObject({ return_status: null });

    const both = await Promise.all([r.post(`/api/returns/${first}/approve/`), r.post(`/api/returns/${first}/approve/`)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await r.post(`/api/returns/${first}/reject/`, { reason: 'Too late' })).statusCode).toBe(409);
    expect(await r.order(id)).toMatchObject({ status: 'Delivered', return_status: 'in_transit' });

    const sms = await r.smsTo(customer.phone, 'return_decision');
    expect(sms).toHaveLength(2);
    expect(sms[0]!.text).toContain('গ্রহণ করা যায়নি');
    expect(sms[0]!.text).toContain('Outside our policy');
    expect(sms[1]!.text).toContain('গ্রহণ করা হয়েছে');
    expect((await r.post('/api/returns/999999/approve/')).statusCode).toBe(404);
  });

  it('lists returns newest first or oldest first, by state and order, in the usual envelope', async () => {
    const { id, items } = await r.place([{ quantity: 3 }]);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: items[0]!.id, quantity: 1 }], reason: `#${i}` })).json().id);
    const list = await t.app.inject({ url: `/api/returns/?order=${id}&status=approved&page_size=2`, headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 3, previous: null, next: expect.stringContaining('page=2') });
    expect(list.json().results.map((x: { id: number }) => x.id)).toEqual([ids[2], ids[1]]);
    expect(list.json().results[0]).toMatchObject({ customer: { name: expect.any(String), phone_number: expect.any(String) }, order_status: 'Delivered', return_status: 'in_transit' });
    const oldest = await t.app.inject({ url: `/api/returns/?order=${id}&ordering=id`, headers: admin.headers });
    expect(oldest.json().results.map((x: { id: number }) => x.id)).toEqual(ids);
    expect((await t.app.inject({ url: '/api/returns/?status=lost', headers: admin.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/returns/${ids[0]}/`, headers: admin.headers })).json()).toMatchObject({ id: ids[0], order: id });
    expect((await t.app.inject({ url: '/api/returns/999999/', headers: admin.headers })).statusCode).toBe(404);
  });

  it('lists the returns received on a Dhaka day, whenever they were opened (the back office\'s "received today")', async () => {
    const { id, items } = await r.place([{ quantity: 2 }]);
    const opened = (await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: items[0]!.id, quantity: 1 }], reason: 'Torn' })).json().id as number;
    expect((await r.post(`/api/returns/${opened}/receive/`)).statusCode).toBe(200);
    // Received at 23:30 on 1 March in Dhaka (17:30 UTC): that day, not the next.
    await r.db().updateTable('returns').set({ received_at: '2026-03-01T17:30:00.000Z' }).where('id', '=', opened).execute();
    const on = async (day: string) => (await t.app.inject({ url: `/api/returns/?received_on=${day}&order=${id}`, headers: admin.headers })).json().results.map((x: { id: number }) => x.id);
    expect(await on('2026-03-01')).toEqual([opened]);
    expect(await on('2026-03-02')).toEqual([]);
    expect((await t.app.inject({ url: '/api/returns/?received_on=2026-02-30', headers: admin.headers })).statusCode).toBe(400);
  });
});
