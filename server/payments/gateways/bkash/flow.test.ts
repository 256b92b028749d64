/**
 * Paying with bKash online against the loopback fake: checkout opens the payment, the callback
 * is never believed (execute, then query when execute is in doubt), execute runs once per
 * payment, and only a Completed payment of the order's total pays the order, with one SMS.
 */
import { describe, expect, it } from 'vitest';
import { testDialect } from '../../../test/database';
import { admin, db, order, pageRef, smsOf, stockOf, t, withPaymentApp } from '../../../test/payment-app';
import { checkoutBody, insertProduct } from '../../../test/orders-fixtures';
import { startFakeBkash, type FakeBkash } from './fake';

const PUBLIC = 'https://shop.example';

describe(`bKash online payments (${testDialect})`, () => {
  let bkash: FakeBkash;
  withPaymentApp(async () => [(bkash = await startFakeBkash())], { env: { BKASH_TIMEOUT_MS: '1000' }, config: { publicUrl: PUBLIC } });

  const paymentSms = (phone: string) => smsOf(phone, 'payment_received');
  const callback = (paymentID: string, status: string) => t.app.inject({ url: `/payment/bkash/callback?paymentID=${encodeURIComponent(paymentID)}&status=${status}&signature=x&apiVersion=1.2.0-beta` });
  const paymentIdOf = pageRef;

  /** A customer checks out one 300-taka book (60 delivery) with bKash online. */
  async function placeBkashOrder(extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers: { ...customer.headers, ...headers },
      payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'bkash_online', ...extra }),
    });
    const body = res.json();
    return { customer, product, res, id: body.order_id as number, paymentID: body.payment_url ? paymentIdOf(body.payment_url) : '' };
  }

  it('lists bKash online among the payment options without any secret', async () => {
    const res = await t.app.inject({ url: '/api/settings/' });
    const options = res.json().payment_options;
    expect(options).toContainEqual({ id: 'bkash_online', label: 'বিকাশ (অনলাইন পেমেন্ট)', wallet: false, online: true });
    expect(options.find((o: { id: string }) => o.id === 'sslcommerz')).toBeUndefined();
    expect(options.find((o: { id: string }) => o.id === 'cod')).toMatchObject({ wallet: false });
    for (const secret of [bkash.credentials.appSecret, bkash.credentials.password, bkash.credentials.appKey]) expect(res.body).not.toContain(secret);
  });

  it('opens a bKash payment at checkout: the order Pending with its stock taken, the gateway page in the answer', async () => {
    const { customer, product, res } = await placeBkashOrder();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, order_id: expect.any(Number), payment_url: expect.stringContaining(bkash.origin) });
    expect(body.order).toMatchObject({ id: body.order_id, status: 'Pending', payment_status: 'pending', payment_gateway: 'bkash_online', total: 360, cash_on_delivery: false });
    expect(body.order.payment_attempts).toBeUndefined();
    expect(await stockOf(product)).toBe(4);
    const created = bkash.payments.get(paymentIdOf(body.payment_url))!;
    expect(created).toMatchObject({ amount: '360.00', currency: 'BDT', intent: 'sale', mode: '0011', callbackURL: `${PUBLIC}/payment/bkash/callback` });
    expect(created.merchantInvoiceNumber).toMatch(new RegExp(`^H${body.order_id}-`));
    // The customer's own view shows the payment's status, never the gateway's answers.
    const own = (await t.app.inject({ url: `/api/order/${body.order_id}/`, headers: customer.headers })).json();
    expect(own).toMatchObject({ payment_status: 'pending', payment_gateway: 'bkash_online' });
    expect(own.payment_attempts).toBeUndefined();
  });

  it('pays the order when the customer paid: executed once, trxID kept, one SMS, redirect to the order', async () => {
    const { customer, id, paymentID } = await placeBkashOrder();
    bkash.completePayment(paymentID);
    const back = await callback(paymentID, 'success');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=paid`);
    const trxID = bkash.payments.get(paymentID)!.trxID;
    expect(await order(id)).toMatchObject({ payment_status: 'paid', payment_reference: trxID, paid_amount: 360, status: 'Pending' });
    expect((await order(id)).paid_at).toEqual(expect.any(String));
    // The same callback again (a reload, a double redirect): the same answer, nothing called, no second SMS.
    const again = await callback(paymentID, 'success');
    expect(again.headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=paid`);
    expect(bkash.executes.get(paymentID)).toBe(1);
    expect(await paymentSms(customer.phone)).toHaveLength(1);
    const adminView = (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json();
    expect(adminView.payment_attempts).toEqual([expect.objectContaining({ gateway: 'bkash_online', status: 'paid', reference: trxID, amount: 360, gateway_ref: paymentID })]);
    expect(adminView.payment_attempts[0].answers.map((a: { step: string }) => a.step)).toEqual(['start', 'execute (posted)', 'execute']);
    expect(adminView.refunds).toEqual([]);
  });

  it('executes once when the same callback arrives twice at the same time', async () => {
    const { customer, res } = await placeBkashOrder();
    const paymentID = paymentIdOf(res.json().payment_url);
    bkash.completePayment(paymentID);
    const [a, b] = await Promise.all([callback(paymentID, 'success'), callback(paymentID, 'success')]);
    expect([a.headers.location, b.headers.location]).toEqual([expect.stringContaining('payment=paid'), expect.stringContaining('payment=paid')]);
    expect(bkash.executes.get(paymentID)).toBe(1);
    expect(await paymentSms(customer.phone)).toHaveLength(1);
  });

  it('does not pay on a forged success callback: execute refuses, the order stays unpaid', async () => {
    const { customer, id, paymentID } = await placeBkashOrder();
    // The customer never authorised it on bKash's page.
    const back = await callback(paymentID, 'success');
    expect(back.headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=failed`);
    expect(await order(id)).toMatchObject({ payment_status: 'failed', payment_reference: '', paid_amount: 0 });
    expect(await paymentSms(customer.phone)).toHaveLength(0);
    // A callback naming no known payment goes to the order page with nothing paid.
    expect((await callback('TR0011NOTAPAYMENT', 'success')).headers.location).toBe(`${PUBLIC}/order?payment=failed`);
  });

  it('keeps the attempt open on a forged cancel callback sent before the customer authorised: bKash still says Initiated', async () => {
    const { customer, id, paymentID } = await placeBkashOrder();
    // Someone sends the shop's callback with status=cancel while the customer is still on bKash's page.
    const forged = await callback(paymentID, 'cancel');
    expect(forged.headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=cancelled`);
    expect(await order(id)).toMatchObject({ status: 'Pending', payment_status: 'pending' });
    const attempt = await db().selectFrom('payment_attempts').select('status').where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(attempt.status).toBe('open');
    // The customer then pays: the real callback executes and pays the order.
    bkash.completePayment(paymentID);
    expect((await callback(paymentID, 'success')).headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=paid`);
    expect(await order(id)).toMatchObject({ payment_status: 'paid', paid_amount: 360 });
    expect(await paymentSms(customer.phone)).toHaveLength(1);
  });

  it('closes the attempt on failure and cancel callbacks without executing; the customer may pay again', async () => {
    const failed = await placeBkashOrder();
    const failedId = paymentIdOf(failed.res.json().payment_url);
    bkash.failPayment(failedId);
    expect((await callback(failedId, 'failure')).headers.location).toBe(`${PUBLIC}/order?order=${failed.res.json().order_id}&payment=failed`);
    const cancelled = await placeBkashOrder();
    const { order_id: id, payment_url } = cancelled.res.json();
    bkash.cancelPayment(paymentIdOf(payment_url));
    expect((await callback(paymentIdOf(payment_url), 'cancel')).headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=cancelled`);
    expect(bkash.executes.get(failedId)).toBeUndefined();
    expect(await order(id)).toMatchObject({ status: 'Pending', payment_status: 'failed' });

    // Pay again: a new attempt with its own invoice, paid this time.
    const again = await t.app.inject({ method: 'POST', url: `/api/order/${id}/pay/`, headers: cancelled.customer.headers });
    expect(again.statusCode).toBe(200);
    const second = paymentIdOf(again.json().payment_url);
    expect(second).not.toBe(paymentIdOf(payment_url));
    expect(bkash.payments.get(second)!.merchantInvoiceNumber).not.toBe(bkash.payments.get(paymentIdOf(payment_url))!.merchantInvoiceNumber);
    expect(await order(id)).toMatchObject({ payment_status: 'pending' });
    bkash.completePayment(second);
    expect((await callback(second, 'success')).headers.location).toContain('payment=paid');
    // Paid: no third attempt, and nobody else may pay for it.
    expect((await t.app.inject({ method: 'POST', url: `/api/order/${id}/pay/`, headers: cancelled.customer.headers })).statusCode).toBe(409);
    const stranger = await t.signIn();
    expect((await t.app.inject({ method: 'POST', url: `/api/order/${id}/pay/`, headers: stranger.headers })).statusCode).toBe(404);
  });

  it('stops paying again after ten attempts on one order', async () => {
    const { customer, res } = await placeBkashOrder();
    const payAgain = () => t.app.inject({ method: 'POST', url: `/api/order/${res.json().order_id}/pay/`, headers: customer.headers });
    for (let i = 1; i < 10; i++) expect((await payAgain()).statusCode).toBe(200);
    const refused = await payAgain();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('Too many payment attempts');
  });

  it('asks bKash for the status when execute times out, and pays when it says Completed', async () => {
    const { customer, id, paymentID } = await placeBkashOrder();
    bkash.completePayment(paymentID);
    bkash.executeTimesOut = 2500;
    try {
      expect((await callback(paymentID, 'success')).headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=paid`);
    } finally {
      bkash.executeTimesOut = 0;
    }
    expect(bkash.executes.get(paymentID)).toBe(1);
    expect(bkash.queries.get(paymentID)).toBeGreaterThanOrEqual(1);
    expect(await order(id)).toMatchObject({ payment_status: 'paid', payment_reference: bkash.payments.get(paymentID)!.trxID });
    expect(await paymentSms(customer.phone)).toHaveLength(1);
  });

  it('does not pay when bKash reports another amount than the order total', async () => {
    const { customer, id, paymentID } = await placeBkashOrder();
    bkash.completePayment(paymentID);
    bkash.amountOverride = '36.00';
    try {
      expect((await callback(paymentID, 'success')).headers.location).toBe(`${PUBLIC}/order?order=${id}&payment=failed`);
    } finally {
      bkash.amountOverride = null;
    }
    expect(await order(id)).toMatchObject({ payment_status: 'failed', paid_amount: 0 });
    expect(await paymentSms(customer.phone)).toHaveLength(0);
    const attempt = (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json().payment_attempts[0];
    expect(attempt).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('36') });
  });

  it('keeps the order when bKash refuses to open the payment: 502 with its id, then pay again', async () => {
    bkash.createFails = { statusCode: '2023', statusMessage: 'Insufficient Balance' };
    let placed: Awaited<ReturnType<typeof placeBkashOrder>>;
    try {
      placed = await placeBkashOrder();
    } finally {
      bkash.createFails = null;
    }
    const { res, product, customer } = placed;
    expect(res.statusCode).toBe(502);
    const body = res.json();
    expect(body).toMatchObject({ status: 502, order_id: expect.any(Number), message: expect.stringContaining('পেমেন্ট') });
    expect(body.message).toContain('try paying again');
    expect(body.order).toMatchObject({ status: 'Pending', payment_status: 'failed' });
    expect(await stockOf(product)).toBe(4);
    const again = await t.app.inject({ method: 'POST', url: `/api/order/${body.order_id}/pay/`, headers: customer.headers });
    expect(again.json()).toMatchObject({ status: 200, order_id: body.order_id, payment_url: expect.stringContaining(bkash.origin) });
  });

  it('answers a repeated checkout (same Idempotency-Key) with the same order and payment page', async () => {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const send = () =>
      t.app.inject({ method: 'POST', url: '/checkout/', headers: { ...customer.headers, 'idempotency-key': 'pay-once-1' }, payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'bkash_online' }) });
    const first = (await send()).json();
    const second = (await send()).json();
    expect(second.order_id).toBe(first.order_id);
    expect(second.payment_url).toBe(first.payment_url);
    expect(await stockOf(product)).toBe(4);
  });

  it('shares one bKash token across 20 payments', async () => {
    const grantsBefore = bkash.grants;
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 100, units_stock: 50 });
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'bkash_online' }) });
      const paymentID = paymentIdOf(res.json().payment_url);
      bkash.completePayment(paymentID);
      expect((await callback(paymentID, 'success')).headers.location).toContain('payment=paid');
    }
    // One grant in this file at most (earlier tests may have made it); none for these 20.
    expect(bkash.grants).toBeLessThanOrEqual(1);
    expect(bkash.grants - grantsBefore).toBe(0);
    expect(await paymentSms(customer.phone)).toHaveLength(20);
  });
});
