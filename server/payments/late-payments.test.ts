/**
 * A payment that arrives after its order was cancelled (the hold ran out while the customer was
 * still paying) never lands in silence: the order is reopened when its stock is still there,
 * else the money is held in review with a refund due and the staff are alerted. The IPN and the
 * browser's return arriving together settle it once.
 */
import { describe, expect, it } from 'vitest';
import { testDialect } from '../test/database';
import { admin, db, order, postForm, smsOf, stockOf, t, withPaymentApp } from '../test/payment-app';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { startFakeSslcommerz, type FakeSslcommerz } from './gateways/sslcommerz/fake';

const HOLD_MINUTES = 30;
const afterHold = () => Date.now() + (HOLD_MINUTES + 1) * 60_000;

describe(`late payments on cancelled orders (${testDialect})`, () => {
  let ssl: FakeSslcommerz;
  withPaymentApp(async () => [(ssl = await startFakeSslcommerz())], { config: { paymentHoldMinutes: HOLD_MINUTES } });

  const post = (path: string, fields: Record<string, string>) => postForm(`/payment/sslcommerz/${path}`, fields);

  /** Two of five copies ordered through SSLCommerz, the hold run out and the order cancelled by the worker. */
  async function cancelledOrder(extra: Record<string, unknown> = {}) {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 2 }], { payment_option: 'sslcommerz', email: 'b@example.com', ...extra }) });
    expect(res.statusCode).toBe(200);
    const { order_id: id, payment_url } = res.json();
    const tranId = ssl.sessions.get(new URL(payment_url).pathname.split('/').pop()!)!.tran_id;
    await t.services.payments.worker.runOnce(afterHold());
    expect(await order(id)).toMatchObject({ status: 'Cancelled' });
    expect(await stockOf(product)).toBe(5);
    return { customer, product, id: id as number, tranId };
  }

  /** The customer finishes paying at the gateway: its IPN and the browser's return arrive together. */
  async function payLate(tranId: string) {
    ssl.payOnGateway(tranId);
    const fields = ssl.callbackFields(tranId);
    const [ipn, back] = await Promise.all([post('ipn', fields), post('success', fields)]);
    expect(ipn.statusCode).toBe(200);
    return back;
  }

  it('reopens a cancelled order whose stock is still there: Pending and paid, its stock taken again, one SMS', async () => {
    const { customer, product, id, tranId } = await cancelledOrder();
    const back = await payLate(tranId);
    expect(back.headers.location).toContain(`order=${id}&payment=paid`);
    expect(await order(id)).toMatchObject({ status: 'Pending', payment_status: 'paid', paid_amount: 660, refund_due: 0, payment_hold_until: null });
    expect(await stockOf(product)).toBe(3);
    const history = await db().selectFrom('order_status_changes').select(['from_status', 'to_status', 'changed_by']).where('order_id', '=', id).orderBy('id').execute();
    expect(history).toEqual([
      { from_status: 'Pending', to_status: 'Cancelled', changed_by: null },
      { from_status: 'Cancelled', to_status: 'Pending', changed_by: null },
    ]);
    const received = await smsOf(customer.phone, 'payment_received');
    expect(received).toHaveLength(1);
    expect(received[0]!.text).toContain(`#${id}`);
    expect(await smsOf(admin.phone, 'staff_alert')).toHaveLength(0);
    // The same return again changes nothing.
    await post('ipn', ssl.callbackFields(tranId));
    expect(await stockOf(product)).toBe(3);
    expect(await smsOf(customer.phone, 'payment_received')).toHaveLength(1);
  });

  it('holds the money for a refund when the stock is gone: Cancelled, review, refund due, the staff alerted', async () => {
    const { customer, product, id, tranId } = await cancelledOrder();
    // Someone else bought four of the five copies meanwhile.
    await db().updateTable('products').set({ units_stock: 1 }).where('id', '=', product).execute();
    const alertsBefore = (await smsOf(admin.phone, 'staff_alert')).length;
    await payLate(tranId);

    expect(await order(id)).toMatchObject({ status: 'Cancelled', payment_status: 'review', paid_amount: 660, refund_due: 1 });
    expect(await stockOf(product)).toBe(1);
    expect(await smsOf(admin.phone, 'staff_alert')).toHaveLength(alertsBefore + 1);
    expect(await smsOf(customer.phone, 'payment_received')).toHaveLength(1);
    const shown = (await t.app.inject({ url: `/api/order/${id}/`, headers: admin.headers })).json();
    expect(shown).toMatchObject({ status: 'Cancelled', payment_status: 'review', refund_due: true });
    // Listed for the back office among the payments to review.
    const listed = (await t.app.inject({ url: '/api/order/?payment_status=review', headers: admin.headers })).json();
    expect(listed.results.map((o: { id: number }) => o.id)).toContain(id);

    // Accepting it would keep a customer's money for nothing: 409. Only a refund clears it.
    const accept = await t.app.inject({ method: 'POST', url: `/api/order/${id}/payment-review/`, headers: admin.headers, payload: { accept: true } });
    expect(accept.statusCode).toBe(409);
    expect(await order(id)).toMatchObject({ status: 'Cancelled', payment_status: 'review', refund_due: 1 });
    const refund = await t.app.inject({ method: 'POST', url: `/api/order/${id}/refund/`, headers: admin.headers, payload: { reason: 'Paid after the hold ran out' } });
    expect(refund.statusCode).toBe(200);
    expect(await order(id)).toMatchObject({ status: 'Cancelled', payment_status: 'refunded', refunded_amount: 660, refund_due: 0 });
    expect(await stockOf(product)).toBe(1);
  });

  it('takes back the coupon use a reopened order gave up, even when its last use went to someone else', async () => {
    const now = new Date().toISOString();
    const { id: promotion } = await db()
      .insertInto('promotions')
      .values({ name: 'Once', kind: 'fixed', value: 100, get_products: '[]', applies_to: '{}', min_subtotal: 0, buy_quantity: null, get_quantity: null, starts_at: null, ends_at: null, usage_limit: 1, per_customer_limit: null, code: 'LATEONCE', is_active: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id, tranId } = await cancelledOrder({ coupon: 'LATEONCE' });
    const usedCount = async () => (await db().selectFrom('promotions').select('used_count').where('id', '=', promotion).executeTakeFirstOrThrow()).used_count;
    expect(await usedCount()).toBe(0);
    // The one use goes to another customer while the first order is cancelled.
    const other = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: other.headers, payload: checkoutBody([{ product, quantity: 1 }], { coupon: 'LATEONCE' }) });
    expect(res.statusCode).toBe(200);
    expect(await usedCount()).toBe(1);

    await payLate(tranId);
    expect(await order(id)).toMatchObject({ status: 'Pending', payment_status: 'paid', total: 560 });
    // The customer paid the discounted total: the use is theirs again, past the limit (the counter stays at it).
    expect(await usedCount()).toBe(1);
    const uses = await db().selectFrom('promotion_redemptions').select('released_at').where('order_id', '=', id).execute();
    expect(uses).toEqual([{ released_at: null }]);
  });

  it('never accepts a payment held for review on an order staff cancelled meanwhile: 409, flagged, and a refund clears it', async () => {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const placed = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'sslcommerz', email: 'b@example.com' }) });
    const { order_id: id, payment_url } = placed.json();
    const tranId = ssl.sessions.get(new URL(payment_url).pathname.split('/').pop()!)!.tran_id;
    ssl.riskLevel = '1';
    try {
      await payLate(tranId);
    } finally {
      ssl.riskLevel = '0';
    }
    expect(await order(id)).toMatchObject({ status: 'Pending', payment_status: 'review', refund_due: 0 });
    expect((await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Cancelled' } })).statusCode).toBe(200);
    expect(await order(id)).toMatchObject({ status: 'Cancelled', payment_status: 'review', refund_due: 1 });
    const accept = await t.app.inject({ method: 'POST', url: `/api/order/${id}/payment-review/`, headers: admin.headers, payload: { accept: true } });
    expect(accept.statusCode).toBe(409);
    const refund = await t.app.inject({ method: 'POST', url: `/api/order/${id}/refund/`, headers: admin.headers, payload: { reason: 'Cancelled by the shop' } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await order(id)).toMatchObject({ status: 'Cancelled', payment_status: 'refunded', refund_due: 0 });
  });
});
