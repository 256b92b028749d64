/**
 * The COD a parcel carries (issue 30, item 2): the courier collects total − what the shop kept
 * (verified payments less refunds), asked of the loopback Steadfast and Pathao fakes, one by one
 * and in bulk; the order keeps `cod_amount` as sent and the booking answers carry it; a payment
 * recorded after booking leaves it as sent.
 */
import { describe, expect, it } from 'vitest';
import { admin, db, pathao, steadfast, t, withCourierApp } from '../test/courier-app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';

describe(`the COD a parcel carries (${testDialect})`, () => {
  withCourierApp();

  const row = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  let n = 0;
  const trxId = () => `COD${Date.now().toString(36).toUpperCase()}${n++}`;
  const pay = (id: number, body: object) => t.app.inject({ method: 'POST', url: `/api/order/${id}/payments/`, headers: admin.headers, payload: body });

  /** A 360-taka bKash order (300 + 60 delivery) whose 60-taka claim staff verified. */
  async function deliveryChargePaid(): Promise<number> {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 10 });
    const claim = trxId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers: customer.headers,
      payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'bkash', bkash_transaction_ID: claim, transaction_amount: 60 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().order_id as number;
    expect((await pay(id, { method: 'bkash', transaction_id: claim, amount: 60 })).statusCode).toBe(201);
    return id;
  }

  it('asks Steadfast to collect total − verified money, keeps it on the order and answers it', async () => {
    const id = await deliveryChargePaid();
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${id}/shipment/`, headers: admin.headers, payload: { courier: 'steadfast' } });
    expect(res.statusCode, res.body).toBe(200);
    const order = await row(id);
    expect(steadfast.parcels.get(order.consignment_id!)!.cod_amount).toBe(300);
    expect(order.cod_amount).toBe(300);
    expect(res.json()).toMatchObject({ cod_amount: 300, order: { cod_amount: 300, paid_amount: 60, payment_status: 'partly_paid' } });

    // Money recorded after booking leaves the parcel's COD as sent; the order shows both.
    expect((await pay(id, { method: 'cash', amount: 100 })).statusCode).toBe(201);
    expect(await row(id)).toMatchObject({ cod_amount: 300, paid_amount: 160 });
    const invoice = (await t.app.inject({ url: `/api/order/${id}/invoice/`, headers: admin.headers })).json();
    expect(invoice).toMatchObject({ cod_amount: 300, payment: { paid_amount: 160 } });
  });

  it('asks Pathao to collect total − kept (paid less refunded)', async () => {
    const id = await deliveryChargePaid();
    const refund = await t.app.inject({ method: 'POST', url: `/api/order/${id}/refund/`, headers: admin.headers, payload: { reason: 'Delivery charge waived in part', method: 'cash', amount: 20 } });
    expect(refund.statusCode, refund.body).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${id}/shipment/`, headers: admin.headers, payload: { courier: 'pathao', recipient_city: 1, recipient_zone: 14 } });
    expect(res.statusCode, res.body).toBe(200);
    const order = await row(id);
    expect(pathao.parcels.get(order.consignment_id!)!.sent.amount_to_collect).toBe(320);
    expect(order.cod_amount).toBe(320);
    expect(res.json().cod_amount).toBe(320);
  });

  it('bulk booking sends each order its own COD and answers it per line', async () => {
    const paidPart = await deliveryChargePaid();
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 10 });
    const cod = (await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }]) })).json().order_id as number;
    const res = await t.app.inject({ method: 'POST', url: '/api/shipments/', headers: admin.headers, payload: { courier: 'steadfast', orders: [paidPart, cod] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([expect.objectContaining({ order: paidPart, ok: true, cod_amount: 300 }), expect.objectContaining({ order: cod, ok: true, cod_amount: 360 })]);
    expect(steadfast.byInvoice(paidPart)!.cod_amount).toBe(300);
    expect(steadfast.byInvoice(cod)!.cod_amount).toBe(360);
  });
});
