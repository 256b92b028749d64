/**
 * Checkout's limits against automation, with the shop's default settings: units per line, open
 * unpaid orders per customer, checkouts an hour per customer and per client address; 0 lifts one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';
import type { ShopSettings } from '../../domain/settings';
import { LIMIT_MESSAGES } from '../../domain/orders';

describe(`checkout limits (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp({}, {}, {});
    admin = await t.signIn({ admin: true });
  });
  afterAll(() => t.close());

  const { db } = orderCalls(() => t);
  /** Each test checks out from its own address unless it says otherwise, so the per-address count is its own. */
  const newAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
  const checkout = (who: Signed, payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/checkout/', headers: who.headers, payload, remoteAddress });
  const setLimits = (limits: Partial<ShopSettings>) =>
    t.app.inject({ method: 'PUT', url: '/api/settings/', headers: admin.headers, payload: limits });
  const openOrders = async (userId: number) =>
    Number((await db().selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

  it('has the default limits: 3 open orders, 10 units a line, 10 checkouts an hour', async () => {
    const settings = (await t.app.inject({ url: '/api/settings/' })).json();
    expect(settings).toMatchObject({ max_open_orders_per_customer: 3, max_units_per_line: 10, checkouts_per_hour: 10 });
  });

  it('refuses a line above max_units_per_line with 400 and a Bengali message on the field, for orderItems, savedCart and a product listed twice', async () => {
    const customer = await t.signIn();
    const ip = newAddress();
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 200 });
    const message = LIMIT_MESSAGES.unitsPerLine(10);

    const big = await checkout(customer, checkoutBody([{ product: p, quantity: 104 }]), ip);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ message, errors: { orderItems: [message] } });

    const twice = await checkout(customer, checkoutBody([{ product: p, quantity: 6 }, { product: p, quantity: 5 }]), ip);
    expect(twice.statusCode).toBe(400);

    const cart = await checkout(customer, { ...checkoutBody([]), orderItems: undefined, savedCart: { [p]: 11 } }, ip);
    expect(cart.statusCode).toBe(400);
    expect(cart.json().errors.savedCart).toEqual([message]);

    expect((await db().selectFrom('products').select('units_stock').where('id', '=', p).executeTakeFirstOrThrow()).units_stock).toBe(200);
    expect((await checkout(customer, checkoutBody([{ product: p, quantity: 10 }]), ip)).statusCode).toBe(200);
  });

  it('refuses a new order while the customer has max_open_orders_per_customer open unpaid orders; a cancelled one frees a place', async () => {
    const customer = await t.signIn();
    const ip = newAddress();
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 50 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]), ip);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().order_id);
    }
    const fourth = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]), ip);
    expect(fourth.statusCode).toBe(400);
    const message = LIMIT_MESSAGES.openOrders(3);
    expect(fourth.json()).toMatchObject({ message, errors: { orderItems: [message] } });
    expect(await openOrders(customer.userId)).toBe(3);

    // Another customer is not held back by this one's orders.
    expect((await checkout(await t.signIn(), checkoutBody([{ product: p, quantity: 1 }]), newAddress())).statusCode).toBe(200);

    const cancel = await t.app.inject({ method: 'PUT', url: `/api/order/${ids[0]}/`, headers: admin.headers, payload: { status: 'Cancelled' } });
    expect(cancel.statusCode).toBe(200);
    expect((await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]), ip)).statusCode).toBe(200);
  });

  it('lets only as many of one customer\'s simultaneous checkouts through as there are open places', async () => {
    const customer = await t.signIn();
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 50 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkout(customer, checkoutBody([{ product: p, quantity: 1 }]), newAddress())));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 400, 400, 400]);
    expect(await openOrders(customer.userId)).toBe(3);
  });

  it('counts an order paid (or delivered) as no longer open', async () => {
    const customer = await t.signIn();
    const ip = newAddress();
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 50 });
    for (let i = 0; i < 3; i += 1) expect((await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]), ip)).statusCode).toBe(200);
    await db().updateTable('orders').set({ payment_status: 'paid' }).where('user_id', '=', customer.userId).execute();
    expect((await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]), ip)).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After and a Bengali message after checkouts_per_hour checkouts by one customer', async () => {
    await setLimits({ max_open_orders_per_customer: 0 });
    try {
      const customer = await t.signIn();
      const p = await insertProduct(db(), { regular_price: 100, units_stock: 50 });
      // From different addresses: only the customer's own count can refuse.
      for (let i = 0; i < 10; i += 1) expect((await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]), newAddress())).statusCode).toBe(200);
      const res = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]), newAddress());
      expect(res.statusCode).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3000);
      expect(res.json().message).toBe(LIMIT_MESSAGES.checkoutsPerHour(Math.ceil(retryAfter / 60)));
      expect(await openOrders(customer.userId)).toBe(10);
    } finally {
      await setLimits({ max_open_orders_per_customer: 3 });
    }
  });

  it('answers 429 after checkouts_per_hour checkouts from one address, whoever the customers are', async () => {
    const ip = newAddress();
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 50 });
    for (let i = 0; i < 10; i += 1) expect((await checkout(await t.signIn(), checkoutBody([{ product: p, quantity: 1 }]), ip)).statusCode).toBe(200);
    const res = await checkout(await t.signIn(), checkoutBody([{ product: p, quantity: 1 }]), ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await checkout(await t.signIn(), checkoutBody([{ product: p, quantity: 1 }]), newAddress())).statusCode).toBe(200);
  });

  it('does not count a retry answered from its Idempotency-Key, nor a checkout refused by its form', async () => {
    const customer = await t.signIn();
    const ip = newAddress();
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 50 });
    const body = checkoutBody([{ product: p, quantity: 1 }]);
    const send = (key: string) => t.app.inject({ method: 'POST', url: '/checkout/', headers: { ...customer.headers, 'idempotency-key': key }, payload: body, remoteAddress: ip });
    for (let i = 0; i < 12; i += 1) expect((await send('same-key')).statusCode).toBe(200);
    for (let i = 0; i < 12; i += 1) expect((await checkout(customer, { ...body, district: '' }, ip)).statusCode).toBe(400);
    expect(await openOrders(customer.userId)).toBe(1);
  });

  it('takes 0 as no limit for each of the three', async () => {
    await setLimits({ max_open_orders_per_customer: 0, max_units_per_line: 0, checkouts_per_hour: 0 });
    try {
      const customer = await t.signIn();
      const ip = newAddress();
      const p = await insertProduct(db(), { regular_price: 100, units_stock: 500 });
      for (let i = 0; i < 12; i += 1) expect((await checkout(customer, checkoutBody([{ product: p, quantity: 20 }]), ip)).statusCode).toBe(200);
    } finally {
      await setLimits({ max_open_orders_per_customer: 3, max_units_per_line: 10, checkouts_per_hour: 10 });
    }
  });
});
