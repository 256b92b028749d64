/**
 * What the couriers report besides a delivery, through their webhooks in their documented shapes
 * (the loopback fakes build them): a cancelled or returned parcel makes the order Returned with its
 * goods in transit and no stock moved; a partial delivery with the amount collected makes it
 * Delivered, paid that amount, the rest a return on its way back. A partial delivery the poll finds
 * first (no amount) waits until a webhook brings the money, and is then recorded once.
 */
import { describe, expect, it } from 'vitest';
import { book, db, order, pathao, placeOrder, steadfast, t, withCourierApp } from '../test/courier-app';
import { testDialect } from '../test/database';

const SF = { authorization: 'Bearer sf-token' };
const PATHAO = { 'x-pathao-signature': 'pathao-secret' };

describe(`couriers' cancelled, returned and partial deliveries (${testDialect})`, () => {
  withCourierApp({ courierPollMinutes: 30 }, 2000, { STEADFAST_WEBHOOK_TOKEN: 'sf-token', PATHAO_WEBHOOK_SECRET: 'pathao-secret' });

  const stockOf = async (id: number) => (await db().selectFrom('products').select('units_stock').where('id', '=', id).executeTakeFirstOrThrow()).units_stock;
  const returnsOf = (id: number) => db().selectFrom('returns').select(['status', 'origin', 'id']).where('order_id', '=', id).execute();
  const linesOf = (returnId: number) => db().selectFrom('return_lines').select(['quantity']).where('return_id', '=', returnId).execute();

  /** Two 300 Tk books (660 with delivery) by cash on delivery, booked with `courier`: 8 left on the shelf. */
  async function booked(courier: 'steadfast' | 'pathao') {
    const placed = await placeOrder(2);
    const res = await book(placed.id, courier === 'steadfast' ? { courier } : { courier, recipient_city: 1, recipient_zone: 14 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(placed.product)).toBe(8);
    return { ...placed, consignment: res.json().consignment_id as string };
  }

  const steadfastHook = (payload: object) => t.app.inject({ method: 'POST', url: '/webhooks/steadfast', headers: SF, payload });
  const pathaoHook = (payload: object) => t.app.inject({ method: 'POST', url: '/webhooks/pathao', headers: PATHAO, payload });

  async function expectReturnedInTransit(id: number, product: number) {
    expect(await order(id)).toMatchObject({ status: 'Returned', return_status: 'in_transit', payment_status: 'unpaid', paid_amount: 0 });
    expect(await stockOf(product)).toBe(8);
    expect(await returnsOf(id)).toEqual([expect.objectContaining({ status: 'approved', origin: 'courier' })]);
  }

  async function expectPartlyDelivered(id: number, product: number, collected: number) {
    expect(await order(id)).toMatchObject({ status: 'Delivered', shipment_status: 'partly_delivered', paid_amount: collected, return_status: 'in_transit' });
    expect(await stockOf(product)).toBe(8);
    const returns = await returnsOf(id);
    expect(returns).toEqual([expect.objectContaining({ status: 'approved', origin: 'partial' })]);
  }

  it('Steadfast: a cancelled parcel makes the order Returned, its goods in transit, stock unchanged', async () => {
    const o = await booked('steadfast');
    const res = await steadfastHook(steadfast.deliveryNotice(o.consignment, 'cancelled'));
    expect(res.statusCode, res.body).toBe(200);
    await expectReturnedInTransit(o.id, o.product);
    expect((await order(o.id)).shipment_status).toBe('cancelled');
    // The same notice again changes nothing.
    await steadfastHook(steadfast.deliveryNotice(o.consignment, 'cancelled'));
    expect(await returnsOf(o.id)).toHaveLength(1);
  });

  it('Steadfast: partial_delivered with its cod_amount makes the order Delivered, paid what was collected, the rest in transit; its delivery_charge is the fee', async () => {
    const o = await booked('steadfast');
    const res = await steadfastHook(steadfast.deliveryNotice(o.consignment, 'partial_delivered', { codAmount: 360, deliveryCharge: 70 }));
    expect(res.statusCode, res.body).toBe(200);
    await expectPartlyDelivered(o.id, o.product, 360);
    expect(await order(o.id)).toMatchObject({ delivery_fee: 70, payment_status: 'paid' });
  });

  it('Pathao: a returned parcel and a cancelled pickup make the order Returned, goods in transit, stock unchanged', async () => {
    const returned = await booked('pathao');
    expect((await pathaoHook(pathao.event(returned.consignment, 'order.returned', { reason: 'Customer refused' }))).statusCode).toBe(202);
    await expectReturnedInTransit(returned.id, returned.product);
    expect((await order(returned.id)).shipment_status).toBe('returned');

    const cancelled = await booked('pathao');
    expect((await pathaoHook(pathao.event(cancelled.consignment, 'order.pickup-cancelled'))).statusCode).toBe(202);
    await expectReturnedInTransit(cancelled.id, cancelled.product);
  });

  it('Pathao: a partial delivery with its collected_amount makes the order Delivered, paid that, the rest in transit', async () => {
    const o = await booked('pathao');
    expect((await pathaoHook(pathao.event(o.consignment, 'order.partial-delivery', { collected: 300 }))).statusCode).toBe(202);
    await expectPartlyDelivered(o.id, o.product, 300);
    expect((await order(o.id)).delivery_fee).toBe(pathao.parcels.get(o.consignment)!.delivery_fee);
  });

  it('a partial delivery the poll finds first waits for its money; the webhook that brings it records it once', async () => {
    const o = await booked('steadfast');
    steadfast.setStatus(o.consignment, 'partial_delivered');
    await t.services.shipments.worker.runOnce(Date.now() + 31 * 60_000);
    expect(await order(o.id)).toMatchObject({ status: 'Pending', shipment_status: 'partly_delivered', return_status: null });
    expect(await returnsOf(o.id)).toEqual([]);

    const notice = steadfast.deliveryNotice(o.consignment, 'partial_delivered', { codAmount: 300 });
    const [a, b] = await Promise.all([steadfastHook(notice), steadfastHook(notice)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await expectPartlyDelivered(o.id, o.product, 300);
    const [ret] = await returnsOf(o.id);
    // The courier did not say which units came back: the packer says so when the parcel is received.
    expect(await linesOf(ret!.id)).toEqual([]);
  });

  it('a webhook that names amounts is still only a signal: the courier saying in transit changes nothing', async () => {
    const o = await booked('pathao');
    const forged = { ...pathao.event(o.consignment, 'order.in-transit'), event: 'order.partial-delivery', collected_amount: 1 };
    expect((await pathaoHook(forged)).statusCode).toBe(202);
    expect(await order(o.id)).toMatchObject({ status: 'Pending', shipment_status: 'in_transit', paid_amount: 0 });
  });
});
