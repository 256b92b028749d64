/**
 * Following parcels against the loopback fakes: the poll worker asks about parcels not yet final
 * once per COURIER_POLL_MINUTES (once under several workers); delivered makes the order Delivered
 * (cash on delivery paid), returned or cancelled makes it Returned with the goods in transit (stock
 * back only when the parcel is received, once), out for delivery
 * sends one SMS; webhooks are accepted only with the configured secret and are only a signal to
 * ask the courier; the public tracking answer for the right pair, a wrong pair and too many tries.
 */
import { describe, expect, it } from 'vitest';
import { admin, db, order, pathao, smsOf, steadfast, t, withCourierApp } from '../test/courier-app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { fitsOneSms } from '../../domain/sms';

const POLL_MINUTES = 30;
const later = (minutes: number) => Date.now() + minutes * 60_000;

describe(`following parcels (${testDialect})`, () => {
  withCourierApp({ courierPollMinutes: POLL_MINUTES }, 2000, { STEADFAST_WEBHOOK_TOKEN: 'sf-webhook-token', PATHAO_WEBHOOK_SECRET: 'pathao-webhook-secret' });

  const stockOf = async (id: number) => (await db().selectFrom('products').select('units_stock').where('id', '=', id).executeTakeFirstOrThrow()).units_stock;
  const runOnce = (at: number) => t.services.shipments.worker.runOnce(at);

  async function bookedOrder(courier: 'steadfast' | 'pathao' = 'steadfast') {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const placed = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 2 }]) });
    const id = placed.json().order_id as number;
    const payload = courier === 'steadfast' ? { courier } : { courier, recipient_city: 1, recipient_zone: 14 };
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${id}/shipment/`, headers: admin.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    return { customer, product, id, consignment: res.json().consignment_id as string };
  }

  it('polls a parcel once per COURIER_POLL_MINUTES; delivered makes the order Delivered and cash on delivery paid', async () => {
    const { id, consignment, product, customer } = await bookedOrder();
    const calls = steadfast.statusCalls;
    expect(await runOnce(later(5))).toBe(0);
    expect(steadfast.statusCalls).toBe(calls);

    steadfast.setStatus(consignment, 'pending');
    expect(await runOnce(later(POLL_MINUTES + 1))).toBeGreaterThanOrEqual(1);
    expect(await order(id)).toMatchObject({ shipment_status: 'in_transit', status: 'Pending' });

    steadfast.setStatus(consignment, 'delivered');
    // Three workers at once: the parcel is asked about and applied once.
    const rounds = await Promise.all([runOnce(later(2 * POLL_MINUTES + 2)), runOnce(later(2 * POLL_MINUTES + 2)), runOnce(later(2 * POLL_MINUTES + 2))]);
    expect(rounds.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const row = await order(id);
    expect(row).toMatchObject({ status: 'Delivered', shipment_status: 'delivered', payment_status: 'paid', paid_amount: row.total });
    expect(await stockOf(product)).toBe(3);
    const view = (await t.app.inject({ url: `/api/order/${id}/`, headers: customer.headers })).json();
    expect(view.status_history).toEqual([expect.objectContaining({ from: 'Pending', to: 'Delivered', changed_by: null })]);
    expect(view.shipment_events.map((e: { status: string }) => e.status)).toEqual(['booked', 'in_transit', 'delivered']);

    // Final: never asked about again.
    const after = steadfast.statusCalls;
    await runOnce(later(10 * POLL_MINUTES));
    expect(steadfast.statusCalls).toBe(after);
  });

  it('a returned parcel makes the order Returned and in transit, stock back only once received; out for delivery sends one SMS part', async () => {
    const { id, consignment, product, customer } = await bookedOrder('pathao');
    expect(await stockOf(product)).toBe(3);
    pathao.setStatus(consignment, 'Assigned_for_Delivery');
    await runOnce(later(POLL_MINUTES + 1));
    expect((await order(id)).shipment_status).toBe('out_for_delivery');
    const sms = await smsOf(customer.phone, 'shipment_out_for_delivery');
    expect(sms).toHaveLength(1);
    expect(fitsOneSms(sms[0]!.text)).toBe(true);

    pathao.setStatus(consignment, 'Return');
    await runOnce(later(2 * POLL_MINUTES + 2));
    expect(await order(id)).toMatchObject({ status: 'Returned', shipment_status: 'returned', payment_status: 'unpaid', return_status: 'in_transit' });
    // The parcel is on its way back: no stock until the shop receives it, then once.
    expect(await stockOf(product)).toBe(3);
    const receive = () => t.app.inject({ method: 'POST', url: `/api/order/${id}/receive-parcel/`, headers: admin.headers });
    expect((await receive()).statusCode).toBe(200);
    expect(await order(id)).toMatchObject({ status: 'Returned', return_status: 'received' });
    expect(await stockOf(product)).toBe(5);
    expect((await receive()).statusCode).toBe(409);
    expect(await stockOf(product)).toBe(5);
  });

  it('takes a Steadfast webhook only with its Bearer token, and then asks Steadfast', async () => {
    const { id, consignment } = await bookedOrder();
    steadfast.setStatus(consignment, 'delivered');
    const calls = steadfast.statusCalls;
    const payload = { notification_type: 'delivery_status', consignment_id: Number(consignment), invoice: String(id), status: 'delivered' };
    for (const authorization of [undefined, 'Bearer wrong', 'Bearer sf-webhook-token-and-more', 'sf-webhook-token']) {
      const res = await t.app.inject({ method: 'POST', url: '/webhooks/steadfast', headers: authorization ? { authorization } : {}, payload });
      expect(res.statusCode).toBe(401);
    }
    expect(steadfast.statusCalls).toBe(calls);
    expect(await order(id)).toMatchObject({ status: 'Pending', shipment_status: 'booked' });

    const ok = await t.app.inject({ method: 'POST', url: '/webhooks/steadfast', headers: { authorization: 'Bearer sf-webhook-token' }, payload });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(steadfast.statusCalls).toBe(calls + 1);
    expect(await order(id)).toMatchObject({ status: 'Delivered', shipment_status: 'delivered', payment_status: 'paid' });

    // A late webhook about a parcel already delivered does not ask again or change anything.
    steadfast.setStatus(consignment, 'cancelled');
    const late = await t.app.inject({ method: 'POST', url: '/webhooks/steadfast', headers: { authorization: 'Bearer sf-webhook-token' }, payload });
    expect(late.statusCode).toBe(200);
    expect(steadfast.statusCalls).toBe(calls + 1);
    expect(await order(id)).toMatchObject({ status: 'Delivered', shipment_status: 'delivered' });
  });

  it('takes a Pathao webhook only with its signature; what it says is not believed, the courier is asked', async () => {
    const { id, consignment, product } = await bookedOrder('pathao');
    const payload = { consignment_id: consignment, merchant_order_id: String(id), event: 'order.returned', order_status: 'Return' };
    const bad = await t.app.inject({ method: 'POST', url: '/webhooks/pathao', headers: { 'x-pathao-signature': 'nope' }, payload });
    expect(bad.statusCode).toBe(401);
    // The courier still says it is on its way: a forged "returned" changes nothing.
    const good = await t.app.inject({ method: 'POST', url: '/webhooks/pathao', headers: { 'x-pathao-signature': 'pathao-webhook-secret' }, payload });
    expect(good.statusCode).toBe(202);
    expect(await order(id)).toMatchObject({ status: 'Pending' });
    pathao.setStatus(consignment, 'Return');
    await t.app.inject({ method: 'POST', url: '/webhooks/pathao', headers: { 'x-pathao-signature': 'pathao-webhook-secret' }, payload });
    expect(await order(id)).toMatchObject({ status: 'Returned', shipment_status: 'returned', return_status: 'in_transit' });
    expect(await stockOf(product)).toBe(3);
  });

  it('tracks an order for its number and phone; a wrong pair is one 404; too many tries are 429', async () => {
    const { id, customer } = await bookedOrder();
    const res = await t.app.inject({ url: `/api/track/?order=${id}&phone=${customer.phone}`, remoteAddress: '10.1.1.1' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ order: id, status: 'Pending', payment_status: 'unpaid', shipment_status: 'booked', courier: 'steadfast' });
    expect(body.events.map((e: { status: string }) => e.status)).toEqual(['Pending', 'booked']);
    const other = await bookedOrder();
    const wrongPhone = await t.app.inject({ url: `/api/track/?order=${id}&phone=${other.customer.phone}`, remoteAddress: '10.1.1.1' });
    const wrongOrder = await t.app.inject({ url: `/api/track/?order=${id + 100000}&phone=${customer.phone}`, remoteAddress: '10.1.1.1' });
    expect(wrongPhone.statusCode).toBe(404);
    expect(wrongOrder.statusCode).toBe(404);
    expect(wrongPhone.json().message).toBe(wrongOrder.json().message);

    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await t.app.inject({ url: `/api/track/?order=${id}&phone=${customer.phone}`, remoteAddress: '10.2.2.2' })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
