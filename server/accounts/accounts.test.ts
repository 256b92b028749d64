/**
 * Issue 4 on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): every account call's
 * answers, the authorisation matrix, sessions, recovery codes, rate limits and CSRF. Test names
 * cite the OWASP ASVS 5.0 requirement they check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testPhone, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { SESSION_COOKIE, hashToken } from './sessions';
import { MESSAGES as FORM } from '../../domain/accounts';
import { MESSAGES, createAccountsService } from './service';
import { TooManyRequests } from './rate-limit';

const PASSWORD = 'correct horse battery';
let ipCounter = 0;
/** Each test speaks from its own client address, so per-address limits don't leak between tests. */
const newIp = () => `10.${process.pid % 250}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe(`accounts (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function post(url: string, payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) {
    return t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': opts.ip ?? newIp(), ...opts.headers } });
  }
  function get(url: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url, headers });
  }
  function cookieOf(res: LightMyRequestResponse) {
    return res.cookies.find((c) => c.name === SESSION_COOKIE);
  }
  async function register(phone = testPhone(), password = PASSWORD, name = 'রহিম') {
    const res = await post('/register_user/', { name, phone_number: phone, password });
    expect(res.statusCode).toBe(200);
    return { phone, token: res.json().token.access as string, body: res.json(), res };
  }
  async function latestCode(phone: string): Promise<string> {
    const row = await t.services.database.db
      .selectFrom('sms_outbox')
      .select('text')
      .where('to_phone', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.text)![1]!;
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('POST /register_user/', () => {
    it('creates a customer, signs them in and answers {status, message, token.access, user} with the session cookie', async () => {
      const phone = testPhone();
      const { body, res } = await register(phone);
      expect(body).toMatchObject({ status: 200, message: 'Register Successfully!', user: { name: 'রহিম', phone_number: phone, is_admin: false } });
      expect(body.token.access).toMatch(/^[\w-]{43}$/);
      const cookie = cookieOf(res)!;
      expect(cookie).toMatchObject({ value: body.token.access, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure).toBeFalsy();
      const me = await get('/api/me/', bearer(body.token.access));
      expect(me.json()).toEqual(body.user);
    });

    it('V3.3.1 marks the session cookie Secure when the request came over https', async () => {
      const res = await post('/register_user/', { name: 'S', phone_number: testPhone(), password: PASSWORD }, { headers: { 'x-forwarded-proto': 'https' } });
      expect(cookieOf(res)?.secure).toBe(true);
    });

    it('stores the phone normalised: +880 and 880 forms are the same account and answer "Phone Number is already exist!"', async () => {
      const phone = testPhone();
      await register(phone);
      for (const other of [`+88${phone}`, `88${phone}`]) {
        const res = await post('/register_user/', { name: 'X', phone_number: other, password: PASSWORD });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ status: 400, message: 'Phone Number is already exist!' });
      }
    });

    it('answers missing fields with the Bengali required messages per field', async () => {
      const res = await post('/register_user/', {});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ name: [FORM.nameRequired], phone_number: [FORM.phoneRequired], password: [FORM.passwordRequired] });
    });

    it('V6.2.1 V6.2.9 refuses passwords under 8 or over 128 characters, accepts 8 and 128 without composition rules', async () => {
      expect((await post('/register_user/', { name: 'a', phone_number: testPhone(), password: '1234567' })).json().errors.password).toEqual([FORM.passwordShort]);
      expect((await post('/register_user/', { name: 'a', phone_number: testPhone(), password: 'x'.repeat(129) })).statusCode).toBe(400);
      expect((await post('/register_user/', { name: 'a', phone_number: testPhone(), password: 'aaaaaaaa' })).statusCode).toBe(200);
      expect((await post('/register_user/', { name: 'a', phone_number: testPhone(), password: 'পাসওয়ার্ড'.repeat(12).slice(0, 128) })).statusCode).toBe(200);
    });

    it('refuses a number that is not a Bangladeshi mobile and unknown fields such as is_admin (mass assignment)', async () => {
      expect((await post('/register_user/', { name: 'a', phone_number: '0121234567', password: PASSWORD })).json().errors.phone_number).toEqual([FORM.phoneInvalid]);
      const res = await post('/register_user/', { name: 'a', phone_number: testPhone(), password: PASSWORD, is_admin: true });
      expect(res.statusCode).toBe(400);
    });

    it('V6.2.x stores only an Argon2id hash of the password', async () => {
      const { phone } = await register();
      const row = await t.services.users.findByPhone(phone);
      expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.password_hash).not.toContain(PASSWORD);
    });
  });

  describe('POST /login/', () => {
    it('signs in with the right phone and password and sets the cookie', async () => {
      const { phone, body: reg } = await register();
      const res = await post('/login/', { phone_number: phone, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 200, message: 'Login Successfully!', user: reg.user });
      expect(res.json().token.access).not.toBe(reg.token.access);
      expect(cookieOf(res)?.value).toBe(res.json().token.access);
    });

    it('V6.3.8 answers a wrong password and an unknown phone alike: 401 with the same errors', async () => {
      const { phone } = await register();
      const wrong = await post('/login/', { phone_number: phone, password: 'wrong password' });
      const unknown = await post('/login/', { phone_number: testPhone(), password: 'wrong password' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({ status: 401, message: MESSAGES.badLogin, errors: { non_field_errors: [MESSAGES.badLogin] } });
      expect(cookieOf(wrong)).toBeUndefined();
    });

    it('V6.3.8 spends the same password-hashing time whether or not the phone exists', async () => {
      const { phone } = await register();
      const time = async (p: string) => {
        const started = performance.now();
        await post('/login/', { phone_number: p, password: 'wrong password' });
        return performance.now() - started;
      };
      await time(testPhone()); // the dummy hash is made once
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        known.push(await time(phone));
        unknown.push(await time(testPhone()));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
      expect(median(unknown)).toBeLessThan(median(known) * 3);
    });

    it('answers missing fields with the Bengali required messages', async () => {
      const res = await post('/login/', { phone_number: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ phone_number: [FORM.phoneRequired], password: [FORM.passwordRequired] });
    });
  });

  describe('sessions (V7)', () => {
    it('V7.2.3 tokens are 256 random bits and the database keeps only their SHA-256 hash', async () => {
      const { token } = await register();
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const rows = await t.services.database.db.selectFrom('sessions').select('token_hash').execute();
      expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
      expect(rows.some((r) => r.token_hash === token)).toBe(false);
    });

    it('V7.2.1 accepts "Bearer", "Token" and the cookie, and refuses an unknown token', async () => {
      const { token, body } = await register();
      expect((await get('/api/me/', { authorization: `Bearer ${token}` })).json()).toEqual(body.user);
      expect((await get('/api/me/', { authorization: `Token ${token}` })).json()).toEqual(body.user);
      expect((await get('/api/me/', { cookie: `${SESSION_COOKIE}=${token}` })).json()).toEqual(body.user);
      expect((await get('/api/me/', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    });

    it('V7.3.1 ends a session idle for more than 7 days', async () => {
      const { token } = await register();
      await t.services.database.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString() })
        .where('token_hash', '=', hashToken(token))
        .execute();
      expect((await get('/api/me/', bearer(token))).statusCode).toBe(401);
    });

    it('V7.3.2 ends a session past its absolute lifetime even while in use', async () => {
      const { token } = await register();
      await t.services.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', hashToken(token)).execute();
      expect((await get('/api/me/', bearer(token))).statusCode).toBe(401);
    });

    it('V7.4.1 POST /logout/ revokes the presented token for good', async () => {
      const { token } = await register();
      const res = await post('/logout/', {}, { headers: { authorization: `Token ${token}` } });
      expect(res.statusCode).toBe(200);
      expect((await get('/api/me/', bearer(token))).statusCode).toBe(401);
    });

    it('V7.4.1 POST /logout/ with the cookie revokes that session and clears the cookie', async () => {
      const { token } = await register();
      const res = await post('/logout/', {}, { headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: 'http://localhost:80', host: 'localhost:80' } });
      expect(res.statusCode).toBe(200);
      const cleared = cookieOf(res)!;
      expect(cleared.value).toBe('');
      expect(new Date(cleared.expires!).getTime()).toBeLessThanOrEqual(Date.now());
      expect((await get('/api/me/', bearer(token))).statusCode).toBe(401);
    });

    it('POST /logout/ without a session still answers 200 (nothing to revoke)', async () => {
      expect((await post('/logout/', {})).statusCode).toBe(200);
    });
  });

  describe('CSRF (V3.5.1)', () => {
    async function adminCookie() {
      const admin = await t.signIn({ admin: true });
      return { cookie: `${SESSION_COOKIE}=${admin.token}`, host: 'shop.example' };
    }
    const makeAdmin = (headers: Record<string, string>) => post('/makeAdmin/', { phone_number: testPhone(), password: PASSWORD }, { headers });

    it('V3.5.1 refuses a cookie-authenticated POST without Origin or Referer with 403', async () => {
      const res = await makeAdmin(await adminCookie());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Origin/);
    });

    it('V3.5.1 refuses a cookie-authenticated POST from another site with 403', async () => {
      expect((await makeAdmin({ ...(await adminCookie()), origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await makeAdmin({ ...(await adminCookie()), origin: 'null' })).statusCode).toBe(403);
      expect((await makeAdmin({ ...(await adminCookie()), referer: 'https://evil.example/shop.example' })).statusCode).toBe(403);
    });

    it('V3.5.1 accepts a cookie-authenticated POST whose Origin or Referer names this host', async () => {
      expect((await makeAdmin({ ...(await adminCookie()), origin: 'https://shop.example' })).statusCode).toBe(200);
      expect((await makeAdmin({ ...(await adminCookie()), referer: 'https://shop.example/make-admin' })).statusCode).toBe(200);
    });

    it('V3.5.1 exempts header-authenticated calls and cookie reads (GET)', async () => {
      const admin = await t.signIn({ admin: true });
      expect((await makeAdmin({ authorization: `Bearer ${admin.token}`, cookie: `${SESSION_COOKIE}=${admin.token}` })).statusCode).toBe(200);
      expect((await get('/api/me/', { cookie: `${SESSION_COOKIE}=${admin.token}` })).statusCode).toBe(200);
    });
  });

  describe('password recovery (decisions §3.4, V6.5)', () => {
    it('POST /send_reset_otp/ answers 400 "Phone Number is not matched!" to an unknown number', async () => {
      const res = await post('/send_reset_otp/', { phone_number: testPhone() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: 'Phone Number is not matched!' });
    });

    it('V6.5.2 sends a server-made 6-digit code by SMS, stores only its hash, ignores the client otp and hands out no token', async () => {
      const { phone } = await register();
      const res = await post('/send_reset_otp/', { phone_number: phone, otp: 1234 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 200, message: 'OTP Send Successfully!' });
      const code = await latestCode(phone);
      expect(code).toMatch(/^\d{6}$/);
      const user = await t.services.users.findByPhone(phone);
      const resets = await t.services.database.db.selectFrom('password_resets').selectAll().where('user_id', '=', user!.id).execute();
      expect(resets).toHaveLength(1);
      expect(resets[0]!.code_hash).not.toContain(code);
      expect(resets[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      const sms = await t.services.database.db.selectFrom('sms_outbox').selectAll().where('to_phone', '=', phone).executeTakeFirstOrThrow();
      expect(sms).toMatchObject({ kind: 'password_reset', status: 'pending' });
      // 1234 is never the code: the 6-digit form has no 4-digit match
      expect(code).not.toBe('1234');
    });

    it('V6.5.5 codes live 10 minutes', async () => {
      const { phone } = await register();
      await post('/send_reset_otp/', { phone_number: phone });
      const user = await t.services.users.findByPhone(phone);
      const row = await t.services.database.db.selectFrom('password_resets').selectAll().where('user_id', '=', user!.id).executeTakeFirstOrThrow();
      const life = Date.parse(row.expires_at) - Date.parse(row.created_at);
      expect(life).toBe(10 * 60_000);
      await t.services.database.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1).toISOString() }).where('id', '=', row.id).execute();
      const res = await post('/verify_otp/', { phone_number: phone, otp: await latestCode(phone) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.codeGone);
    });

    it('POST /verify_otp/ checks a code without using it up and refuses a wrong one with 400', async () => {
      const { phone } = await register();
      await post('/send_reset_otp/', { phone_number: phone });
      const code = await latestCode(phone);
      for (let i = 0; i < 2; i++) {
        const ok = await post('/verify_otp/', { phone_number: phone, otp: code });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toEqual({ status: 200, message: 'OTP matched Successfully!' });
      }
      const wrong = await post('/verify_otp/', { phone_number: phone, otp: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ status: 400, message: 'OTP is not matched!', errors: { otp: ['OTP is not matched!'] } });
      const missing = await post('/verify_otp/', { phone_number: phone });
      expect(missing.json().errors.otp).toEqual([FORM.otpRequired]);
    });

    it('V6.5.3 allows 5 wrong tries; after them even the right code is refused until a new one is sent', async () => {
      const { phone } = await register();
      await post('/send_reset_otp/', { phone_number: phone });
      const code = await latestCode(phone);
      const wrong = code === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i++) expect((await post('/verify_otp/', { phone_number: phone, otp: wrong })).json().message).toBe(MESSAGES.codeWrong);
      const locked = await post('/verify_otp/', { phone_number: phone, otp: code });
      expect(locked.statusCode).toBe(400);
      expect(locked.json().message).toBe(MESSAGES.codeLocked);
      await post('/send_reset_otp/', { phone_number: phone });
      expect((await post('/verify_otp/', { phone_number: phone, otp: await latestCode(phone) })).statusCode).toBe(200);
    });

    it('V6.5.3 five parallel wrong guesses and a right one never give more than 5 tries', async () => {
      const { phone } = await register();
      await post('/send_reset_otp/', { phone_number: phone });
      const code = await latestCode(phone);
      const wrong = code === '123456' ? '654321' : '123456';
      await Promise.all(Array.from({ length: 8 }, () => post('/verify_otp/', { phone_number: phone, otp: wrong })));
      expect((await post('/verify_otp/', { phone_number: phone, otp: code })).json().message).toBe(MESSAGES.codeLocked);
    });

    it('a new code replaces the previous one', async () => {
      const { phone } = await register();
      await post('/send_reset_otp/', { phone_number: phone });
      const first = await latestCode(phone);
      await post('/send_reset_otp/', { phone_number: phone });
      const second = await latestCode(phone);
      if (first !== second) expect((await post('/verify_otp/', { phone_number: phone, otp: first })).statusCode).toBe(400);
      expect((await post('/verify_otp/', { phone_number: phone, otp: second })).statusCode).toBe(200);
    });

    it('V7.4.3 POST /reset-password/ sets the password, uses the code once and signs out the other sessions', async () => {
      const { phone, token: oldSession } = await register();
      await post('/send_reset_otp/', { phone_number: phone });
      const code = await latestCode(phone);
      const payload = { phone_number: phone, otp: code, password: 'a brand new secret', password2: 'a brand new secret' };
      const res = await post('/reset-password/', payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 200, message: MESSAGES.passwordReset });
      expect((await get('/api/me/', bearer(oldSession))).statusCode).toBe(401);
      expect((await post('/login/', { phone_number: phone, password: PASSWORD })).statusCode).toBe(401);
      expect((await post('/login/', { phone_number: phone, password: 'a brand new secret' })).statusCode).toBe(200);
      // single use
      const again = await post('/reset-password/', { ...payload, password: 'another secret!', password2: 'another secret!' });
      expect(again.statusCode).toBe(401);
      expect(again.json().errors.otp).toBeTruthy();
      expect((await post('/verify_otp/', { phone_number: phone, otp: code })).statusCode).toBe(400);
    });

    it('V7.4.3 a reset made while signed in keeps that session and ends the others', async () => {
      const { phone, token: other } = await register();
      const current = (await post('/login/', { phone_number: phone, password: PASSWORD })).json().token.access as string;
      await post('/send_reset_otp/', { phone_number: phone });
      const res = await post(
        '/reset-password/',
        { phone_number: phone, otp: await latestCode(phone), password: 'a brand new secret', password2: 'a brand new secret' },
        { headers: bearer(current) },
      );
      expect(res.statusCode).toBe(200);
      expect((await get('/api/me/', bearer(current))).statusCode).toBe(200);
      expect((await get('/api/me/', bearer(other))).statusCode).toBe(401);
    });

    it('V6.5.1 two parallel resets with one code: exactly one wins', async () => {
      const { phone } = await register();
      await post('/send_reset_otp/', { phone_number: phone });
      const code = await latestCode(phone);
      const results = await Promise.all(
        ['first secret!', 'second secret'].map((p) => post('/reset-password/', { phone_number: phone, otp: code, password: p, password2: p })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('POST /reset-password/ refuses different passwords, a short one, and a wrong code', async () => {
      const { phone } = await register();
      await post('/send_reset_otp/', { phone_number: phone });
      const code = await latestCode(phone);
      const differ = await post('/reset-password/', { phone_number: phone, otp: code, password: 'a brand new secret', password2: 'something else' });
      expect(differ.statusCode).toBe(400);
      expect(differ.json().errors.password2).toEqual([FORM.passwordsDiffer]);
      const short = await post('/reset-password/', { phone_number: phone, otp: code, password: 'short', password2: 'short' });
      expect(short.json().errors.password).toEqual([FORM.passwordShort]);
      const wrong = await post('/reset-password/', { phone_number: phone, otp: code === '000000' ? '000001' : '000000', password: 'a brand new secret', password2: 'a brand new secret' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ status: 401, errors: { otp: [MESSAGES.codeWrong] } });
      const empty = await post('/reset-password/', {});
      expect(empty.json().errors).toMatchObject({ otp: [FORM.otpRequired], password: [FORM.passwordRequired], password2: [FORM.password2Required] });
    });

    it('answers /verify_otp/ and /reset-password/ for an unknown phone with "Phone Number is not matched!"', async () => {
      const res = await post('/verify_otp/', { phone_number: testPhone(), otp: '123456' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.phoneUnknown);
    });
  });

  describe('rate limits (V6.3.1, V2.4.1)', () => {
    it('V6.3.1 code sending: 3 per phone per 15 minutes, then 429 with Retry-After and a clear message', async () => {
      const { phone } = await register();
      for (let i = 0; i < 3; i++) expect((await post('/send_reset_otp/', { phone_number: phone })).statusCode).toBe(200);
      const res = await post('/send_reset_otp/', { phone_number: phone });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ status: 429, message: expect.stringMatching(/^Too many OTP requests\. Please try again in \d+ minutes\.$/) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
      const sent = await t.services.database.db.selectFrom('sms_outbox').select('id').where('to_phone', '=', phone).execute();
      expect(sent).toHaveLength(3);
    });

    it('V6.3.1 code sending per client address: the 11th request from one address is refused, known phone or not', async () => {
      const ip = newIp();
      for (let i = 0; i < 10; i++) expect((await post('/send_reset_otp/', { phone_number: testPhone() }, { ip })).statusCode).toBe(400);
      expect((await post('/send_reset_otp/', { phone_number: testPhone() }, { ip })).statusCode).toBe(429);
      expect((await post('/send_reset_otp/', { phone_number: testPhone() })).statusCode).toBe(400);
    });

    it('V6.3.1 sign-in per phone: after 10 attempts in 15 minutes even the right password gets 429', async () => {
      const { phone } = await register();
      for (let i = 0; i < 10; i++) expect((await post('/login/', { phone_number: phone, password: 'wrong password' })).statusCode).toBe(401);
      const res = await post('/login/', { phone_number: phone, password: PASSWORD });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many sign-in attempts\./);
    });

    it('V6.3.1 a successful sign-in clears the per-phone count', async () => {
      const { phone } = await register();
      for (let i = 0; i < 9; i++) await post('/login/', { phone_number: phone, password: 'wrong password' });
      expect((await post('/login/', { phone_number: phone, password: PASSWORD })).statusCode).toBe(200);
      expect((await post('/login/', { phone_number: phone, password: 'wrong password' })).statusCode).toBe(401);
    });

    it('V6.3.1 code checks per phone: the 11th check in 15 minutes gets 429', async () => {
      const { phone } = await register();
      await post('/send_reset_otp/', { phone_number: phone });
      for (let i = 0; i < 10; i++) expect((await post('/verify_otp/', { phone_number: phone, otp: '000000' })).statusCode).toBe(400);
      expect((await post('/verify_otp/', { phone_number: phone, otp: '000000' })).statusCode).toBe(429);
      const reset = await post('/reset-password/', { phone_number: phone, otp: '000000', password: 'a brand new secret', password2: 'a brand new secret' });
      expect(reset.statusCode).toBe(429);
    });

    it('V6.3.1 sign-in and code checks per client address (limits shared through the database)', async () => {
      const s = t.services;
      const tight = createAccountsService({
        db: s.database.db,
        users: s.users,
        sessions: s.sessions,
        sms: s.sms,
        limiter: s.accounts.limiter,
        shopName: async () => 'Test',
        limits: { loginPerAddress: { limit: 2, windowMs: 60_000 }, checkCodePerAddress: { limit: 2, windowMs: 60_000 } },
      });
      const ip = newIp();
      for (let i = 0; i < 2; i++) await expect(tight.login({ phone_number: testPhone(), password: 'whatever1' }, { ip })).rejects.toMatchObject({ statusCode: 401 });
      await expect(tight.login({ phone_number: testPhone(), password: 'whatever1' }, { ip })).rejects.toBeInstanceOf(TooManyRequests);
      for (let i = 0; i < 2; i++) await expect(tight.verifyCode(testPhone(), '123456', { ip })).rejects.toMatchObject({ statusCode: 400 });
      await expect(tight.verifyCode(testPhone(), '123456', { ip })).rejects.toMatchObject({ statusCode: 429 });
    });
  });

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

    it('answers 400 "Phone Number is already exist!" for a registered phone and leaves that user as they were', async () => {
      const admin = await t.signIn({ admin: true });
      const { phone } = await register();
      const res = await post('/makeAdmin/', { phone_number: phone, password: 'another password' }, { headers: admin.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: 'Phone Number is already exist!' });
      expect((await t.services.users.findByPhone(phone))!.is_admin).toBe(0);
    });

    it('answers missing fields with Bengali required messages', async () => {
      const admin = await t.signIn({ admin: true });
      const res = await post('/makeAdmin/', {}, { headers: admin.headers });
      expect(res.json().errors).toEqual({ phone_number: [FORM.phoneRequired], password: [FORM.passwordRequired] });
    });
  });

  describe('GET /api/user/ and /api/me/', () => {
    it('lists users to an admin in the envelope, filtered by is_admin and phone_number', async () => {
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
      expect(Object.keys(one.results[0]).sort()).toEqual(['created_at', 'id', 'is_admin', 'name', 'phone_number']);
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
    it('shows admins the outbox newest first in the run-contract shape, filtered by phone, with reset codes hidden', async () => {
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
  });
});

describe('clientAddress (V6.3.1 per-address limits can not be dodged)', () => {
  it('believes only the last X-Forwarded-For hop, and only from a local or private proxy', async () => {
    const { clientAddress } = await import('./routes');
    const req = (peer: string, xff?: string) => ({ socket: { remoteAddress: peer }, headers: xff ? { 'x-forwarded-for': xff } : {}, ip: peer }) as never;
    expect(clientAddress(req('127.0.0.1', '1.2.3.4'))).toBe('1.2.3.4');
    expect(clientAddress(req('::ffff:10.0.0.5', 'spoofed, 5.6.7.8'))).toBe('5.6.7.8');
    expect(clientAddress(req('203.0.113.9', '1.2.3.4'))).toBe('203.0.113.9');
    expect(clientAddress(req('203.0.113.9'))).toBe('203.0.113.9');
  });
});

describe(`session housekeeping (${testDialect})`, () => {
  it('V7.3.1 purgeExpired() deletes idle and expired sessions and keeps live ones', async () => {
    const t = await createTestApp();
    try {
      const live = await t.signIn();
      const idle = await t.signIn();
      const old = await t.signIn();
      const db = t.services.database.db;
      await db.updateTable('sessions').set({ last_seen_at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString() }).where('token_hash', '=', hashToken(idle.token)).execute();
      await db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', hashToken(old.token)).execute();
      await t.services.sessions.purgeExpired();
      const left = await db.selectFrom('sessions').select('token_hash').execute();
      expect(left.map((r) => r.token_hash)).toEqual([hashToken(live.token)]);
    } finally {
      await t.close();
    }
  });
});
