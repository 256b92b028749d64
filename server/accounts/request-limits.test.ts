/**
 * Rate limits on the account calls (ASVS V6.3.1, V2.4.1), per phone and per client address.
 * On a real database: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { testPhone } from '../test/app';
import { testDialect } from '../test/database';
import { PASSWORD, accountsSuite, accountsWithLimits, newIp } from '../test/accounts';
import { TooManyRequests } from './rate-limit';

describe(`account rate limits (${testDialect})`, () => {
  const { t, post, register } = accountsSuite();

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

    it('V6.3.1 sign-in per phone and address: after 10 attempts in 15 minutes from one address even the right password gets 429 there', async () => {
      const { phone } = await register();
      const ip = newIp();
      for (let i = 0; i < 10; i++) expect((await post('/login/', { phone_number: phone, password: 'wrong password' }, { ip })).statusCode).toBe(401);
      const res = await post('/login/', { phone_number: phone, password: PASSWORD }, { ip });
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
      const tight = accountsWithLimits(t, { loginPerAddress: { limit: 2, windowMs: 60_000 }, checkCodePerAddress: { limit: 2, windowMs: 60_000 } });
      const ip = newIp();
      for (let i = 0; i < 2; i++) await expect(tight.login({ phone_number: testPhone(), password: 'whatever1' }, { ip })).rejects.toMatchObject({ statusCode: 401 });
      await expect(tight.login({ phone_number: testPhone(), password: 'whatever1' }, { ip })).rejects.toBeInstanceOf(TooManyRequests);
      for (let i = 0; i < 2; i++) await expect(tight.verifyCode(testPhone(), '123456', { ip })).rejects.toMatchObject({ statusCode: 400 });
      await expect(tight.verifyCode(testPhone(), '123456', { ip })).rejects.toMatchObject({ statusCode: 429 });
    });
  });
});
