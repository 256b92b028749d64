/**
 * Order SMS go to the phone of the account that placed the order, never to the delivery phone
 * typed at checkout (that one is the courier's to call): otherwise anyone could make the shop
 * text any number. Checkout, cancelling, payment and the courier's messages all follow it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';
import { startFakePathao, type FakePathao } from '../shipments/couriers/pathao/fake';

const STRANGER = '01999888777';
const later = (minutes: number) => Date.now() + minutes * 60_000;

describe(`order SMS recipient (${testDialect})`, () => {
  let t: TestApp;
  let pathao: FakePathao;
  let admin: Signed;
  beforeAll(async () => {
    pathao = await startFakePathao();
    Object.assign(process.env, pathao.env, { PATHAO_TIMEOUT_MS: '2000' });
    t = await createTestApp({ publicUrl: 'https://shop.example', courierPollMinutes: 30 });
    admin = await t.signIn({ admin: true });
  });
  afterAll(async () => {
    await t.close();
    await pathao.close();
  });

  const { db, checkout, smsTo } = orderCalls(() => t);

  /** An order whose delivery phone is a stranger's. */
  async function strangersOrder() {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const res = await checkout(customer, checkoutBody([{ product, quantity: 1 }], { phone_number: STRANGER }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().order_id as number;
    const order = (await t.app.inject({ url: `/api/order/${id}/`, headers: customer.headers })).json();
    // The courier still gets the delivery phone.
    expect(order.phone_number).toBe(STRANGER);
    return { customer, id };
  }
  const kinds = async (phone: string) => (await smsTo(phone)).map((s) => s.kind);

  it('texts the order confirmation to the account phone, not to the delivery phone typed at checkout', async () => {
    const { customer } = await strangersOrder();
    expect(await kinds(customer.phone)).toEqual(['order_confirmation']);
    expect(await kinds(STRANGER)).toEqual([]);
  });

  it('texts a cancelled order to the account phone', async () => {
    const { customer, id } = await strangersOrder();
    const res = await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Cancelled' } });
    expect(res.statusCode).toBe(200);
    expect(await kinds(customer.phone)).toEqual(['order_confirmation', 'order_cancelled']);
    expect(await kinds(STRANGER)).toEqual([]);
  });

  it('texts "payment received" and an unpaid order cancelled by the system to the account phone', async () => {
    const paid = await strangersOrder();
    const total = (await db().selectFrom('orders').select('total').where('id', '=', paid.id).executeTakeFirstOrThrow()).total;
    expect(await t.services.orders.payments.markPaid(db(), { id: paid.id, gateway: 'bkash_online', reference: 'TRX1', amount: total, shopName: 'Haat' })).toBe('paid');
    expect(await kinds(paid.customer.phone)).toEqual(['order_confirmation', 'payment_received']);

    const unpaid = await strangersOrder();
    expect(await t.services.orders.payments.cancelUnpaid(db(), unpaid.id, { reason: 'hold_expired', shopName: 'Haat' })).toBe(true);
    expect(await kinds(unpaid.customer.phone)).toEqual(['order_confirmation', 'order_cancelled']);
    expect(await kinds(STRANGER)).toEqual([]);
  });

  it('texts the courier booking and "out for delivery" to the account phone', async () => {
    const { customer, id } = await strangersOrder();
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${id}/shipment/`, headers: admin.headers, payload: { courier: 'pathao', recipient_city: 1, recipient_zone: 14 } });
    expect(res.statusCode, res.body).toBe(200);
    pathao.setStatus(res.json().consignment_id as string, 'Assigned_for_Delivery');
    await t.services.shipments.worker.runOnce(later(31));
    expect(await kinds(customer.phone)).toEqual(['order_confirmation', 'shipment_booked', 'shipment_out_for_delivery']);
    expect(await kinds(STRANGER)).toEqual([]);
  });

  it('sends no order SMS for an order whose account is gone', async () => {
    const { id } = await strangersOrder();
    await db().updateTable('orders').set({ user_id: null, account_phone: '' }).where('id', '=', id).execute();
    const res = await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Cancelled' } });
    expect(res.statusCode).toBe(200);
    expect(await kinds(STRANGER)).toEqual([]);
    expect(await db().selectFrom('sms_outbox').select('id').where('to_phone', '=', '').execute()).toEqual([]);
  });
});
