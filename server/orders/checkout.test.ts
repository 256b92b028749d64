import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { MESSAGES } from '../../domain/orders';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';

describe(`checkout (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());

  const { db, product, checkout, smsTo } = orderCalls(() => t);

  it('refuses a checkout from nobody with 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', payload: checkoutBody([{ product: 1, quantity: 1 }]) });
    expect(res.statusCode).toBe(401);
  });

  it('places an order priced by the server, takes the stock, and queues the confirmation SMS', async () => {
    const customer = await t.signIn();
    const a = await insertProduct(db(), { regular_price: 300, discount_price: 250, units_stock: 5 });
    const b = await insertProduct(db(), { regular_price: 120, units_stock: 3, type: 'stationary' });
    const res = await checkout(customer, checkoutBody([{ product: a, quantity: 2 }, { product: b, quantity: 1 }], { status: 'Delivered', cash_on_delivery: false }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, message: MESSAGES.success });
    const order = (await t.app.inject({ url: `/api/order/${body.order_id}/`, headers: customer.headers })).json();
    expect(order).toMatchObject({
      id: body.order_id,
      name: 'Test Customer',
      phone_number: customer.phone,
      subtotal: 620,
      delivery_charge: 60,
      total: 680,
      status: 'Pending',
      cash_on_delivery: true,
      delivery_option: 'হোম ডেলিভারি (ঢাকা সিটির ভেতরে)',
      payment_option: 'ক্যাশ অন ডেলিভারি',
      bkash_transaction_ID: '',
    });
    expect(typeof order.date).toBe('string');
    expect(order.items).toEqual([
      { id: expect.any(Number), order: body.order_id, product: a, product_title: expect.any(String), product_type: 'books', unit_price: 250, quantity: 2, total: 500, preorder: null },
      { id: expect.any(Number), order: body.order_id, product: b, product_title: expect.any(String), product_type: 'stationary', unit_price: 120, quantity: 1, total: 120, preorder: null },
    ]);
    expect(order.orderItems).toEqual([{ product: a, quantity: 2 }, { product: b, quantity: 1 }]);
    expect(order.savedCart).toEqual({ [a]: 2, [b]: 1 });
    expect(await product(a)).toMatchObject({ units_stock: 3, units_sold: 2 });
    expect(await product(b)).toMatchObject({ units_stock: 2, units_sold: 1 });
    const sms = await smsTo(customer.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ kind: 'order_confirmation', status: 'pending' });
    expect(sms[0]!.text).toContain(`#${body.order_id}`);
  });

  it('takes the delivery charge of the chosen option, by id or label, and stores the label', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { regular_price: 200 });
    const res = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }], { delivery_option: 'কুরিয়ার (ফুল পেমেন্ট করতে হবে)', payment_option: 'cod' }));
    expect(res.statusCode).toBe(200);
    const order = (await t.app.inject({ url: `/api/order/${res.json().order_id}/`, headers: customer.headers })).json();
    expect(order).toMatchObject({ delivery_option: 'কুরিয়ার (ফুল পেমেন্ট করতে হবে)', delivery_charge: 80, total: 280 });
  });

  it('answers 409 with the server figures when the client totals disagree (price changed since the cart)', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { regular_price: 500, units_stock: 4 });
    // The cart was filled at 450; the admin has since set the price to 500.
    const res = await checkout(customer, checkoutBody([{ product: p, quantity: 2 }], { subtotal: 900, delivery_charge: 60, total: 960 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, message: MESSAGES.priceChanged, subtotal: 1000, delivery_charge: 60, total: 1060 });
    expect(await product(p)).toMatchObject({ units_stock: 4, units_sold: 0 });
    const ok = await checkout(customer, checkoutBody([{ product: p, quantity: 2 }], { subtotal: '1000.00', delivery_charge: 60, total: 1060 }));
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a wallet payment without its transaction ID and amount, per field, writing nothing', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { units_stock: 2 });
    const res = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }], { payment_option: 'bkash' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ bkash_transaction_ID: [MESSAGES.transactionId], transaction_amount: [MESSAGES.transactionAmount] });
    expect(await product(p)).toMatchObject({ units_stock: 2 });
    const ok = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }], { payment_option: 'বিকাশ পেমেন্ট', bkash_transaction_ID: '8N7A6D5C', transaction_amount: 360 }));
    expect(ok.statusCode).toBe(200);
    const order = (await t.app.inject({ url: `/api/order/${ok.json().order_id}/`, headers: customer.headers })).json();
    expect(order).toMatchObject({ payment_option: 'বিকাশ পেমেন্ট', cash_on_delivery: false, bkash_transaction_ID: '8N7A6D5C', transaction_amount: 360 });
  });

  it('gives per-field Bengali messages for missing fields, bad phone and e-mail, and unknown fields', async () => {
    const customer = await t.signIn();
    const res = await checkout(customer, { orderItems: [{ product: 1, quantity: 1 }], phone_number: '123', email: 'x@' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      district: ['জেলা আবশ্যক*'],
      upazila_thana: ['উপজেলা/থানা আবশ্যক*'],
      delivery_address: ['ডেলিভারি এড্রেস আবশ্যক*'],
      delivery_option: ['ডেলিভারি অপশন আবশ্যক*'],
      payment_option: ['পেমেন্ট অপশন আবশ্যক*'],
      phone_number: [MESSAGES.phone],
      email: [MESSAGES.email],
    });
    const extra = await checkout(customer, checkoutBody([{ product: 1, quantity: 1 }], { user_id: 1 }));
    expect(extra.statusCode).toBe(400);
  });

  it('refuses quantities below 1, unknown and inactive products with 400', async () => {
    const customer = await t.signIn();
    const inactive = await insertProduct(db(), { is_active: false });
    expect((await checkout(customer, checkoutBody([{ product: inactive, quantity: 0 }]))).statusCode).toBe(400);
    const unknown = await checkout(customer, checkoutBody([{ product: 999999, quantity: 1 }]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.orderItems).toBeTruthy();
    expect((await checkout(customer, checkoutBody([{ product: inactive, quantity: 1 }]))).statusCode).toBe(400);
  });

  it('answers 409 naming the product and how many are left when a line cannot be filled, writing nothing', async () => {
    const customer = await t.signIn();
    const plenty = await insertProduct(db(), { units_stock: 10 });
    const scarce = await insertProduct(db(), { title: 'Scarce Book', units_stock: 2 });
    const before = await db().selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await checkout(customer, checkoutBody([{ product: plenty, quantity: 1 }, { product: scarce, quantity: 3 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Scarce Book');
    expect(res.json().out_of_stock).toEqual([{ product: scarce, title: 'Scarce Book', available: 2 }]);
    expect(await product(plenty)).toMatchObject({ units_stock: 10, units_sold: 0 });
    expect(await product(scarce)).toMatchObject({ units_stock: 2, units_sold: 0 });
    const after = await db().selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await smsTo(customer.phone)).toHaveLength(0);
  });

  it('uses orderItems when savedCart is sent too, never counting lines twice; savedCart alone works', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 10 });
    const both = await checkout(customer, checkoutBody([{ product: p, quantity: 2 }], { savedCart: { [p]: 2 } }));
    expect(both.statusCode).toBe(200);
    expect(await product(p)).toMatchObject({ units_stock: 8, units_sold: 2 });
    const mapOnly = await checkout(customer, { ...checkoutBody([]), orderItems: undefined, savedCart: { [p]: 3 } });
    expect(mapOnly.statusCode).toBe(200);
    expect(await product(p)).toMatchObject({ units_stock: 5, units_sold: 5 });
  });

  it('makes one order for a retried checkout with the same Idempotency-Key, and refuses the key for a different body', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { units_stock: 5 });
    const body = checkoutBody([{ product: p, quantity: 1 }]);
    const first = await checkout(customer, body, { 'idempotency-key': 'retry-1' });
    const second = await checkout(customer, body, { 'idempotency-key': 'retry-1' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await product(p)).toMatchObject({ units_stock: 4, units_sold: 1 });
    const other = await checkout(customer, checkoutBody([{ product: p, quantity: 2 }]), { 'idempotency-key': 'retry-1' });
    expect(other.statusCode).toBe(422);
    // Keys belong to one customer: another customer's same key is a new order.
    const someoneElse = await t.signIn();
    const theirs = await checkout(someoneElse, body, { 'idempotency-key': 'retry-1' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().order_id).not.toBe(first.json().order_id);
  });

  it('forgets an Idempotency-Key after a day: the same key then places a new order', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { units_stock: 5 });
    const body = checkoutBody([{ product: p, quantity: 1 }]);
    const first = (await checkout(customer, body, { 'idempotency-key': 'old' })).json().order_id;
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000).toISOString();
    await db().updateTable('idempotency_keys').set({ created_at: twoDaysAgo }).where('user_id', '=', customer.userId).execute();
    const again = await checkout(customer, body, { 'idempotency-key': 'old' });
    expect(again.statusCode).toBe(200);
    expect(again.json().order_id).not.toBe(first);
    const keys = await db().selectFrom('idempotency_keys').selectAll().where('user_id', '=', customer.userId).execute();
    expect(keys).toHaveLength(1);
  });

  it('makes one order when the same Idempotency-Key arrives twice at once', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { units_stock: 5 });
    const body = checkoutBody([{ product: p, quantity: 1 }]);
    const [a, b] = await Promise.all([checkout(customer, body, { 'idempotency-key': 'race' }), checkout(customer, body, { 'idempotency-key': 'race' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().order_id).toBe(b.json().order_id);
    expect(await product(p)).toMatchObject({ units_stock: 4 });
  });

  it('keeps an order\'s figures when a delivery charge changes later; new orders use the new charge', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 10 });
    const before = (await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]))).json().order_id;
    const s = (await t.app.inject('/api/settings/')).json();
    const changed = s.delivery_options.map((o: { id: string; charge: number }) => (o.id === 'dhaka_home' ? { ...o, charge: 70 } : o));
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings/', headers: admin.headers, payload: { delivery_options: changed } })).statusCode).toBe(200);
    try {
      const after = (await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]))).json().order_id;
      const get = async (id: number) => (await t.app.inject({ url: `/api/order/${id}/`, headers: customer.headers })).json();
      expect(await get(before)).toMatchObject({ delivery_charge: 60, total: 160 });
      expect(await get(after)).toMatchObject({ delivery_charge: 70, total: 170 });
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/settings/', headers: admin.headers, payload: { delivery_options: s.delivery_options } });
    }
  });

  it('answers 400, not 500, for product ids above 2^31-1 in orderItems and savedCart keys', async () => {
    const customer = await t.signIn();
    for (const product of [2_147_483_648, 9_999_999_999, '2147483648']) {
      const res = await checkout(customer, checkoutBody([{ product: product as number, quantity: 1 }]));
      expect(res.statusCode, String(product)).toBe(400);
      expect(res.json().errors['orderItems.0.product']).toEqual([MESSAGES.unknownProduct]);
    }
    const cart = await checkout(customer, { ...checkoutBody([]), orderItems: undefined, savedCart: { '2147483648': 1 } });
    expect(cart.statusCode).toBe(400);
    expect(cart.json().errors.savedCart).toEqual([MESSAGES.unknownProduct]);
  });
});
