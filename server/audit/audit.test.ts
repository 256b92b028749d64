/** The audit log on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testPhone, type Signed, type TestApp } from '../test/app';
import { PASSWORD, accountsClient } from '../test/accounts';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { describeAction, diff } from './changes';

let t: TestApp;
let admin: Signed;
let customer: Signed;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true, name: 'Audit Admin' });
  customer = await t.signIn();
});
afterAll(() => t?.close());

const { post, register, latestCode } = accountsClient(() => t);
const db = () => t.services.database.db;

/** The audit rows (as the API answers them) for `query`, once every pending row is written. */
async function audit(query = '') {
  await t.services.audit.idle();
  const res = await t.app.inject({ method: 'GET', url: `/api/audit/?page_size=100${query}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; results: { id: number; at: string; user: number | null; user_name: string | null; action: string; summary: string; target: string | null; changes: Record<string, [unknown, unknown]>; address: string | null }[] };
}

describe(`audit log (${testDialect})`, () => {
  it("an admin's price change records who, what, and the before/after of regular_price only", async () => {
    const id = await insertProduct(db(), { title: 'Audited book', regular_price: 300 });
    const res = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, payload: { regular_price: 350 }, headers: { ...admin.headers, 'x-forwarded-for': '203.0.113.7' } });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = await audit(`&target=product:${id}`);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ user: admin.userId, user_name: 'Audit Admin', action: 'PUT /api/product/:id/', summary: 'Update product', target: `product:${id}`, address: '203.0.113.7' });
    expect(results[0]!.changes).toEqual({ regular_price: [300, 350] });
    expect(Date.parse(results[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a row that cannot be written is reported, and the write still succeeds', async () => {
    const id = await insertProduct(db(), { title: 'Unrecorded change', regular_price: 120 });
    const append = vi.spyOn(t.services.audit, 'append').mockRejectedValueOnce(new Error('disk full'));
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, payload: { regular_price: 130 }, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      await t.services.audit.idle();
      expect(reported).toHaveBeenCalledWith('audit: could not record a row', expect.objectContaining({ message: 'disk full' }));
      expect((await audit(`&target=product:${id}`)).count).toBe(0);
    } finally {
      append.mockRestore();
      reported.mockRestore();
    }
  });

  it('a refused write (400) records nothing, and neither does a customer checking out', async () => {
    const id = await insertProduct(db(), { title: 'Refused change', regular_price: 100, units_stock: 5 });
    const bad = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, payload: { regular_price: -5 }, headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    const order = await t.app.inject({ method: 'POST', url: '/checkout/', payload: checkoutBody([{ product: id, quantity: 1 }]), headers: customer.headers });
    expect(order.statusCode, order.body).toBe(200);
    expect((await audit(`&target=product:${id}`)).count).toBe(0);
    expect((await audit(`&user=${customer.userId}`)).count).toBe(0);
    expect((await audit('&action=POST /checkout/')).count).toBe(0);
  });

  it('a POST declared read-only (the packing desk\'s scan) records nothing', async () => {
    const id = await insertProduct(db(), { title: 'Scanned book', regular_price: 100, units_stock: 5 });
    const order = await t.app.inject({ method: 'POST', url: '/checkout/', payload: checkoutBody([{ product: id, quantity: 1 }]), headers: customer.headers });
    const orderId = (order.json() as { order?: { id: number }; id?: number }).order?.id ?? order.json().id;
    const scan = await t.app.inject({ method: 'POST', url: '/api/order/scan/', payload: { code: String(orderId) }, headers: admin.headers });
    expect(scan.statusCode, scan.body).toBe(200);
    expect((await audit('&action=POST /api/order/scan/')).count).toBe(0);
  });

  it('a create records its id as target and its fields as "after"; a delete its "before"', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/category/', payload: { name: 'Audit shelf' }, headers: admin.headers });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const { results } = await audit('&action=POST /api/category/');
    expect(results[0]!.target).toMatch(/^category:\d+$/);
    expect(results[0]!.changes.name).toEqual([null, 'Audit shelf']);
    const id = results[0]!.target!.split(':')[1];
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/category/${id}/`, headers: admin.headers });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const gone = await audit(`&action=DELETE /api/category/:id/&target=category:${id}`);
    expect(gone.results[0]!.changes.name).toEqual(['Audit shelf', null]);
  });

  it("making an admin records the user's fields, never the password sent", async () => {
    const phone = testPhone();
    const res = await t.app.inject({ method: 'POST', url: '/makeAdmin/', payload: { phone_number: phone, password: 'a brand new secret', name: 'New Admin' }, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = await audit('&action=POST /makeAdmin/');
    expect(results[0]).toMatchObject({ summary: 'Make admin', target: `user:${res.json().user.id}` });
    expect(results[0]!.changes.phone_number).toEqual([null, phone]);
    expect(JSON.stringify(results[0]!.changes)).not.toContain('a brand new secret');
  });

  it('records sign-ins and failed sign-ins (the typed number, never the password) and password resets', async () => {
    const { phone } = await register(testPhone(), PASSWORD, 'Signer');
    const ok = await post('/login/', { phone_number: phone, password: PASSWORD }, { ip: '198.51.100.4' });
    expect(ok.statusCode).toBe(200);
    const failed = await post('/login/', { phone_number: phone, password: 'wrong password here' }, { ip: '198.51.100.5' });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    await post('/send_reset_otp/', { phone_number: phone });
    const newPassword = 'another good password';
    const reset = await post('/reset-password/', { phone_number: phone, otp: await latestCode(phone), password: newPassword, password2: newPassword });
    expect(reset.statusCode, reset.body).toBe(200);

    const signIn = (await audit('&action=sign_in')).results.find((r) => r.address === '198.51.100.4');
    expect(signIn).toMatchObject({ summary: 'Signed in', user_name: 'Signer' });
    expect(signIn!.target).toBe(`user:${signIn!.user}`);
    const fail = await audit(`&action=sign_in_failed&target=phone:${phone}`);
    expect(fail.results).toHaveLength(1);
    expect(fail.results[0]).toMatchObject({ user: null, address: '198.51.100.5' });
    expect((await audit(`&action=password_reset&target=phone:${phone}`)).count).toBe(1);
    const stored = await db().selectFrom('audit_log').select('changes').execute();
    expect(stored.map((r) => r.changes).join(' ')).not.toMatch(/wrong password here|another good password|"password"|"token"|"otp"/);
  });

  it('GET /api/audit/ is for admins only, newest first, and its filters narrow it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/audit/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit/', headers: customer.headers })).statusCode).toBe(403);
    const all = await audit();
    expect(all.count).toBeGreaterThanOrEqual(5);
    const ids = all.results.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await audit(`&user=${admin.userId}`)).results.every((r) => r.user === admin.userId)).toBe(true);
    expect((await audit('&target=product')).results.every((r) => r.target?.startsWith('product:'))).toBe(true);
    expect((await audit('&search=audit shelf')).count).toBeGreaterThanOrEqual(2);
    expect((await audit('&from=2000-01-01&to=2000-01-02')).count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`&from=${today}&to=${today}`)).count).toBe(all.count);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit/?from=yesterday', headers: admin.headers })).statusCode).toBe(400);
  });

  it('the table refuses UPDATE and DELETE', async () => {
    await expect(sql`update audit_log set action = 'x'`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db())).rejects.toThrow(/append-only/);
    expect((await audit()).count).toBeGreaterThan(0);
  });
});

describe('audit changes', () => {
  it('keeps changed top-level fields only, without secrets or noise', () => {
    expect(diff({ a: 1, b: [1], updated_at: 'x', password: 'p' }, { a: 1, b: [2], updated_at: 'y', password: 'q' })).toEqual({ b: [[1], [2]] });
    expect(diff(null, { name: 'n', token: 't', api_key: 'k' })).toEqual({ name: [null, 'n'] });
  });
  it('names actions readably', () => {
    expect(describeAction('POST /create-book/')).toBe('Create book');
    expect(describeAction('DELETE /api/promotion/:id/')).toBe('Delete promotion');
    expect(describeAction('POST /api/order/:id/refund/')).toBe('Refund order');
    expect(describeAction('POST /makeAdmin/')).toBe('Make admin');
  });
});
