/**
 * Password recovery by SMS code (ASVS V6.5): sending, checking and using a code, its lifetime and its tries.
 * On a real database: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { testPhone } from '../test/app';
import { testDialect } from '../test/database';
import { PASSWORD, accountsSuite, bearer } from '../test/accounts';
import { MESSAGES as FORM } from '../../domain/accounts';
import { MESSAGES } from './service';

describe(`password recovery (${testDialect})`, () => {
  const { t, post, get, register, latestCode } = accountsSuite();

  describe('password recovery (V6.5)', () => {
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
});
