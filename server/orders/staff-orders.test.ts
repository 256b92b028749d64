/**
 * Orders staff take by phone (`POST /api/order/`, issue 33): checkout's prices and rules, for the
 * account of the customer's number (found as it is or made without a password), confirmed by
 * staff, with a source and a note only staff see. On SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, testPhone, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { insertProduct, orderCalls } from '../test/orders-fixtures';
import { createServices } from '../services';
import type { PaymentGateway } from '../payments/gateway';
import { MESSAGES, LIMIT_MESSAGES } from '../../domain/orders';
import { DESK_MESSAGES } from '../../domain/order-desk';
import type { ShopSettings } from '../../domain/settings';

describe(`orders staff take by phone (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());

  const { db, product, smsTo } = orderCalls(() => t);
  const body = (lines: { product: number; quantity: number }[], extra: Record<string, unknown> = {}) => ({
    customer_phone: testPhone(),
    name: 'রহিমা খাতুন',
    district: 'ঢাকা',
    upazila_thana: 'মিরপুর',
    delivery_address: 'বাড়ি ৫, রোড ২',
    delivery_option: 'dhaka_home',
    payment_option: 'cod',
    lines,
    source: 'phone',
    ...extra,
  });
  const place = (payload: unknown, who: Signed = admin, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/order/', headers: { ...who.headers, ...headers }, payload: payload as object });
  const user = (phone: string) => db().selectFrom('users').selectAll().where('phone_number', '=', phone).executeTakeFirst();
  const withSettings = async (changes: Partial<ShopSettings>, run: () => Promise<void>) => {
    const before = await t.services.settings.get();
    await t.services.settings.update(changes);
    try {
      await run();
    } finally {
      await t.services.settings.update(Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof ShopSettings]])));
    }
  };

  it('is for staff only: 401 for nobody, 403 for a customer', async () => {
    const p = await insertProduct(db());
    expect((await t.app.inject({ method: 'POST', url: '/api/order/', payload: body([{ product: p, quantity: 1 }]) })).statusCode).toBe(401);
    expect((await place(body([{ product: p, quantity: 1 }]), await t.signIn())).statusCode).toBe(403);
  });

  it('prices the order on the server: a wrong total answers 409 with the server figures and places nothing; the right one 201 with them', async () => {
    const p = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const sent = body([{ product: p, quantity: 2 }]);
    const wrong = await place({ ...sent, total: 500 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ message: MESSAGES.priceChanged, subtotal: 600, delivery_charge: 60, total: 660 });
    expect(await product(p)).toMatchObject({ units_stock: 5 });
    const res = await place({ ...sent, subtotal: 600, delivery_charge: 60, total: 660 });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    // 201 the order (run contract): its fields at the top, and again under `order`.
    expect(res.json()).toMatchObject({ id: order.id, status: 'Pending', total: 660, confirmation: 'confirmed', order_id: order.id });
    expect(order).toMatchObject({
      name: 'রহিমা খাতুন',
      phone_number: sent.customer_phone,
      subtotal: 600,
      delivery_charge: 60,
      total: 660,
      status: 'Pending',
      source: 'phone',
      confirmation: 'confirmed',
      confirmation_method: 'staff',
      items: [expect.objectContaining({ product: p, quantity: 2, unit_price: 300, total: 600 })],
    });
    expect(await product(p)).toMatchObject({ units_stock: 3, units_sold: 2 });
  });

  it('makes the account of a new number with the name given and no password: signing in is refused', async () => {
    const p = await insertProduct(db());
    const sent = body([{ product: p, quantity: 1 }], { customer_phone: `+88${testPhone()}` });
    const res = await place(sent);
    expect(res.statusCode, res.body).toBe(201);
    const phone = sent.customer_phone.slice(3);
    const made = await user(phone);
    expect(made).toMatchObject({ name: 'রহিমা খাতুন', is_admin: 0 });
    expect(res.json().order).toMatchObject({ user: made!.id, phone_number: phone });
    for (const password of ['x', 'correct horse battery']) {
      expect((await t.app.inject({ method: 'POST', url: '/login/', payload: { phone_number: phone, password } })).statusCode).toBe(401);
    }
  });

  it('answers 400 on name for a new number without one, and makes no account', async () => {
    const p = await insertProduct(db());
    const { name: _name, ...sent } = body([{ product: p, quantity: 1 }]);
    const res = await place(sent);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toBeTruthy();
    expect(await user(sent.customer_phone)).toBeUndefined();
  });

  it("uses a known number's account as it is: an admin's number stays admin with its own name", async () => {
    const other = await t.signIn({ admin: true, name: 'Shop Manager' });
    const p = await insertProduct(db());
    const res = await place(body([{ product: p, quantity: 1 }], { customer_phone: other.phone, name: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ user: other.userId, name: 'Shop Manager' });
    expect(await user(other.phone)).toMatchObject({ id: other.userId, name: 'Shop Manager', is_admin: 1 });
    // Signing in with the admin's own password still works.
    expect((await t.app.inject({ method: 'POST', url: '/login/', payload: { phone_number: other.phone, password: 'correct horse battery' } })).statusCode).toBe(200);
  });

  it("stores the source and staff's note; the customer's view of the order never carries the note", async () => {
    const p = await insertProduct(db());
    const sent = body([{ product: p, quantity: 1 }], { source: 'facebook', note: 'Messenger: call after 5 pm' });
    const res = await place(sent);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order.id as number;
    expect(res.json().order).toMatchObject({ source: 'facebook', staff_note: 'Messenger: call after 5 pm' });
    const customer = (await user(sent.customer_phone))!;
    const headers = { authorization: `Bearer ${await t.services.sessions.create(customer.id)}` };
    const own = await t.app.inject({ url: `/api/order/${id}/`, headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id, source: 'facebook' });
    expect(own.json()).not.toHaveProperty('staff_note');
    expect(own.body).not.toContain('Messenger');
    const list = await t.app.inject({ url: '/api/order/', headers });
    expect(list.json().results.map((o: { id: number }) => o.id)).toEqual([id]);
    expect(list.body).not.toContain('Messenger');
  });

  it('refuses a source staff cannot name (web, counter) with 400', async () => {
    const p = await insertProduct(db());
    for (const source of ['web', 'counter', undefined]) {
      const res = await place(body([{ product: p, quantity: 1 }], { source }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.source).toBeTruthy();
    }
  });

  it('answers 400 for an online payment option, places nothing and makes no account', async () => {
    const fake = { id: 'sslcommerz' } as unknown as PaymentGateway;
    const services = createServices(t.services.database, t.services.config, { gateways: { sslcommerz: fake } });
    const p = await insertProduct(db(), { units_stock: 4 });
    const sent = body([{ product: p, quantity: 1 }], { payment_option: 'sslcommerz' });
    const staff = { id: admin.userId, name: 'Test Admin', phone_number: admin.phone, is_admin: true, role: 'owner' as const };
    await expect(services.orders.staffOrders.place(staff, sent)).rejects.toMatchObject({ statusCode: 400, errors: { payment_option: [DESK_MESSAGES.onlinePayment] } });
    expect(await product(p)).toMatchObject({ units_stock: 4 });
    expect(await user(sent.customer_phone)).toBeUndefined();
  });

  it('skips the per-customer and per-address limits, but keeps units per line (400 under lines)', async () => {
    await withSettings({ max_open_orders_per_customer: 1, checkouts_per_hour: 1, max_units_per_line: 3 }, async () => {
      const p = await insertProduct(db(), { units_stock: 20 });
      const phone = testPhone();
      for (let i = 0; i < 3; i++) expect((await place(body([{ product: p, quantity: 1 }], { customer_phone: phone }))).statusCode).toBe(201);
      const over = await place(body([{ product: p, quantity: 4 }], { customer_phone: phone }));
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ message: LIMIT_MESSAGES.unitsPerLine(3), errors: { lines: [LIMIT_MESSAGES.unitsPerLine(3)] } });
      expect(await product(p)).toMatchObject({ units_stock: 17 });
    });
  });

  it('answers 409 with checkout\'s out-of-stock shape when a line is short', async () => {
    const p = await insertProduct(db(), { units_stock: 1 });
    const res = await place(body([{ product: p, quantity: 2 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().out_of_stock).toEqual([expect.objectContaining({ product: p, available: 1 })]);
  });

  it("sends the customer the usual order SMS at their number (no confirmation link, even under sms), and the shop's alert numbers one line", async () => {
    await withSettings({ order_confirmation: 'sms', new_order_alert_phones: ['01811111111'] }, async () => {
      const p = await insertProduct(db());
      const sent = body([{ product: p, quantity: 1 }]);
      const res = await place(sent);
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().order.id as number;
      expect(res.json().order).toMatchObject({ confirmation: 'confirmed', confirmation_method: 'staff' });
      const sms = await smsTo(sent.customer_phone);
      expect(sms).toHaveLength(1);
      expect(sms[0]).toMatchObject({ kind: 'order_confirmation' });
      expect(sms[0]!.text).toContain(`#${id}`);
      expect(sms[0]!.text).not.toContain('/c/');
      const alerts = (await smsTo('01811111111')).filter((m) => m.text.includes(`#${id}`));
      expect(alerts).toEqual([expect.objectContaining({ kind: 'new_order_alert' })]);
      expect(alerts[0]!.text).toContain('(phone)');
    });
  });

  it("answers a staff member's retry with the same Idempotency-Key with the same order; another member's same key is their own", async () => {
    const p = await insertProduct(db(), { units_stock: 10 });
    const sent = body([{ product: p, quantity: 1 }]);
    const key = { 'idempotency-key': 'order-desk-1' };
    const first = await place(sent, admin, key);
    const again = await place(sent, admin, key);
    expect(first.statusCode).toBe(201);
    expect(again.json().order_id).toBe(first.json().order_id);
    expect(await product(p)).toMatchObject({ units_stock: 9 });
    const changed = await place({ ...sent, note: 'another note' }, admin, key);
    expect(changed.statusCode).toBe(422);
    const colleague = await t.signIn({ admin: true });
    const theirs = await place(sent, colleague, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().order_id).not.toBe(first.json().order_id);
    expect(await product(p)).toMatchObject({ units_stock: 8 });
  });
});
