/** Back-in-stock requests through the API, on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, testPhone, type Signed, type TestApp } from '../test/app';
import { newIp } from '../test/accounts';
import { loadCatalogFixture, type CatalogFixture } from '../test/catalog-fixture';
import { testDialect } from '../test/database';
import { BACK_IN_STOCK_MESSAGES } from '../../domain/back-in-stock';

let t: TestApp;
let fx: CatalogFixture;
let admin: Signed;
let customer: Signed;

beforeAll(async () => {
  ({ t, admin, customer } = await openSignedApp());
  fx = await loadCatalogFixture(t.services.database.db);
});
afterAll(() => t?.close());

const ask = (productId: number, payload: object, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/product/${productId}/notify/`, payload, headers: { 'x-forwarded-for': opts.ip ?? newIp(), ...opts.headers } });

const setStock = (productId: number, units_stock: number, extra: object = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/product/${productId}/`, payload: { units_stock, ...extra }, headers: admin.headers });

async function messagesTo(phone: string, kind?: string) {
  let q = t.services.database.db.selectFrom('sms_outbox').select(['text', 'kind']).where('to_phone', '=', phone);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id').execute();
}

async function latestCode(phone: string): Promise<string> {
  const rows = await messagesTo(phone, 'restock_code');
  return /(\d{6})/.exec(rows.at(-1)!.text)![1]!;
}

async function waiting(productId: number) {
  return t.services.database.db.selectFrom('restock_requests').selectAll().where('product_id', '=', productId).where('notified_at', 'is', null).execute();
}

/** A sold-out book of its own, so tests don't share requests. */
async function soldOutBook(title: string): Promise<number> {
  const row = await t.services.database.db
    .insertInto('products')
    .values({ type: 'books', english_title: title, regular_price: 100, units_stock: 0, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Lets the catalogue's after-commit hook finish its background notify. */
const settle = () => new Promise((r) => setTimeout(r, 150));

describe(`back-in-stock requests (${testDialect})`, () => {
  it('a signed-in shopper is recorded for the account number at once; a repeat answers 201 without a second request', async () => {
    const first = await ask(fx.ids.eveningRain, {}, { headers: customer.headers });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 201, message: BACK_IN_STOCK_MESSAGES.recorded });
    expect((await ask(fx.ids.eveningRain, {}, { headers: customer.headers })).statusCode).toBe(201);
    const rows = await waiting(fx.ids.eveningRain);
    expect(rows.map((r) => [r.phone_number, r.user_id])).toEqual([[customer.phone, customer.userId]]);
  });

  it('a guest gets a code (202), a wrong code is refused in Bengali, the right one records the request (201) once', async () => {
    const book = await soldOutBook('Guest Book');
    const phone = testPhone();
    const ip = newIp();
    const sent = await ask(book, { phone_number: `+88${phone}` }, { ip });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ status: 202, message: BACK_IN_STOCK_MESSAGES.codeSent });
    const code = await latestCode(phone);
    expect(await waiting(book)).toEqual([]);

    const wrong = await ask(book, { phone_number: phone, otp: code === '000000' ? '111111' : '000000' }, { ip });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: BACK_IN_STOCK_MESSAGES.codeWrong, errors: { otp: [BACK_IN_STOCK_MESSAGES.codeWrong] } });

    const right = await ask(book, { phone_number: phone, otp: code }, { ip });
    expect(right.statusCode).toBe(201);
    expect((await waiting(book)).map((r) => [r.phone_number, r.user_id])).toEqual([[phone, null]]);
    // The code is used once.
    const again = await ask(book, { phone_number: phone, otp: code }, { ip });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(BACK_IN_STOCK_MESSAGES.codeGone);

    // Asking again with a fresh code is fine and still leaves one request.
    await ask(book, { phone_number: phone }, { ip });
    expect((await ask(book, { phone_number: phone, otp: await latestCode(phone) }, { ip })).statusCode).toBe(201);
    expect(await waiting(book)).toHaveLength(1);
  });

  it('a code allows 5 wrong tries, and a code is needed for the number it was sent to', async () => {
    const book = await soldOutBook('Locked Book');
    const phone = testPhone();
    await ask(book, { phone_number: phone });
    const code = await latestCode(phone);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect((await ask(book, { phone_number: phone, otp: wrongCode })).json().message).toBe(BACK_IN_STOCK_MESSAGES.codeWrong);
    const locked = await ask(book, { phone_number: phone, otp: code });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(BACK_IN_STOCK_MESSAGES.codeLocked);
    // Another number cannot use it.
    expect((await ask(book, { phone_number: testPhone(), otp: code })).json().message).toBe(BACK_IN_STOCK_MESSAGES.codeGone);
    expect(await waiting(book)).toEqual([]);
  });

  it('refuses bad input, an unknown or inactive product (404) and a product in stock (409)', async () => {
    const bad = await ask(fx.ids.eveningRain, { phone_number: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phone_number).toEqual([BACK_IN_STOCK_MESSAGES.phoneInvalid]);
    expect((await ask(fx.ids.eveningRain, {})).json().errors.phone_number).toEqual([BACK_IN_STOCK_MESSAGES.phoneRequired]);
    expect((await ask(fx.ids.eveningRain, { phone_number: testPhone(), otp: 'abc' })).statusCode).toBe(400);
    expect((await ask(fx.ids.eveningRain, { phone_number: testPhone(), extra: 1 })).statusCode).toBe(400);
    expect((await ask(999999, { phone_number: testPhone() })).statusCode).toBe(404);
    expect((await ask(fx.ids.hidden, {}, { headers: customer.headers })).statusCode).toBe(404);
    const inStock = await ask(fx.ids.pride, { phone_number: testPhone() });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().message).toBe(BACK_IN_STOCK_MESSAGES.inStock);
  });

  it('limits codes per number like recovery: the fourth in 15 minutes answers 429 with Retry-After', async () => {
    const book = await soldOutBook('Limited Book');
    const phone = testPhone();
    for (let i = 0; i < 3; i++) expect((await ask(book, { phone_number: phone })).statusCode).toBe(202);
    const refused = await ask(book, { phone_number: phone });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toContain('মিনিট');
    expect(await messagesTo(phone, 'restock_code')).toHaveLength(3);
  });

  it('raising the stock from 0 texts each waiting request once with the product link; raising it again sends nothing', async () => {
    const book = await soldOutBook('Comes Back');
    const guest = testPhone();
    await ask(book, { phone_number: guest });
    expect((await ask(book, { phone_number: guest, otp: await latestCode(guest) })).statusCode).toBe(201);
    const member = await t.signIn();
    expect((await ask(book, {}, { headers: member.headers })).statusCode).toBe(201);

    // Still 0: nothing is due.
    expect((await setStock(book, 0)).statusCode).toBe(200);
    await settle();
    expect(await messagesTo(guest, 'back_in_stock')).toEqual([]);

    expect((await setStock(book, 4)).statusCode).toBe(200);
    await settle();
    const link = `${t.services.config.publicUrl}/books/${book}`;
    for (const phone of [guest, member.phone]) {
      const texts = await messagesTo(phone, 'back_in_stock');
      expect(texts).toHaveLength(1);
      expect(texts[0]!.text).toContain(link);
      expect(texts[0]!.text).toContain('Comes Back');
    }
    expect(await waiting(book)).toEqual([]);

    expect((await setStock(book, 9)).statusCode).toBe(200);
    expect((await setStock(book, 0)).statusCode).toBe(200);
    expect((await setStock(book, 2)).statusCode).toBe(200);
    await settle();
    expect(await t.services.backInStock.sweep()).toBe(0);
    expect(await messagesTo(guest, 'back_in_stock')).toHaveLength(1);
  });

  it('the sweep texts requests whose product came back without the hook (a cancelled order, a process that died)', async () => {
    const book = await soldOutBook('Swept Back');
    const member = await t.signIn();
    await ask(book, {}, { headers: member.headers });
    // Stock put back the way a cancelled order does it: no hook.
    await t.services.database.db.updateTable('products').set({ units_stock: 1 }).where('id', '=', book).execute();
    // Several processes sweeping at once still send one message.
    const sent = await Promise.all([t.services.backInStock.sweep(), t.services.backInStock.sweep(), t.services.backInStock.notify([book])]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await messagesTo(member.phone, 'back_in_stock')).toHaveLength(1);
  });

  it('an inactive product is not announced until it is switched back on with stock', async () => {
    const book = await soldOutBook('Switched Off');
    const member = await t.signIn();
    await ask(book, {}, { headers: member.headers });
    expect((await setStock(book, 0, { is_active: false })).statusCode).toBe(200);
    expect((await setStock(book, 5)).statusCode).toBe(200);
    await settle();
    expect(await t.services.backInStock.sweep()).toBe(0);
    expect((await setStock(book, 5, { is_active: true })).statusCode).toBe(200);
    await settle();
    expect(await messagesTo(member.phone, 'back_in_stock')).toHaveLength(1);
  });

  it('admins see the waiting requests per product, most first; others may not', async () => {
    const few = await soldOutBook('Few Waiting');
    const many = await soldOutBook('Many Waiting');
    for (const [book, n] of [[few, 1], [many, 3]] as const) {
      for (let i = 0; i < n; i++) await ask(book, {}, { headers: (await t.signIn()).headers });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/restock/?page=1', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const mine = body.results.filter((r: { product: number }) => r.product === few || r.product === many);
    expect(mine).toEqual([
      { product: many, title: 'Many Waiting', waiting: 3, units_stock: 0 },
      { product: few, title: 'Few Waiting', waiting: 1, units_stock: 0 },
    ]);
    const counts = body.results.map((r: { waiting: number }) => r.waiting);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.count).toBe(body.results.length);
    expect(await t.services.backInStock.waitingCounts([few, many, fx.ids.pride])).toEqual(new Map([[few, 1], [many, 3]]));
    expect((await t.app.inject({ method: 'GET', url: '/api/restock/', headers: customer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/restock/' })).statusCode).toBe(401);
  });
});
