/**
 * Booking parcels against the loopback Steadfast and Pathao fakes: the amount to collect, the
 * order's courier fields and the one-part SMS; bulk booking with a refusal among many; the
 * duplicate guard (two clicks at once, a timeout then a retry that adopts the courier's parcel);
 * a courier refusing or not answering (502, the order unbooked).
 */
import { describe, expect, it } from 'vitest';
import { admin, book, db, order, pathao, placeOrder, smsOf, steadfast, t, withCourierApp } from '../test/courier-app';
import { testDialect } from '../test/database';
import { fitsOneSms } from '../../domain/sms';

describe(`booking parcels (${testDialect})`, () => {
  withCourierApp();


  it('books a cash-on-delivery order with Steadfast: the total collected, the order carries the parcel, one SMS part', async () => {
    const { id, customer } = await placeOrder();
    const res = await book(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const row = await order(id);
    expect(body).toMatchObject({ courier: 'steadfast', consignment_id: row.consignment_id, tracking_code: row.tracking_code, shipment_status: 'booked' });
    expect(body.order).toMatchObject({ id, courier: 'steadfast', shipment_status: 'booked' });
    expect(body.order.shipment_events).toEqual([expect.objectContaining({ status: 'booked' })]);
    const parcel = steadfast.parcels.get(row.consignment_id!)!;
    expect(parcel.cod_amount).toBe(row.total);
    expect(parcel.invoice).toBe(String(id));
    const sms = await smsOf(customer.phone, 'shipment_booked');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain(row.tracking_code!);
    expect(sms[0]!.text).toContain(`https://shop.example/track?order=${id}`);
    expect(fitsOneSms(sms[0]!.text)).toBe(true);

    // Booked once: a second booking is refused and the courier is not asked.
    const creates = steadfast.creates;
    expect((await book(id)).statusCode).toBe(409);
    expect(steadfast.creates).toBe(creates);
  });

  it('collects nothing for an order paid online, and keeps the SMS to one part with a long shop name', async () => {
    await t.services.settings.update({ shop_name: 'হাট — পুরান ঢাকার সবচেয়ে বড় বইয়ের দোকান ও প্রকাশনী লিমিটেড' }).catch(async () => {
      await db().updateTable('settings').set({ value: JSON.stringify('হাট — পুরান ঢাকার সবচেয়ে বড় বইয়ের দোকান ও প্রকাশনী লিমিটেড') }).where('key', '=', 'shop_name').execute();
    });
    const { id, customer } = await placeOrder();
    const total = (await order(id)).total;
    await db().updateTable('orders').set({ payment_status: 'paid', paid_amount: total }).where('id', '=', id).execute();
    expect((await book(id)).statusCode).toBe(200);
    expect(steadfast.parcels.get((await order(id)).consignment_id!)!.cod_amount).toBe(0);
    const [sms] = await smsOf(customer.phone, 'shipment_booked');
    expect(fitsOneSms(sms!.text), sms!.text).toBe(true);
  });

  it('books with Pathao with its city and zone', async () => {
    const { id } = await placeOrder(1);
    expect((await book(id, { courier: 'pathao' })).statusCode).toBe(400);
    const res = await book(id, { courier: 'pathao', recipient_city: 1, recipient_zone: 14, item_weight: 0.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ courier: 'pathao', shipment_status: 'booked' });
    expect(pathao.parcels.size).toBe(1);
  });

  it('refuses a courier that is not configured, an order that is not Pending, a customer', async () => {
    const { id, customer } = await placeOrder(1);
    const saved = t.services.shipments.courier('pathao');
    expect(saved).toBeDefined();
    expect((await book(id, { courier: 'steadfast' }, customer.headers)).statusCode).toBe(403);
    await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Cancelled' } });
    const res = await book(id);
    expect(res.statusCode).toBe(400);
    expect((await order(id)).consignment_id).toBeNull();
  });

  it('answers 502 with the courier’s words when it refuses, and leaves the order unbooked (booked on the next try)', async () => {
    const { id } = await placeOrder(1);
    steadfast.failNext = 'The recipient phone is invalid.';
    const res = await book(id);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('The recipient phone is invalid.');
    expect(await order(id)).toMatchObject({ consignment_id: null, courier: null, shipment_status: null });
    expect((await book(id)).statusCode).toBe(200);
  });

  it('books once when two clicks arrive together', async () => {
    const { id } = await placeOrder(1);
    const creates = steadfast.creates;
    const [a, b] = await Promise.all([book(id), book(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(steadfast.creates - creates).toBe(1);
    expect([...steadfast.parcels.values()].filter((p) => p.invoice === String(id))).toHaveLength(1);
  });

  it('answers 502 on a timeout, then a retry adopts the parcel the courier made instead of booking again', async () => {
    const { id } = await placeOrder(1);
    steadfast.delayMs = 700;
    const res = await book(id);
    steadfast.delayMs = 0;
    expect(res.statusCode).toBe(502);
    expect(await order(id)).toMatchObject({ consignment_id: null, status: 'Pending' });
    // The courier made the parcel, but its answer never came.
    const now = new Date().toISOString();
    const sent = { invoice: String(id), cod_amount: (await order(id)).total };
    steadfast.parcels.set('99000001', { consignment_id: 99000001, invoice: String(id), tracking_code: 'LOSTANSWER1', recipient_name: '', recipient_phone: '', recipient_address: '', cod_amount: sent.cod_amount, status: 'in_review', note: '', sent, created_at: now, updated_at: now });
    const creates = steadfast.creates;
    const retry = await book(id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(steadfast.creates).toBe(creates);
    expect([...steadfast.parcels.values()].filter((p) => p.invoice === String(id))).toHaveLength(1);
    expect(await order(id)).toMatchObject({ courier: 'steadfast', status: 'Pending' });
  });

  it('adopts in the poll round a parcel booked without an answer, when nobody retries', async () => {
    const { id, customer } = await placeOrder(1);
    steadfast.delayMs = 700;
    expect((await book(id)).statusCode).toBe(502);
    steadfast.delayMs = 0;
    // The courier has no parcel yet: the round leaves the booking unknown (asked once a poll period).
    expect(await t.services.shipments.worker.runOnce(Date.now() + 31 * 60_000)).toBe(0);
    expect((await order(id)).consignment_id).toBeNull();
    const now = new Date().toISOString();
    const sent = { invoice: String(id) };
    steadfast.parcels.set('99000002', { consignment_id: 99000002, invoice: String(id), tracking_code: 'LOSTANSWER2', recipient_name: '', recipient_phone: '', recipient_address: '', cod_amount: 0, status: 'in_review', note: '', sent, created_at: now, updated_at: now });
    const creates = steadfast.creates;
    const rounds = await Promise.all([1, 2].map(() => t.services.shipments.worker.runOnce(Date.now() + 62 * 60_000)));
    expect(rounds.reduce((a, b) => a + b, 0)).toBe(1);
    expect(steadfast.creates).toBe(creates);
    expect(await order(id)).toMatchObject({ courier: 'steadfast', shipment_status: 'booked' });
    expect((await order(id)).consignment_id).toBeTruthy();
    expect(await smsOf(customer.phone, 'shipment_booked')).toHaveLength(1);
    // The poll adopted it; the admin who sent it is still the one on record.
    expect((await db().selectFrom('shipments').select('created_by').where('order_id', '=', id).executeTakeFirstOrThrow()).created_by).toBe(admin.userId);
  });

  it('books many orders in one call, one refused among them', async () => {
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await placeOrder(1)).id);
    steadfast.bulkFailInvoices.add(String(ids[2]));
    const res = await t.app.inject({ method: 'POST', url: '/api/shipments/', headers: admin.headers, payload: { courier: 'steadfast', orders: ids } });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as { order: number; ok: boolean; consignment_id?: string; message?: string }[];
    expect(results.map((r) => [r.order, r.ok])).toEqual(ids.map((id, i) => [id, i !== 2]));
    expect(results[2]!.message).toBeTruthy();
    for (const [i, id] of ids.entries()) {
      const row = await order(id);
      if (i === 2) expect(row.consignment_id).toBeNull();
      else expect(row).toMatchObject({ courier: 'steadfast', consignment_id: results[i]!.consignment_id, shipment_status: 'booked' });
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/shipments/', headers: admin.headers, payload: { courier: 'steadfast', orders: [ids[0], 999999] } });
    expect(again.json().results).toEqual([expect.objectContaining({ order: ids[0], ok: false }), expect.objectContaining({ order: 999999, ok: false })]);
    expect((await t.app.inject({ method: 'POST', url: '/api/shipments/', headers: admin.headers, payload: { courier: 'steadfast', orders: [] } })).statusCode).toBe(400);
  });

  it('lists the couriers, and asks them with ?check=1', async () => {
    const res = await t.app.inject({ url: '/api/couriers/?check=1', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: 'steadfast', configured: true, ok: true }),
      expect.objectContaining({ id: 'pathao', configured: true, ok: true }),
    ]);
  });
});
