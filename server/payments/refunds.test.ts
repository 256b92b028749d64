/**
 * Refunds through the gateway that took the money: all that is left by default, a part when
 * asked, never more than was paid minus refunded; every try recorded, a refused one answered
 * 502 with the gateway's message and nothing refunded.
 */
import { describe, expect, it } from 'vitest';
import type { Signed } from '../test/app';
import { testDialect } from '../test/database';
import { admin, db, pageRef, postForm, t, withPaymentApp } from '../test/payment-app';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { startFakeBkash, type FakeBkash } from './gateways/bkash/fake';
import { startFakeSslcommerz, type FakeSslcommerz } from './gateways/sslcommerz/fake';

describe(`refunds (${testDialect})`, () => {
  let bkash: FakeBkash;
  let ssl: FakeSslcommerz;
  withPaymentApp(async () => ([bkash, ssl] = await Promise.all([startFakeBkash(), startFakeSslcommerz()])), { admin: { name: 'Refund Admin' } });

  const refund = (id: number, payload: unknown, who: Signed = admin) => t.app.inject({ method: 'POST', url: `/api/order/${id}/refund/`, headers: who.headers, payload: payload as object });
  const ref = pageRef;

  /** A 360-taka order paid with bKash online. */
  async function paidBkashOrder() {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'bkash_online' }) });
    const paymentID = ref(res.json().payment_url);
    bkash.completePayment(paymentID);
    await t.app.inject({ url: `/payment/bkash/callback?paymentID=${paymentID}&status=success` });
    return { customer, id: res.json().order_id as number, paymentID };
  }

  it('refunds all that was paid by default: refunded, recorded with who and why', async () => {
    const { id, paymentID } = await paidBkashOrder();
    const res = await refund(id, { reason: 'Out of stock after all' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refund).toMatchObject({ amount: 360, status: 'succeeded', reason: 'Out of stock after all', created_by: admin.userId, created_by_name: 'Refund Admin', reference: expect.any(String) });
    expect(body.order).toMatchObject({ payment_status: 'refunded', refunded_amount: 360, paid_amount: 360 });
    expect(body.order.refunds).toHaveLength(1);
    expect(bkash.payments.get(paymentID)!.refunds).toEqual([expect.objectContaining({ amount: '360.00', reason: 'Out of stock after all' })]);
    // Nothing left.
    const again = await refund(id, { reason: 'again' });
    expect(again.statusCode).toBe(400);
  });

  it('refunds part, then the rest, and never more than is left (400)', async () => {
    const { id } = await paidBkashOrder();
    const part = await refund(id, { amount: 100, reason: 'Damaged cover' });
    expect(part.json().order).toMatchObject({ payment_status: 'partially_refunded', refunded_amount: 100 });
    const tooMuch = await refund(id, { amount: 300, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('260');
    expect(tooMuch.json().errors.amount).toBeDefined();
    const rest = await refund(id, { reason: 'The rest' });
    expect(rest.json().refund).toMatchObject({ amount: 260 });
    expect(rest.json().order).toMatchObject({ payment_status: 'refunded', refunded_amount: 360 });
  });

  it('refunds an SSLCommerz payment through its refund API', async () => {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 500, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'sslcommerz' }) });
    const tranId = ssl.sessions.get(ref(res.json().payment_url))!.tran_id;
    ssl.payOnGateway(tranId);
    await postForm('/payment/sslcommerz/ipn', ssl.callbackFields(tranId));
    const done = await refund(res.json().order_id, { amount: 60, reason: 'Delivery charge back' });
    expect(done.statusCode).toBe(200);
    expect(done.json().order).toMatchObject({ payment_status: 'partially_refunded', refunded_amount: 60 });
    expect(ssl.session(tranId).refunds).toEqual([expect.objectContaining({ amount: '60.00', remarks: 'Delivery charge back' })]);
  });

  it('answers 502 with the gateway\'s message when it refuses, records the try and refunds nothing', async () => {
    const { id } = await paidBkashOrder();
    bkash.refundFails = true;
    let res;
    try {
      res = await refund(id, { amount: 50, reason: 'Try' });
    } finally {
      bkash.refundFails = false;
    }
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('2071');
    expect(res.json().refund).toMatchObject({ status: 'failed', amount: 50, message: expect.stringContaining('Refund not allowed') });
    const order = (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json();
    expect(order).toMatchObject({ payment_status: 'paid', refunded_amount: 0 });
    expect(order.refunds).toEqual([expect.objectContaining({ status: 'failed', answer: expect.anything() })]);
    // The amount set aside came back: the whole payment can still be refunded.
    expect((await refund(id, { reason: 'Now' })).json().refund).toMatchObject({ amount: 360, status: 'succeeded' });
  });

  it('a refund naming a return counts toward it (what is left by default, never more); a refused one releases it; received and all refunded, it is refunded', async () => {
    const { id } = await paidBkashOrder();
    expect((await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Delivered' } })).statusCode).toBe(200);
    const item = (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json().items[0].id as number;
    const opened = await t.app.inject({ method: 'POST', url: `/api/order/${id}/returns/`, headers: admin.headers, payload: { lines: [{ order_item: item, quantity: 1 }], reason: 'Damaged', refund_amount: 300 } });
    expect(opened.statusCode, opened.body).toBe(201);
    const ret = opened.json().id as number;
    const returnOf = async () => (await t.app.inject({ url: `/api/returns/${ret}/`, headers: admin.headers })).json();

    const tooMuch = await refund(id, { amount: 301, reason: 'Too much', return: ret });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amount).toBeDefined();
    expect((await refund(id, { reason: 'Not this order', return: 999_999 })).json().errors.return).toBeDefined();
    bkash.refundFails = true;
    try {
      expect((await refund(id, { amount: 100, reason: 'Refused', return: ret })).statusCode).toBe(502);
    } finally {
      bkash.refundFails = false;
    }
    expect(await returnOf()).toMatchObject({ status: 'approved', refunded_amount: 0 });

    const part = await refund(id, { amount: 100, reason: 'First part', return: ret });
    expect(part.statusCode, part.body).toBe(200);
    const rest = await refund(id, { reason: 'The rest of the return', return: ret });
    expect(rest.json().refund).toMatchObject({ amount: 200, status: 'succeeded' });
    expect(rest.json().order).toMatchObject({ payment_status: 'partially_refunded', refunded_amount: 300 });
    // All of it given back while the goods are still on their way: refunded once received.
    expect(await returnOf()).toMatchObject({ status: 'approved', refunded_amount: 300 });
    expect((await refund(id, { amount: 1, reason: 'More', return: ret })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/returns/${ret}/receive/`, headers: admin.headers })).statusCode).toBe(200);
    expect(await returnOf()).toMatchObject({ status: 'refunded', refunded_amount: 300 });
  });

  it('refuses orders not paid online, bad amounts, customers and unknown orders', async () => {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { units_stock: 5 });
    const cod = (await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }]) })).json().order_id;
    await t.app.inject({ method: 'PUT', url: `/api/order/${cod}/`, headers: admin.headers, payload: { status: 'Delivered' } });
    expect((await refund(cod, { reason: 'x' })).statusCode).toBe(400);
    const unpaid = (await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'bkash_online' }) })).json().order_id;
    expect((await refund(unpaid, { reason: 'x' })).statusCode).toBe(400);
    const { id } = await paidBkashOrder();
    expect((await refund(id, { amount: 0, reason: 'x' })).statusCode).toBe(400);
    expect((await refund(id, { amount: 10.5, reason: 'x' })).statusCode).toBe(400);
    expect((await refund(id, { amount: 10 })).json().errors.reason).toBeDefined();
    expect((await refund(id, { reason: 'x' }, customer)).statusCode).toBe(403);
    expect((await refund(999999, { reason: 'x' })).statusCode).toBe(404);
  });
});
