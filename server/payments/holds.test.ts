/**
 * The hold worker: an online order left unpaid past PAYMENT_HOLD_MINUTES is looked up at its
 * gateway once more (a payment that did go through still pays it) and otherwise cancelled with
 * its stock given back, once, however many workers run. Time is the worker's test clock.
 */
import { describe, expect, it } from 'vitest';
import { testDialect } from '../test/database';
import { db, order, pageRef, smsOf, stockOf, t, withPaymentApp } from '../test/payment-app';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { startFakeBkash, type FakeBkash } from './gateways/bkash/fake';
import { startFakeSslcommerz, type FakeSslcommerz } from './gateways/sslcommerz/fake';

const HOLD_MINUTES = 30;
const later = (minutes: number) => Date.now() + minutes * 60_000;

describe(`payment holds (${testDialect})`, () => {
  let bkash: FakeBkash;
  let ssl: FakeSslcommerz;
  withPaymentApp(async () => ([bkash, ssl] = await Promise.all([startFakeBkash(), startFakeSslcommerz()])), { env: { BKASH_TIMEOUT_MS: '1000' }, config: { paymentHoldMinutes: HOLD_MINUTES }, admin: false });

  const runOnce = (at: number) => t.services.payments.worker.runOnce(at);

  async function placeOrder(gateway: 'bkash_online' | 'sslcommerz', units = 2) {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: units }], { payment_option: gateway, email: 'b@example.com' }) });
    const body = res.json();
    return { customer, product, id: body.order_id as number, paymentUrl: body.payment_url as string | undefined, status: res.statusCode };
  }
  const ref = pageRef;

  it('keeps an unpaid order until its hold runs out, then cancels it and gives its stock back', async () => {
    const { customer, product, id, paymentUrl } = await placeOrder('bkash_online');
    expect(await stockOf(product)).toBe(3);
    const held = await order(id);
    expect(Date.parse(held.payment_hold_until!)).toBeGreaterThan(later(HOLD_MINUTES - 1));
    expect(await runOnce(later(HOLD_MINUTES - 5))).toBe(0);
    expect(await order(id)).toMatchObject({ status: 'Pending' });

    expect(await runOnce(later(HOLD_MINUTES + 1))).toBeGreaterThanOrEqual(1);
    expect(await order(id)).toMatchObject({ status: 'Cancelled', payment_status: 'failed', payment_hold_until: null });
    expect(await stockOf(product)).toBe(5);
    const history = (await t.app.inject({ url: `/api/order/${id}/`, headers: customer.headers })).json().status_history;
    expect(history).toEqual([expect.objectContaining({ from: 'Pending', to: 'Cancelled', changed_by: null })]);
    expect(await smsOf(customer.phone, 'order_cancelled')).toHaveLength(1);
    expect(bkash.queries.get(ref(paymentUrl!))).toBe(1);
    // Cancelled once: another round, and a callback arriving now, change nothing and execute nothing.
    expect(await runOnce(later(HOLD_MINUTES + 2))).toBe(0);
    bkash.completePayment(ref(paymentUrl!));
    const back = await t.app.inject({ url: `/payment/bkash/callback?paymentID=${ref(paymentUrl!)}&status=success` });
    expect(back.headers.location).toContain('payment=failed');
    expect(bkash.executes.get(ref(paymentUrl!))).toBeUndefined();
    expect(await stockOf(product)).toBe(5);
  });

  it('cancels an order once when several workers run at the same time', async () => {
    const { product, id } = await placeOrder('sslcommerz');
    const at = later(HOLD_MINUTES + 1);
    const cancelled = await Promise.all([runOnce(at), runOnce(at), runOnce(at)]);
    expect(cancelled.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await order(id)).toMatchObject({ status: 'Cancelled' });
    expect(await stockOf(product)).toBe(5);
    const changes = await db().selectFrom('order_status_changes').selectAll().where('order_id', '=', id).execute();
    expect(changes).toHaveLength(1);
  });

  it('marks paid, not cancelled, an SSLCommerz payment whose returns never reached the shop', async () => {
    const { customer, product, id, paymentUrl } = await placeOrder('sslcommerz');
    ssl.payOnGateway(ssl.sessions.get(ref(paymentUrl!))!.tran_id);
    await runOnce(later(HOLD_MINUTES + 1));
    expect(await order(id)).toMatchObject({ status: 'Pending', payment_status: 'paid', paid_amount: 660 });
    expect(await stockOf(product)).toBe(3);
    expect(await smsOf(customer.phone, 'payment_received')).toHaveLength(1);
  });

  it('marks paid a bKash payment whose execute and query both failed, when it is looked up later', async () => {
    const { customer, id, paymentUrl } = await placeOrder('bkash_online');
    const paymentID = ref(paymentUrl!);
    bkash.completePayment(paymentID);
    bkash.executeFails = { httpStatus: 500, afterCompleting: true };
    bkash.queryFails = { httpStatus: 503 };
    try {
      const back = await t.app.inject({ url: `/payment/bkash/callback?paymentID=${paymentID}&status=success` });
      expect(back.headers.location).toContain(`order=${id}&payment=pending`);
    } finally {
      bkash.executeFails = null;
      bkash.queryFails = null;
    }
    expect(await order(id)).toMatchObject({ payment_status: 'pending' });
    await runOnce(later(HOLD_MINUTES + 1));
    expect(await order(id)).toMatchObject({ status: 'Pending', payment_status: 'paid', payment_reference: bkash.payments.get(paymentID)!.trxID });
    expect(bkash.executes.get(paymentID)).toBe(1);
    expect(await smsOf(customer.phone, 'payment_received')).toHaveLength(1);
  });

  it('cancels at the end of its hold an order whose payment the gateway never opened', async () => {
    bkash.createFails = { statusCode: '2001', statusMessage: 'Invalid App Key' };
    let placed: Awaited<ReturnType<typeof placeOrder>>;
    try {
      placed = await placeOrder('bkash_online');
    } finally {
      bkash.createFails = null;
    }
    expect(placed.status).toBe(502);
    expect(await stockOf(placed.product)).toBe(3);
    await runOnce(later(HOLD_MINUTES + 1));
    expect(await order(placed.id)).toMatchObject({ status: 'Cancelled', payment_status: 'failed' });
    expect(await stockOf(placed.product)).toBe(5);
    // Cancelled: no paying again.
    expect((await t.app.inject({ method: 'POST', url: `/api/order/${placed.id}/pay/`, headers: placed.customer.headers })).statusCode).toBe(409);
  });

  it('never cancels cash on delivery orders or paid ones', async () => {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { units_stock: 5 });
    const cod = (await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }]) })).json().order_id;
    const { id, paymentUrl } = await placeOrder('bkash_online');
    bkash.completePayment(ref(paymentUrl!));
    await t.app.inject({ url: `/payment/bkash/callback?paymentID=${ref(paymentUrl!)}&status=success` });
    await runOnce(later(HOLD_MINUTES * 10));
    expect(await order(cod)).toMatchObject({ status: 'Pending', payment_status: 'unpaid', payment_hold_until: null });
    expect(await order(id)).toMatchObject({ status: 'Pending', payment_status: 'paid' });
  });

  it('never lets paying again hold the stock past two hours from checkout', async () => {
    const { customer, id, paymentUrl } = await placeOrder('bkash_online');
    bkash.cancelPayment(ref(paymentUrl!));
    await t.app.inject({ url: `/payment/bkash/callback?paymentID=${ref(paymentUrl!)}&status=cancel` });
    expect(await order(id)).toMatchObject({ status: 'Pending', payment_status: 'failed' });
    // Placed 100 minutes ago: paying again holds it only until 120 minutes after checkout.
    const placedAt = Date.now() - 100 * 60_000;
    await db().updateTable('orders').set({ created_at: new Date(placedAt).toISOString() }).where('id', '=', id).execute();
    const again = await t.app.inject({ method: 'POST', url: `/api/order/${id}/pay/`, headers: customer.headers });
    expect(again.statusCode).toBe(200);
    expect(Date.parse((await order(id)).payment_hold_until!)).toBe(placedAt + 120 * 60_000);
    // Placed more than two hours ago: no more paying again.
    await db().updateTable('orders').set({ created_at: new Date(Date.now() - 121 * 60_000).toISOString() }).where('id', '=', id).execute();
    const late = await t.app.inject({ method: 'POST', url: `/api/order/${id}/pay/`, headers: customer.headers });
    expect(late.statusCode).toBe(409);
  });

  it('starts and stops as a background worker', async () => {
    const worker = t.services.payments.worker;
    worker.start();
    await worker.stop();
    expect(worker.pollMs).toBeGreaterThan(0);
  });
});
