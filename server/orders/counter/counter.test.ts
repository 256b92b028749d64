/**
 * The counter (issue 36): `POST /api/pos/sales/` records a sale Delivered and paid with its stock
 * taken under the counter's reason; client_ref retries answer the same sale; the money and the
 * discount are checked; the last copy goes to one buyer, counter or web; offline sales are kept
 * and flagged when short; the day's report; the catalogue copy and the receipt. On SQLite, or
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { dhakaDate } from '../../../domain/stock';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, testPhone, type Signed, type TestApp } from '../../test/app';
import { testDialect } from '../../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../../test/orders-fixtures';
import { COUNTER_MESSAGES } from '../../../domain/counter';

const ref = () => crypto.randomUUID();

describe(`the counter (${testDialect})`, () => {
  let t: TestApp;
  let owner: Signed;
  let customer: Signed;
  let support: Signed;
  beforeAll(async () => {
    ({ t, admin: owner, customer } = await openSignedApp());
    support = await t.signIn({ role: 'support', name: 'Sumi Support' });
  });
  afterAll(() => t.close());

  const { db, product, checkout } = orderCalls(() => t);
  const sell = (body: Record<string, unknown>, who: Signed = owner) => t.app.inject({ method: 'POST', url: '/api/pos/sales/', headers: who.headers, payload: { payment_method: 'cash', client_ref: ref(), ...body } });
  const movements = (p: number) => db().selectFrom('stock_movements').select(['delta', 'reason', 'ref', 'user_id']).where('product_id', '=', p).where('reason', '=', 'counter').execute();
  const byRef = (r: string) => db().selectFrom('orders').selectAll().where('client_ref', '=', r).execute();

  it('records a sale Delivered and paid, source counter, change due, a verified payment and a history row; stock taken with reason counter', async () => {
    const a = await insertProduct(db(), { regular_price: 400, discount_price: 350, units_stock: 5 });
    const b = await insertProduct(db(), { regular_price: 200, units_stock: 2 });
    const res = await sell({ lines: [{ product: a, quantity: 2 }, { product: b, quantity: 1 }], discount: 50, paid: 1000 });
    expect(res.statusCode).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({ source: 'counter', status: 'Delivered', payment_status: 'paid', subtotal: 900, discount_total: 50, total: 850, paid_amount: 850, tendered: 1000, change_due: 150, stock_short: false, user: null, message: COUNTER_MESSAGES.sold, replayed: false });
    expect(sale.payments).toEqual([expect.objectContaining({ method: 'cash', amount: 850, verified: true, user: owner.userId })]);
    expect(sale.discounts).toEqual([expect.objectContaining({ kind: 'counter', amount: 50, promotion: null })]);
    expect(sale.status_history).toEqual([expect.objectContaining({ from: 'Pending', to: 'Delivered', changed_by: owner.userId })]);
    expect(sale.items.map((i: { product: number; unit_price: number; quantity: number; short?: boolean }) => [i.product, i.unit_price, i.quantity, i.short ?? false])).toEqual([
      [a, 350, 2, false],
      [b, 200, 1, false],
    ]);
    expect(await product(a)).toMatchObject({ units_stock: 3, units_sold: 2 });
    expect(await movements(a)).toEqual([{ delta: -2, reason: 'counter', ref: `order:${sale.id}`, user_id: owner.userId }]);
  });

  it('answers the same sale for the same client_ref, sent again or twice at once: stock taken once', async () => {
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 10 });
    const r = ref();
    const body = { lines: [{ product: p, quantity: 3 }], paid: 300, client_ref: r };
    const first = await sell(body);
    const again = await sell(body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: first.json().id, replayed: true });
    const r2 = ref();
    const both = await Promise.all([sell({ ...body, client_ref: r2 }), sell({ ...body, client_ref: r2 }), sell({ ...body, client_ref: r2 })]);
    expect(both.map((x) => x.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(both.map((x) => x.json().id)).size).toBe(1);
    expect(await byRef(r)).toHaveLength(1);
    expect(await byRef(r2)).toHaveLength(1);
    expect(await product(p)).toMatchObject({ units_stock: 4 });
    expect(await movements(p)).toHaveLength(2);
  });

  it('refuses money below the total with 400 on paid, and writes nothing', async () => {
    const p = await insertProduct(db(), { regular_price: 500, units_stock: 3 });
    const r = ref();
    const res = await sell({ lines: [{ product: p, quantity: 1 }], paid: 499, client_ref: r });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.paid).toEqual([COUNTER_MESSAGES.paidShort(500)]);
    expect(await byRef(r)).toHaveLength(0);
    expect(await product(p)).toMatchObject({ units_stock: 3 });
  });

  it("holds the discount to the role's counter_discount_limits percent of the subtotal: over it 400, at it 201", async () => {
    const p = await insertProduct(db(), { regular_price: 1000, units_stock: 5 });
    const over = await sell({ lines: [{ product: p, quantity: 1 }], discount: 51, paid: 1000 }, support);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.discount).toEqual([COUNTER_MESSAGES.discountOver(50, 5)]);
    expect((await sell({ lines: [{ product: p, quantity: 1 }], discount: 50, paid: 950 }, support)).json()).toMatchObject({ total: 950, discount_total: 50 });
    await t.services.settings.update({ counter_discount_limits: { support: 0, owner: 100 } });
    try {
      expect((await sell({ lines: [{ product: p, quantity: 1 }], discount: 1, paid: 1000 }, support)).statusCode).toBe(400);
      expect((await sell({ lines: [{ product: p, quantity: 1 }], discount: 1000, paid: 0 })).json()).toMatchObject({ total: 0, change_due: 0 });
    } finally {
      await t.services.settings.update({ counter_discount_limits: { owner: 100, manager: 20, support: 5, packer: 5, accountant: 0 } });
    }
    // Half taka is not taka.
    expect((await sell({ lines: [{ product: p, quantity: 1 }], discount: 1.5, paid: 1000 })).statusCode).toBe(400);
  });

  it('links customer_phone to an existing account only: an unknown number is kept on the sale, no account made', async () => {
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 5 });
    const stranger = testPhone();
    const res = await sell({ lines: [{ product: p, quantity: 1 }], paid: 100, customer_phone: stranger });
    expect(res.json()).toMatchObject({ user: null, phone_number: stranger });
    expect(await db().selectFrom('users').select('id').where('phone_number', '=', stranger).executeTakeFirst()).toBeUndefined();
    const known = await sell({ lines: [{ product: p, quantity: 1 }], paid: 100, customer_phone: customer.phone });
    expect(known.json()).toMatchObject({ user: customer.userId, phone_number: customer.phone });
    expect((await sell({ lines: [{ product: p, quantity: 1 }], paid: 100, customer_phone: '12345' })).statusCode).toBe(400);
  });

  it('sells the last copy once when the counter and an online checkout take it at once (10 rounds): never both, never below 0', async () => {
    for (let round = 0; round < 10; round++) {
      const p = await insertProduct(db(), { regular_price: 250, units_stock: 1 });
      const [atCounter, online] = await Promise.all([sell({ lines: [{ product: p, quantity: 1 }], paid: 250 }, support), checkout(customer, checkoutBody([{ product: p, quantity: 1 }]))]);
      // Exactly one wins: the counter's 201 and the web's 409, or the web's 200 and the counter's 409.
      expect([[201, 409], [409, 200]]).toContainEqual([atCounter.statusCode, online.statusCode]);
      expect(await product(p)).toMatchObject({ units_stock: 0, units_sold: 1 });
      const lines = await db().selectFrom('order_items').select('id').where('product_id', '=', p).execute();
      expect(lines).toHaveLength(1);
    }
  });

  it('answers a live sale short of stock 409 with the short lines, nothing written', async () => {
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 1 });
    const q = await insertProduct(db(), { regular_price: 100, units_stock: 5 });
    const r = ref();
    const res = await sell({ lines: [{ product: p, quantity: 2 }, { product: q, quantity: 1 }], paid: 300, client_ref: r });
    expect(res.statusCode).toBe(409);
    expect(res.json().out_of_stock).toEqual([expect.objectContaining({ product: p, available: 1 })]);
    expect(await byRef(r)).toHaveLength(0);
    expect(await product(q)).toMatchObject({ units_stock: 5 });
  });

  it('records an offline sale (sold_at) even when short: short lines move no stock and are flagged, the others take theirs, stock never below 0', async () => {
    const gone = await insertProduct(db(), { regular_price: 100, units_stock: 0 });
    const there = await insertProduct(db(), { regular_price: 200, units_stock: 2 });
    const soldAt = new Date(Date.now() - 3600_000).toISOString();
    const res = await sell({ lines: [{ product: gone, quantity: 1 }, { product: there, quantity: 2 }], paid: 500, sold_at: soldAt });
    expect(res.statusCode).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({ stock_short: true, total: 500, change_due: 0, date: expect.any(String), message: COUNTER_MESSAGES.soldShort });
    expect(Date.parse(sale.date)).toBe(Date.parse(soldAt));
    expect(sale.items.map((i: { product: number; short?: boolean }) => [i.product, i.short ?? false])).toEqual([
      [gone, true],
      [there, false],
    ]);
    expect(await product(gone)).toMatchObject({ units_stock: 0 });
    expect(await movements(gone)).toEqual([]);
    expect(await product(there)).toMatchObject({ units_stock: 0 });
    // A clock running fast does not sell into tomorrow.
    const future = await sell({ lines: [{ product: there, quantity: 1 }], paid: 200, sold_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(Date.parse(future.json().date)).toBeLessThanOrEqual(Date.now());
    expect(future.json()).toMatchObject({ stock_short: true });
  });

  it('records an offline sale at the unit_price the screen showed when the price rose since, with a staff note; a live sale is priced by the server', async () => {
    const p = await insertProduct(db(), { title: 'Raised Book', regular_price: 250, units_stock: 5 });
    const soldAt = new Date(Date.now() - 600_000).toISOString();
    const res = await sell({ lines: [{ product: p, quantity: 1, unit_price: 200 }], paid: 200, sold_at: soldAt });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subtotal: 200, total: 200, paid_amount: 200, tendered: 200, change_due: 0, stock_short: false, message: COUNTER_MESSAGES.soldChecked });
    expect(res.json().items).toEqual([expect.objectContaining({ product: p, unit_price: 200, total: 200 })]);
    expect(res.json().staff_note).toBe([COUNTER_MESSAGES.checkOffline, COUNTER_MESSAGES.checkPrice('Raised Book', 200, 250)].join('\n'));
    expect(await product(p)).toMatchObject({ units_stock: 4 });
    // The same price as today's: nothing to check.
    expect((await sell({ lines: [{ product: p, quantity: 1, unit_price: 250 }], paid: 250, sold_at: soldAt })).json()).toMatchObject({ staff_note: '', message: COUNTER_MESSAGES.sold });
    const live = await sell({ lines: [{ product: p, quantity: 1, unit_price: 200 }], paid: 200 });
    expect(live.statusCode).toBe(400);
    expect(live.json().errors.paid).toEqual([COUNTER_MESSAGES.paidShort(250)]);
    expect((await sell({ lines: [{ product: p, quantity: 1, unit_price: 1 }], paid: 250 })).json()).toMatchObject({ total: 250, staff_note: '' });
  });

  it('records an offline sale with money below the total, a discount over the limit and a bad phone (dropped) 201 with notes; the same sale live answers 400', async () => {
    const p = await insertProduct(db(), { title: 'Checked Book', regular_price: 1000, units_stock: 5 });
    const body = { lines: [{ product: p, quantity: 1 }], discount: 100, paid: 800, customer_phone: '12345' };
    const r = ref();
    const res = await sell({ ...body, client_ref: r, sold_at: new Date().toISOString() }, support);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subtotal: 1000, discount_total: 100, total: 900, tendered: 800, change_due: 0, phone_number: '', user: null, message: COUNTER_MESSAGES.soldChecked });
    expect(res.json().staff_note.split('\n')).toEqual([COUNTER_MESSAGES.checkOffline, COUNTER_MESSAGES.checkPhone('12345'), COUNTER_MESSAGES.checkDiscount(100, 50, 5), COUNTER_MESSAGES.checkPaid(800, 900)]);
    expect(await product(p)).toMatchObject({ units_stock: 4 });
    // Live, each is still refused with its field, and nothing is written.
    const live = async (over: Record<string, unknown>) => (await sell({ ...body, ...over }, support)).json().errors;
    expect((await live({})).customer_phone).toEqual([COUNTER_MESSAGES.phone]);
    expect((await live({ customer_phone: undefined })).discount).toEqual([COUNTER_MESSAGES.discountOver(50, 5)]);
    expect((await live({ customer_phone: undefined, discount: 50 })).paid).toEqual([COUNTER_MESSAGES.paidShort(950)]);
    expect(await product(p)).toMatchObject({ units_stock: 4 });
    // An unknown product is no line, offline too.
    expect((await sell({ lines: [{ product: 999_999_999, quantity: 1 }], paid: 100, sold_at: new Date().toISOString() })).statusCode).toBe(400);
  });

  it("lists the day's sales with a staff note under check, apart from the short ones", async () => {
    const p = await insertProduct(db(), { title: 'Report Check Book', regular_price: 300, units_stock: 5 });
    // Two minutes ago, within one Dhaka day (made just after its midnight, the day before is asked).
    const at = new Date(Date.now() - 120_000).toISOString();
    const day = dhakaDate(Date.parse(at));
    const noted = (await sell({ lines: [{ product: p, quantity: 1, unit_price: 280 }], paid: 280, sold_at: at })).json();
    const plain = (await sell({ lines: [{ product: p, quantity: 1 }], paid: 300, sold_at: at })).json();
    // Today's report holds the other tests' sales too: these two are looked up by id.
    const report = (await t.app.inject({ method: 'GET', url: `/api/pos/report/?day=${day}`, headers: support.headers })).json();
    const checked = (id: number) => report.check.find((c: { id: number }) => c.id === id);
    expect(checked(noted.id)).toMatchObject({ id: noted.id, total: 280, note: noted.staff_note });
    expect(checked(plain.id)).toBeUndefined();
    expect(report.short.map((s: { id: number }) => s.id)).not.toContain(noted.id);
  });

  it('flags an offline sale sent more than three days after it was made (a till offline for days, or its clock wrong), and records it', async () => {
    const p = await insertProduct(db(), { regular_price: 150, units_stock: 3 });
    const old = await sell({ lines: [{ product: p, quantity: 1 }], paid: 150, sold_at: '2024-04-11T06:00:00Z' });
    expect(old.statusCode).toBe(201);
    expect(old.json().staff_note).toBe([COUNTER_MESSAGES.checkOffline, COUNTER_MESSAGES.checkStale('2024-04-11')].join('\n'));
    const fresh = await sell({ lines: [{ product: p, quantity: 1 }], paid: 150, sold_at: new Date(Date.now() - 3600_000).toISOString() });
    expect(fresh.json().staff_note).toBe('');
  });

  it("sums a Dhaka day's counter sales: count, total, cash expected, by method, by seller, the short ones", async () => {
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 20 });
    const empty = await insertProduct(db(), { regular_price: 100, units_stock: 0 });
    // 2024-03-10 in Dhaka runs from 2024-03-09T18:00Z to 2024-03-10T18:00Z.
    const at = (iso: string) => ({ sold_at: iso });
    await sell({ lines: [{ product: p, quantity: 1 }], paid: 500, ...at('2024-03-09T18:30:00Z') });
    await sell({ lines: [{ product: p, quantity: 2 }], paid: 200, payment_method: 'bkash', ...at('2024-03-10T10:00:00Z') }, support);
    const short = (await sell({ lines: [{ product: empty, quantity: 1 }], paid: 100, ...at('2024-03-10T17:59:00Z') }, support)).json();
    await sell({ lines: [{ product: p, quantity: 1 }], paid: 100, ...at('2024-03-10T18:00:00Z') }); // the next Dhaka day
    const res = await t.app.inject({ method: 'GET', url: '/api/pos/report/?day=2024-03-10', headers: support.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      day: '2024-03-10',
      sales: 3,
      total: 400,
      cash_expected: 200,
      by_method: [
        { method: 'cash', sales: 2, total: 200 },
        { method: 'bkash', sales: 1, total: 200 },
      ],
      by_staff: [
        { user: support.userId, name: 'Sumi Support', sales: 2, total: 300 },
        { user: owner.userId, sales: 1, total: 100 },
      ],
      short: [{ id: short.id, total: 100 }],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/pos/report/?day=2024-02-30', headers: support.headers })).statusCode).toBe(400);
  });

  it('is for the counter: packer, support, manager and owner may sell; an accountant and a customer get 403, nobody 401', async () => {
    const p = await insertProduct(db(), { regular_price: 100, units_stock: 20 });
    for (const [role, method] of [['packer', 'cash'], ['support', 'bkash'], ['manager', 'card'], ['owner', 'nagad']] as const) {
      const who = await t.signIn({ role });
      const res = await sell({ lines: [{ product: p, quantity: 1 }], paid: 100, payment_method: method }, who);
      expect(res.statusCode).toBe(201);
      expect(res.json().payments).toEqual([expect.objectContaining({ method, amount: 100, verified: true })]);
      expect((await t.app.inject({ method: 'GET', url: '/api/pos/catalogue/', headers: who.headers })).statusCode).toBe(200);
    }
    for (const who of [await t.signIn({ role: 'accountant' }), customer]) {
      expect((await sell({ lines: [{ product: p, quantity: 1 }], paid: 100 }, who)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/pos/report/?day=2024-03-10', headers: who.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/pos/catalogue/', headers: who.headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/pos/sales/', payload: { lines: [{ product: p, quantity: 1 }], paid: 100, payment_method: 'cash', client_ref: ref() } })).statusCode).toBe(401);
    expect(await product(p)).toMatchObject({ units_stock: 16 });
  });

  it("serves the catalogue's counter fields with a version: the same version answers 304, a sale changes it", async () => {
    const p = await insertProduct(db(), { title: 'Counter Catalogue Book', regular_price: 300, discount_price: 250, units_stock: 4 });
    await db().updateTable('products').set({ isbn: '978-984-8765-43-2', isbn_key: '9789848765432' }).where('id', '=', p).execute();
    const off = await insertProduct(db(), { is_active: false });
    const first = await t.app.inject({ method: 'GET', url: '/api/pos/catalogue/', headers: support.headers });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.fields).toEqual(['id', 'title', 'title_en', 'isbn_key', 'price', 'stock']);
    expect(body.items).toContainEqual([p, '', 'Counter Catalogue Book', '9789848765432', 250, 4]);
    expect(body.items.some((r: unknown[]) => r[0] === off)).toBe(false);
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"pos-${body.version}"`);
    expect((await t.app.inject({ method: 'GET', url: '/api/pos/catalogue/', headers: { ...support.headers, 'if-none-match': etag } })).statusCode).toBe(304);
    await sell({ lines: [{ product: p, quantity: 1 }], paid: 250 });
    const after = await t.app.inject({ method: 'GET', url: '/api/pos/catalogue/', headers: { ...support.headers, 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().items).toContainEqual([p, '', 'Counter Catalogue Book', '9789848765432', 250, 3]);
  });

  it('prints an 80 mm receipt page in the shop’s name with the lines, money and method; ?print=1 prints under the page nonce; other orders 404', async () => {
    const p = await insertProduct(db(), { title: 'বাংলা বই', regular_price: 120, units_stock: 4 });
    const sale = (await sell({ lines: [{ product: p, quantity: 2 }], paid: 500, payment_method: 'nagad' }, support)).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/pos/sales/${sale.id}/receipt`, headers: support.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    const shop = (await t.services.settings.get()).shop_name;
    for (const text of ['@page{size:80mm auto', shop, `#${sale.id}`, 'বাংলা বই', '2 × ৳120', '৳240', '৳500', '৳260', 'নগদ / Nagad', 'Sumi Support', 'Noto Sans Bengali']) expect(html).toContain(text);
    expect(html).not.toContain('<script');
    const printed = await t.app.inject({ method: 'GET', url: `/api/pos/sales/${sale.id}/receipt?print=1`, headers: support.headers });
    const nonce = /'nonce-([^']+)'/.exec(String(printed.headers['content-security-policy']))![1];
    expect(printed.body).toContain(`<script nonce="${nonce}">`);
    const web = (await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]))).json().order_id as number;
    expect((await t.app.inject({ method: 'GET', url: `/api/pos/sales/${web}/receipt`, headers: support.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/pos/sales/${sale.id}/receipt`, headers: customer.headers })).statusCode).toBe(403);
  });
});
