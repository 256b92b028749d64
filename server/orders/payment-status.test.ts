/**
 * An order's payment as the orders module shows it: cash on delivery is unpaid until delivered,
 * then paid for its total; lists filter by payment status; the invoice carries the payment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';

describe(`order payment status (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());

  const db = () => t.services.database.db;
  const place = async (who: Signed, extra: Record<string, unknown> = {}) => {
    const product = await insertProduct(db(), { regular_price: 200, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: who.headers, payload: checkoutBody([{ product, quantity: 1 }], extra) });
    expect(res.statusCode).toBe(200);
    return res.json().order_id as number;
  };
  const setStatus = (id: number, status: string) => t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status } });

  it('keeps cash on delivery unpaid until Delivered, then paid for the total', async () => {
    const customer = await t.signIn();
    const id = await place(customer);
    const placed = (await t.app.inject({ url: `/api/order/${id}/`, headers: customer.headers })).json();
    expect(placed).toMatchObject({ payment_status: 'unpaid', payment_gateway: null, paid_amount: 0, paid_at: null, payment_hold_until: null });
    const delivered = (await setStatus(id, 'Delivered')).json().order;
    expect(delivered).toMatchObject({ status: 'Delivered', payment_status: 'paid', paid_amount: 260, paid_at: expect.any(String) });
    expect(delivered.payment_attempts).toEqual([]);
    const cancelled = await place(customer);
    expect((await setStatus(cancelled, 'Cancelled')).json().order).toMatchObject({ payment_status: 'unpaid', paid_amount: 0 });
  });

  it('pays a wallet payment checked by hand on delivery too', async () => {
    const customer = await t.signIn();
    const id = await place(customer, { payment_option: 'bkash', bkash_transaction_ID: '9XY8ZW', transaction_amount: 260 });
    expect((await setStatus(id, 'Delivered')).json().order).toMatchObject({ payment_status: 'paid', paid_amount: 260, bkash_transaction_ID: '9XY8ZW' });
  });

  it('filters the order list by payment status and refuses an unknown one', async () => {
    const customer = await t.signIn();
    const paid = await place(customer);
    await setStatus(paid, 'Delivered');
    const unpaid = await place(customer);
    const list = (status: string) => t.app.inject({ url: `/api/order/?payment_status=${status}&phone_number=${customer.phone}`, headers: admin.headers });
    expect((await list('paid')).json().results.map((o: { id: number }) => o.id)).toEqual([paid]);
    expect((await list('unpaid')).json().results.map((o: { id: number }) => o.id)).toEqual([unpaid]);
    const own = (await t.app.inject({ url: '/api/order/?payment_status=unpaid', headers: customer.headers })).json();
    expect(own.results.map((o: { id: number }) => o.id)).toEqual([unpaid]);
    const bad = await list('maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.payment_status).toBeDefined();
  });

  it('puts the payment on the invoice', async () => {
    const customer = await t.signIn();
    const id = await place(customer);
    await setStatus(id, 'Delivered');
    const invoice = (await t.app.inject({ url: `/api/order/${id}/invoice/`, headers: admin.headers })).json();
    expect(invoice.payment).toMatchObject({ status: 'paid', gateway: null, option: 'ক্যাশ অন ডেলিভারি', reference: '', paid_amount: 260, refunded_amount: 0 });
    expect(invoice.order).toMatchObject({ payment_status: 'paid' });
  });

  it('answers a checkout with the order itself', async () => {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { units_stock: 5 });
    const res = (await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }]) })).json();
    expect(res).toMatchObject({ status: 200, order_id: expect.any(Number), order: { id: res.order_id, payment_status: 'unpaid', status: 'Pending' } });
    expect(res.payment_url).toBeUndefined();
  });
});
