/**
 * What admins do with accounts: make admins, list users and the SMS outbox; who may call what (V8.2).
 * On a real database: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { testPhone } from '../test/app';
import { testDialect } from '../test/database';
import { insertCustomers } from '../test/orders-fixtures';
import { PASSWORD, accountsSuite, bearer } from '../test/accounts';
import { MESSAGES as FORM } from '../../domain/accounts';

describe(`admins and users (${testDialect})`, () => {
  const { t, post, get, register } = accountsSuite();

  describe('POST /makeAdmin/', () => {
    it('lets an admin create an admin who can sign in: "Admin created Successfully!"', async () => {
      const admin = await t.signIn({ admin: true });
      const phone = testPhone();
      const res = await post('/makeAdmin/', { phone_number: phone, password: PASSWORD, name: 'করিম' }, { headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 200, message: 'Admin created Successfully!', user: { phone_number: phone, is_admin: true, name: 'করিম' } });
      const login = await post('/login/', { phone_number: phone, password: PASSWORD });
      expect(login.json().user.is_admin).toBe(true);
    });

    it('answers 400 for a number already on the team and leaves that user as they were', async () => {
      const admin = await t.signIn({ admin: true });
      const staff = await t.signIn({ role: 'packer' });
      const res = await post('/makeAdmin/', { phone_number: staff.phone, password: 'another password' }, { headers: admin.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: 'Phone Number is already exist!', errors: { phone_number: ['Phone Number is already exist!'] } });
      expect((await t.services.users.findByPhone(staff.phone))!.role).toBe('packer');
    });

    it('answers a missing phone number with the Bengali required message', async () => {
      const admin = await t.signIn({ admin: true });
      const res = await post('/makeAdmin/', {}, { headers: admin.headers });
      expect(res.json().errors).toEqual({ phone_number: [FORM.phoneRequired] });
    });
  });

  describe('GET /api/user/ and /api/me/', () => {
    it('lists users to an admin in the envelope, filtered by is_admin and phone_number', async () => {
      // More than a page of users, so the list has a next page.
      await insertCustomers(t.services.database.db, 20);
      const admin = await t.signIn({ admin: true });
      const { phone } = await register();
      const all = await get('/api/user/', admin.headers);
      expect(all.statusCode).toBe(200);
      expect(all.json()).toMatchObject({ count: expect.any(Number), next: expect.anything(), previous: null });
      const admins = (await get('/api/user/?is_admin=true', admin.headers)).json();
      expect(admins.results.every((u: { is_admin: boolean }) => u.is_admin)).toBe(true);
      const customers = (await get('/api/user/?is_admin=false', admin.headers)).json();
      expect(customers.results.every((u: { is_admin: boolean }) => !u.is_admin)).toBe(true);
      expect(admins.count + customers.count).toBe(all.json().count);
      const one = (await get(`/api/user/?is_admin=false&phone_number=%2B88${phone}`, admin.headers)).json();
      expect(one.count).toBe(1);
      expect(Object.keys(one.results[0]).sort()).toEqual(['created_at', 'id', 'is_admin', 'name', 'phone_number', 'role']);
      expect((await get(`/api/user/?is_admin=true&phone_number=${phone}`, admin.headers)).json().count).toBe(0);
      expect((await get('/api/user/?is_admin=maybe', admin.headers)).statusCode).toBe(400);
    });

    it('V8.2.2 lets a customer look up only their own phone number and see only themselves', async () => {
      const { phone, token } = await register();
      const other = await register();
      const own = await get(`/api/user/?phone_number=${phone}`, bearer(token));
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ count: 1, results: [{ phone_number: phone }] });
      expect((await get(`/api/user/?is_admin=true&phone_number=${phone}`, bearer(token))).json().count).toBe(0);
      expect((await get(`/api/user/?phone_number=${other.phone}`, bearer(token))).statusCode).toBe(403);
      expect((await get('/api/user/', bearer(token))).statusCode).toBe(403);
    });

    it('GET /api/me/ answers the signed-in user, 401 to nobody', async () => {
      const { token, body } = await register();
      expect((await get('/api/me/', bearer(token))).json()).toEqual(body.user);
      expect((await get('/api/me/')).statusCode).toBe(401);
    });
  });

  describe('authorisation matrix (V8.2.1): anonymous 401, customer 403, admin allowed', () => {
    const calls = [
      { method: 'POST' as const, url: '/makeAdmin/', payload: () => ({ phone_number: testPhone(), password: PASSWORD }) },
      { method: 'GET' as const, url: '/api/user/' },
      { method: 'GET' as const, url: '/api/user/?is_admin=true' },
      { method: 'GET' as const, url: '/api/sms/' },
      { method: 'GET' as const, url: '/api/sms' },
    ];
    for (const call of calls) {
      it(`V8.2.1 ${call.method} ${call.url}`, async () => {
        const send = (headers: Record<string, string>) =>
          t.app.inject({ method: call.method, url: call.url, headers, ...(call.payload ? { payload: call.payload() } : {}) });
        expect((await send({})).statusCode).toBe(401);
        const customer = await t.signIn();
        expect((await send(customer.headers)).statusCode).toBe(403);
        const admin = await t.signIn({ admin: true });
        expect((await send(admin.headers)).statusCode).toBe(200);
      });
    }
  });

  describe('GET /api/sms/', () => {
    it('shows admins the outbox newest first in the list envelope, filtered by phone, with reset codes hidden', async () => {
      const admin = await t.signIn({ admin: true });
      const { phone } = await register();
      await post('/send_reset_otp/', { phone_number: phone });
      await t.services.sms.enqueue(phone, 'আপনার অর্ডার #12 গ্রহণ করা হয়েছে', 'order');
      const res = await get(`/api/sms/?phone_number=${phone}&page=1`, admin.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ count: 2, next: null, previous: null });
      expect(body.results[0]).toMatchObject({ to: phone, text: 'আপনার অর্ডার #12 গ্রহণ করা হয়েছে', status: 'pending', attempts: 0, last_error: null, sent_at: null });
      for (const key of ['id', 'to', 'text', 'status', 'attempts', 'last_error', 'created_at', 'sent_at']) expect(body.results[1]).toHaveProperty(key);
      expect(body.results[1].text).not.toMatch(/\d{6}/);
      expect(body.results[1].text).toContain('••••••');
      expect((await get('/api/sms/?page=0', admin.headers)).statusCode).toBe(400);
    });

    it('hides back-in-stock request codes from admins too', async () => {
      const admin = await t.signIn({ admin: true });
      const phone = (await register()).phone;
      await t.services.sms.enqueue(phone, 'হাট: আপনার কোড 123456', 'restock_code');
      const body = (await get(`/api/sms/?phone_number=${phone}`, admin.headers)).json();
      expect(body.results.find((m: { kind: string }) => m.kind === 'restock_code').text).toBe('হাট: আপনার কোড ••••••');
    });
  });
});
