import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';

/**
 * Checkout answers the new order from the rows it wrote instead of reading it back (reads.ts
 * viewPlaced): that answer must be what reading the order answers, in every kind of order.
 */
describe(`checkout's answer (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());

  const { db, checkout } = orderCalls(() => t);

  async function answerAndRead(who: Signed, payload: unknown) {
    const res = await checkout(who, payload);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const read = await t.app.inject({ url: `/api/order/${body.order_id}/`, headers: who.headers });
    expect(read.statusCode).toBe(200);
    return { answered: body.order, read: read.json() };
  }

  const promotion = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/promotion/', headers: admin.headers, payload: { kind: 'percentage', value: 10, ...payload } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  it('answers a cash-on-delivery order of several lines as reading it answers', async () => {
    const customer = await t.signIn();
    const a = await insertProduct(db(), { regular_price: 300, discount_price: 250, units_stock: 5 });
    const b = await insertProduct(db(), { regular_price: 120, units_stock: 3, type: 'stationary' });
    // Lines listed out of product order: the answer's items still come in the order they are read.
    const { answered, read } = await answerAndRead(customer, checkoutBody([{ product: b, quantity: 1 }, { product: a, quantity: 2 }], { email: 'a@example.com', order_instruction: 'সন্ধ্যায়' }));
    expect(answered).toEqual(read);
    expect(answered.items).toHaveLength(2);
  });

  it('answers a wallet claim with its payment, as reading it answers', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { regular_price: 500, units_stock: 5 });
    const { answered, read } = await answerAndRead(customer, checkoutBody([{ product: p, quantity: 1 }], { payment_option: 'bkash', bkash_transaction_ID: 'TRX12345AB', transaction_amount: 560 }));
    expect(answered).toEqual(read);
    expect(answered.payments).toHaveLength(1);
    expect(answered.payment_status).toBe('unverified');
  });

  it('answers an order priced with a coupon, an automatic promotion and free delivery, as reading it answers', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { regular_price: 1000, units_stock: 5 });
    await promotion({ name: 'Everything 5 %', value: 5, applies_to: {} });
    await promotion({ name: 'Coupon 10 %', code: 'ANSWER10', applies_to: { products: [p] } });
    await t.services.settings.update({ free_delivery_threshold: 500 });
    try {
      const quote = (await t.app.inject({ method: 'POST', url: '/api/cart/quote/', payload: { orderItems: [{ product: p, quantity: 1 }], delivery_option: 'dhaka_home', coupon: 'ANSWER10' } })).json();
      const { answered, read } = await answerAndRead(customer, checkoutBody([{ product: p, quantity: 1 }], { coupon: 'ANSWER10', total: quote.total }));
      expect(answered).toEqual(read);
      expect(answered.discounts.length).toBeGreaterThanOrEqual(2);
    } finally {
      await db().updateTable('promotions').set({ is_active: 0 }).execute();
      await t.services.settings.update({ free_delivery_threshold: null });
    }
  });

  it('answers a pre-order and an order waiting for confirmation, as reading them answers', async () => {
    const customer = await t.signIn();
    const pre = await insertProduct(db(), { regular_price: 400, units_stock: 0 });
    await db().updateTable('products').set({ preorder_release_date: '2099-02-21', preorder_limit: 10 }).where('id', '=', pre).execute();
    const first = await answerAndRead(customer, checkoutBody([{ product: pre, quantity: 1 }]));
    expect(first.answered).toEqual(first.read);
    expect(first.answered.preorder).toMatchObject({ waiting: true });

    await t.services.settings.update({ order_confirmation: 'sms' });
    try {
      const p = await insertProduct(db(), { regular_price: 200, units_stock: 5 });
      const second = await answerAndRead(customer, checkoutBody([{ product: p, quantity: 1 }]));
      expect(second.answered).toEqual(second.read);
      expect(second.answered.confirmation).toBe('unconfirmed');
    } finally {
      await t.services.settings.update({ order_confirmation: 'none' });
    }
  });
});
