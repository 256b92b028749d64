/**
 * Bookings without an answer, against the loopback fakes: at Pathao (which cannot be asked for a
 * parcel by order) a retry is refused until the admin enters the parcel's consignment id or
 * confirms there is none; a 5xx or a bulk timeout is unknown, never refused (so no other courier
 * books it too); a parcel found already delivered settles the order, a cancelled one is not
 * adopted; unknown bookings are looked up once a poll period; an order paid online goes out only
 * once its payment is settled, and a booked order's payment hold never cancels it; the address
 * keeps its upazila and district.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, book, db, order, pathao, placeOrder, smsOf, steadfast, t, withCourierApp } from '../test/courier-app';
import { testDialect } from '../test/database';

const POLL_MINUTES = 30;
const later = (minutes: number) => Date.now() + minutes * 60_000;
const PATHAO = { courier: 'pathao', recipient_city: 1, recipient_zone: 14 };

describe(`bookings without an answer (${testDialect})`, () => {
  withCourierApp({ courierPollMinutes: POLL_MINUTES });
  beforeAll(async () => {
    // Pathao's token is taken before any answer is delayed.
    await t.app.inject({ url: '/api/couriers/?check=1', headers: admin.headers });
  });

  const shipment = (id: number) => db().selectFrom('shipments').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
  const bulk = (courier: string, orders: number[]) => t.app.inject({ method: 'POST', url: '/api/shipments/', headers: admin.headers, payload: { courier, orders } });

  /** A booking whose answer never came; the courier made the parcel all the same. */
  async function timedOut(id: number, courier: 'steadfast' | 'pathao') {
    const fake = courier === 'pathao' ? pathao : steadfast;
    fake.delayMs = 700;
    expect((await book(id, courier === 'pathao' ? PATHAO : { courier })).statusCode).toBe(502);
    fake.delayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await shipment(id)).booking).toBe('unknown');
    const now = new Date().toISOString();
    if (courier === 'pathao' && !pathao.byOrder(id).length) {
      pathao.parcels.set(`DLLOST${id}`, { consignment_id: `DLLOST${id}`, merchant_order_id: String(id), order_status: 'Pending', delivery_fee: 60, sent: {}, updated_at: now });
    }
    if (courier === 'steadfast' && !steadfast.byInvoice(id)) {
      const cid = 98000000 + id;
      steadfast.parcels.set(String(cid), { consignment_id: cid, invoice: String(id), tracking_code: `LOST${id}`, recipient_name: '', recipient_phone: '', recipient_address: '', cod_amount: 0, status: 'in_review', note: '', sent: {}, created_at: now, updated_at: now });
    }
  }

  it('after a Pathao timeout a retry is refused until the admin enters the parcel it made, which is then recorded', async () => {
    const { id } = await placeOrder(1);
    await timedOut(id, 'pathao');
    const creates = pathao.creates;
    const retry = await book(id, PATHAO);
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json()).toMatchObject({ unsure_booking: true, courier: 'pathao', message: expect.stringContaining('Pathao merchant panel') });
    const inBulk = await bulk('pathao', [id]);
    expect(inBulk.json().results).toEqual([expect.objectContaining({ order: id, ok: false, message: expect.stringContaining('consignment id') })]);
    expect(pathao.creates).toBe(creates);
    // The poll cannot ask Pathao either, but counts it as asked, so it waits a period like the rest.
    await t.services.shipments.worker.runOnce(later(1));
    expect((await shipment(id)).polled_at).not.toBeNull();

    const made = pathao.byOrder(id)[0]!.consignment_id;
    const adopted = await book(id, { ...PATHAO, consignment_id: made });
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(pathao.creates).toBe(creates);
    expect(pathao.byOrder(id)).toHaveLength(1);
    expect(await order(id)).toMatchObject({ courier: 'pathao', consignment_id: made, tracking_code: made, shipment_status: 'booked' });
  });

  it('after a Pathao timeout the admin may confirm there is no parcel, and it is booked', async () => {
    const { id } = await placeOrder(1);
    await timedOut(id, 'pathao');
    pathao.parcels.delete(pathao.byOrder(id)[0]!.consignment_id);
    const res = await book(id, { ...PATHAO, confirm_not_booked: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(pathao.byOrder(id)).toHaveLength(1);
    expect((await order(id)).consignment_id).toBe(pathao.byOrder(id)[0]!.consignment_id);
  });

  it('a 5xx answer to a booking is unknown, not refused: no other courier books it, the retry adopts the parcel', async () => {
    const { id } = await placeOrder(1);
    steadfast.madeButAnswers = 502;
    expect((await book(id)).statusCode).toBe(502);
    expect(await shipment(id)).toMatchObject({ booking: 'unknown' });
    expect((await book(id, PATHAO)).statusCode).toBe(409);
    expect(pathao.byOrder(id)).toHaveLength(0);
    const creates = steadfast.creates;
    expect((await book(id)).statusCode).toBe(200);
    expect(steadfast.creates).toBe(creates);
    expect([...steadfast.parcels.values()].filter((p) => p.invoice === String(id))).toHaveLength(1);
  });

  it('a bulk booking without an answer leaves each order unknown, so no other courier books it', async () => {
    const ids = [(await placeOrder(1)).id, (await placeOrder(1)).id];
    steadfast.delayMs = 700;
    const res = await bulk('steadfast', ids);
    steadfast.delayMs = 0;
    expect(res.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([false, false]);
    for (const id of ids) expect((await shipment(id)).booking).toBe('unknown');
    expect((await book(ids[0]!, PATHAO)).statusCode).toBe(409);
    expect(pathao.byOrder(ids[0]!)).toHaveLength(0);
  });

  it('a parcel found already delivered settles the order without a "booked" SMS; a cancelled one is not adopted', async () => {
    const { id, customer } = await placeOrder(1);
    await timedOut(id, 'steadfast');
    steadfast.setStatus(steadfast.byInvoice(id)!.consignment_id, 'delivered');
    expect((await book(id)).statusCode).toBe(200);
    const row = await order(id);
    expect(row).toMatchObject({ status: 'Delivered', shipment_status: 'delivered', payment_status: 'paid', paid_amount: row.total });
    expect(await smsOf(customer.phone, 'shipment_booked')).toHaveLength(0);

    const other = await placeOrder(1);
    await timedOut(other.id, 'steadfast');
    steadfast.setStatus(steadfast.byInvoice(other.id)!.consignment_id, 'cancelled');
    const refused = await book(other.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('cancelled');
    expect(await order(other.id)).toMatchObject({ status: 'Pending', consignment_id: null });
    expect((await shipment(other.id)).booking).toBe('failed');
    // Booked anew (here with Pathao: Steadfast keeps the invoice).
    expect((await book(other.id, PATHAO)).statusCode).toBe(200);
  });

  it('looks up a booking without an answer once a poll period, by when it was last tried', async () => {
    const { id } = await placeOrder(1);
    await timedOut(id, 'steadfast');
    steadfast.parcels.delete(String(steadfast.byInvoice(id)!.consignment_id));
    // Only this order's booking is unknown, so the fake's count of lookups is this order's.
    await db().updateTable('shipments').set({ booking: 'failed' }).where('booking', '=', 'unknown').where('order_id', '!=', id).execute();
    // First tried two days ago, tried again just now: still looked up.
    await db().updateTable('shipments').set({ created_at: new Date(Date.now() - 48 * 3600_000).toISOString() }).where('order_id', '=', id).execute();
    let calls = steadfast.statusCalls;
    await t.services.shipments.worker.runOnce(later(1));
    expect(steadfast.statusCalls).toBe(calls + 1);
    calls = steadfast.statusCalls;
    await t.services.shipments.worker.runOnce(later(2));
    await t.services.shipments.worker.runOnce(later(POLL_MINUTES - 1));
    expect(steadfast.statusCalls).toBe(calls);
  });

  it('refuses to send an order paid online until its payment is settled; a booked order is never cancelled by its payment hold', async () => {
    const { id } = await placeOrder(1);
    await db().updateTable('orders').set({ payment_gateway: 'bkash_online', payment_status: 'pending', payment_hold_until: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', id).execute();
    const creates = steadfast.creates;
    const res = await book(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('pending');
    expect(steadfast.creates).toBe(creates);

    // A booked order whose payment is somehow open: the hold worker leaves it to the admin.
    await db().updateTable('orders').set({ payment_status: 'paid' }).where('id', '=', id).execute();
    expect((await book(id)).statusCode).toBe(200);
    await db().updateTable('orders').set({ payment_status: 'pending' }).where('id', '=', id).execute();
    const payments = t.services.orders.payments;
    expect(await payments.expiredHolds(new Date().toISOString(), 1000)).not.toContain(id);
    const cancelled = await db().transaction().execute((trx) => payments.cancelUnpaid(trx, id, { holdExpiredAt: new Date().toISOString(), reason: 'hold_expired', shopName: 'Shop' }));
    expect(cancelled).toBe(false);
    expect((await order(id)).status).toBe('Pending');
  });

  it('sends the courier an address that keeps its upazila and district however long the street', async () => {
    const { id } = await placeOrder(1);
    await db().updateTable('orders').set({ delivery_address: `House 12, ${'Road 7, '.repeat(40)}near the mosque` }).where('id', '=', id).execute();
    expect((await book(id)).statusCode).toBe(200);
    const row = await order(id);
    const sent = String(steadfast.byInvoice(id)!.sent.recipient_address);
    expect(sent.length).toBeLessThanOrEqual(220);
    expect(sent.endsWith(`${row.upazila_thana}, ${row.district}`)).toBe(true);
  });
});
