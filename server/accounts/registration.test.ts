/**
 * Signing up and signing in through the API: answers, cookies, field messages and password storage.
 * On a real database: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { testPhone } from '../test/app';
import { testDialect } from '../test/database';
import { PASSWORD, accountsSuite, bearer, cookieOf } from '../test/accounts';
import { MESSAGES as FORM } from '../../domain/accounts';
import { MESSAGES } from './service';
import { SECURE_SESSION_COOKIE } from './sessions';

describe(`registration and sign-in (${testDialect})`, () => {
  const { t, post, get, register } = accountsSuite();

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

    it('V3.3.1 over https (from a trusted proxy) the session cookie is __Host-haat_session: Secure, Path=/, no Domain', async () => {
      const res = await post('/register_user/', { name: 'S', phone_number: testPhone(), password: PASSWORD }, { headers: { 'x-forwarded-proto': 'https' } });
      expect(cookieOf(res)).toBeUndefined();
      const cookie = res.cookies.find((c) => c.name === SECURE_SESSION_COOKIE);
      expect(cookie).toMatchObject({ value: res.json().token.access, secure: true, path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cookie?.domain).toBeUndefined();
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
});
