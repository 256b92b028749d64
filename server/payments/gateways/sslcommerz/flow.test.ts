/**
 * Paying through SSLCommerz against the loopback fake: the browser's form posts and the IPN are
 * never believed (the validation API is asked), whichever comes first the order is paid once
 * with one SMS, mismatches do not pay, and a risky payment waits for an admin's review.
 */
import { describe, expect, it } from 'vitest';
import type { Signed } from '../../../test/app';
import { testDialect } from '../../../test/database';
import { admin, db, order, postForm, smsOf, stockOf, t, withPaymentApp } from '../../../test/payment-app';
import { checkoutBody, insertProduct } from '../../../test/orders-fixtures';
import { startFakeSslcommerz, type FakeSslcommerz } from './fake';

const PUBLIC = 'https://shop.example';

describe(`SSLCommerz payments (${testDialect})`, () => {
  let ssl: FakeSslcommerz;
  withPaymentApp(async () => [(ssl = await startFakeSslcommerz())], { config: { publicUrl: PUBLIC } });

  const paymentSms = (phone: string) => smsOf(phone, 'payment_received');
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => postForm(`/payment/sslcommerz/${path}`, fields, headers);
  const tranIdOf = (url: string) => ssl.sessions.get(new URL(url).pathname.split('/').pop()!)!.tran_id;

  async function placeOrder() {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'sslcommerz', email: 'buyer@example.com' }) });
    expect(res.statusCode).toBe(200);
    const { order_id: id, payment_url } = res.json();
    return { customer, product, id: id as number, tranId: tranIdOf(payment_url) };
  }

  it('lists only the configured gateway, without its credentials', async () => {
    const res = await t.app.inject({ url: '/api/settings/' });
    const online = res.json().payment_options.filter((o: { online?: boolean }) => o.online);
    expect(online).toEqual([{ id: 'sslcommerz', label: 'কার্ড / মোবাইল ব্যাংকিং / নেট ব্যাংকিং', wallet: false, online: true }]);
    expect(res.body).not.toContain(ssl.credentials.storePassword);
    expect(res.body).not.toContain(ssl.credentials.storeId);
  });

  it('opens a session with the order total and the PUBLIC_URL callbacks', async () => {
    const { id, tranId } = await placeOrder();
    const session = ssl.session(tranId);
    expect(session).toMatchObject({
      total_amount: '360.00',
      currency: 'BDT',
      success_url: `${PUBLIC}/payment/sslcommerz/success`,
      fail_url: `${PUBLIC}/payment/sslcommerz/fail`,
      cancel_url: `${PUBLIC}/payment/sslcommerz/cancel`,
      ipn_url: `${PUBLIC}/payment/sslcommerz/ipn`,
    });
    expect(tranId).toMatch(new RegExp(`^H${id}-`));
  });

  it('pays on the browser return, and an IPN after it changes nothing (one SMS)', async () => {
    const { customer, id, tranId } = await placeOrder();
    ssl.payOnGateway(tranId);
    // A cross-site form post from the gateway's page: no session cookie, a foreign Origin.
    const back = await post('success', ssl.callbackFields(tranId), { origin: 'https://sandbox.sslcommerz.com' });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=paid`);
    expect(await order(id)).toMatchObject({ payment_status: 'paid', payment_gateway: 'sslcommerz', payment_reference: ssl.session(tranId).bank_tran_id, paid_amount: 360 });
    const ipn = await post('ipn', ssl.callbackFields(tranId));
    expect(ipn.statusCode).toBe(200);
    expect(ipn.json()).toMatchObject({ payment: 'paid' });
    expect(await paymentSms(customer.phone)).toHaveLength(1);
  });

  it('pays on a browser return that carries the shop session cookie from another origin (the return acts for nobody)', async () => {
    const { customer, id, tranId } = await placeOrder();
    ssl.payOnGateway(tranId);
    // A gateway on the same site as the shop: the SameSite=Lax cookie comes along with the post.
    const back = await post('success', ssl.callbackFields(tranId), { origin: 'https://pay.shop.example', cookie: `haat_session=${customer.token}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=paid`);
    expect(await order(id)).toMatchObject({ payment_status: 'paid' });
  });

  it('pays on an IPN before the browser returns; the return then shows it paid (one SMS)', async () => {
    const { customer, id, tranId } = await placeOrder();
    ssl.payOnGateway(tranId);
    expect((await post('ipn', ssl.callbackFields(tranId))).statusCode).toBe(200);
    expect(await order(id)).toMatchObject({ payment_status: 'paid' });
    const back = await post('success', ssl.callbackFields(tranId));
    expect(back.headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=paid`);
    expect(await paymentSms(customer.phone)).toHaveLength(1);
  });

  it('settles once when the IPN and the browser arrive together', async () => {
    const { customer, id, tranId } = await placeOrder();
    ssl.payOnGateway(tranId);
    ssl.delayMs = 200;
    try {
      const [ipn, back] = await Promise.all([post('ipn', ssl.callbackFields(tranId)), post('success', ssl.callbackFields(tranId))]);
      expect(ipn.statusCode).toBe(200);
      expect(back.headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=paid`);
    } finally {
      ssl.delayMs = 0;
    }
    expect(ssl.session(tranId).validations).toBe(1);
    expect(await paymentSms(customer.phone)).toHaveLength(1);
  });

  it('does not pay on a forged return: an unknown val_id, or another order\'s payment', async () => {
    const { customer, id, tranId } = await placeOrder();
    const forged = await post('success', { tran_id: tranId, val_id: 'made-up-val-id', status: 'VALID', amount: '360.00', currency: 'BDT' });
    expect(forged.headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=failed`);
    expect(await order(id)).toMatchObject({ payment_status: 'failed', paid_amount: 0 });
    // A real payment of another order, presented for this one.
    const other = await placeOrder();
    const otherVal = ssl.payOnGateway(other.tranId);
    const swapped = await post('ipn', { ...ssl.callbackFields(other.tranId), tran_id: tranId, val_id: otherVal });
    expect(swapped.json()).toMatchObject({ payment: 'failed' });
    expect(await order(id)).toMatchObject({ payment_status: 'failed', paid_amount: 0 });
    expect(await paymentSms(customer.phone)).toHaveLength(0);
    // The real return of the other order still pays it.
    expect((await post('success', ssl.callbackFields(other.tranId))).headers.location).toContain('payment=paid');
  });

  it('does not pay when the amount or the currency is not the order\'s', async () => {
    const a = await placeOrder();
    ssl.payOnGateway(a.tranId);
    ssl.amountOverride = '36.00';
    try {
      expect((await post('success', ssl.callbackFields(a.tranId))).headers.location).toContain('payment=failed');
    } finally {
      ssl.amountOverride = null;
    }
    const b = await placeOrder();
    ssl.payOnGateway(b.tranId);
    ssl.currencyOverride = 'USD';
    try {
      expect((await post('ipn', ssl.callbackFields(b.tranId))).json()).toMatchObject({ payment: 'failed' });
    } finally {
      ssl.currencyOverride = null;
    }
    expect(await order(a.id)).toMatchObject({ payment_status: 'failed' });
    expect(await order(b.id)).toMatchObject({ payment_status: 'failed' });
    const attempt = (await t.app.inject({ url: `/api/order/${b.id}/`, headers: admin.headers })).json().payment_attempts[0];
    expect(attempt).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('USD') });
  });

  it('answers fail and cancel returns after asking the gateway; the customer pays again', async () => {
    const failed = await placeOrder();
    ssl.failOnGateway(failed.tranId);
    expect((await post('fail', ssl.callbackFields(failed.tranId))).headers.location).toBe(`${PUBLIC}/order?order=${failed.id}&payment=failed`);
    const cancelled = await placeOrder();
    ssl.cancelOnGateway(cancelled.tranId);
    expect((await post('cancel', ssl.callbackFields(cancelled.tranId))).headers.location).toBe(`${PUBLIC}/order?order=${cancelled.id}&payment=cancelled`);
    expect(await order(cancelled.id)).toMatchObject({ status: 'Pending', payment_status: 'failed' });
    const again = await t.app.inject({ method: 'POST', url: `/api/order/${cancelled.id}/pay/`, headers: cancelled.customer.headers });
    const tranId = tranIdOf(again.json().payment_url);
    expect(tranId).not.toBe(cancelled.tranId);
    ssl.payOnGateway(tranId);
    expect((await post('success', ssl.callbackFields(tranId))).headers.location).toContain('payment=paid');
  });

  it('holds a risky payment for review; an admin accepts it (paid, one SMS)', async () => {
    const { customer, id, tranId } = await placeOrder();
    ssl.payOnGateway(tranId);
    ssl.riskLevel = '1';
    try {
      expect((await post('success', ssl.callbackFields(tranId))).headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=review`);
    } finally {
      ssl.riskLevel = '0';
    }
    expect(await order(id)).toMatchObject({ payment_status: 'review', paid_amount: 360 });
    expect(await paymentSms(customer.phone)).toHaveLength(0);
    const review = (accept: unknown, who: Signed = admin) => t.app.inject({ method: 'POST', url: `/api/order/${id}/payment-review/`, headers: who.headers, payload: { accept } });
    expect((await review(true, customer)).statusCode).toBe(403);
    expect((await review('yes')).statusCode).toBe(400);
    const res = await review(true);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ payment_status: 'paid' });
    expect(await paymentSms(customer.phone)).toHaveLength(1);
    expect((await review(true)).statusCode).toBe(409);
  });

  it('refunds a rejected risky payment in full and cancels the order, stock back', async () => {
    const { product, id, tranId } = await placeOrder();
    ssl.payOnGateway(tranId);
    ssl.riskLevel = '1';
    try {
      await post('ipn', ssl.callbackFields(tranId));
    } finally {
      ssl.riskLevel = '0';
    }
    expect(await stockOf(product)).toBe(4);
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${id}/payment-review/`, headers: admin.headers, payload: { accept: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'Cancelled', payment_status: 'refunded', refunded_amount: 360 });
    expect(res.json().order.refunds).toEqual([expect.objectContaining({ amount: 360, status: 'succeeded', created_by: admin.userId })]);
    expect(ssl.session(tranId).refunds).toHaveLength(1);
    expect(await stockOf(product)).toBe(5);
  });

  it('keeps the order and answers 502 when SSLCommerz refuses to open the session', async () => {
    ssl.initFails = 'Store is de-active';
    try {
      const customer = await t.signIn();
      const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
      const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'sslcommerz' }) });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ order_id: expect.any(Number), order: { payment_status: 'failed', status: 'Pending' } });
      expect(res.body).not.toContain(ssl.credentials.storePassword);
    } finally {
      ssl.initFails = null;
    }
  });
});
