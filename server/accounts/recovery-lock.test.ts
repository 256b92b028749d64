/**
 * Wrong recovery codes counted per account across codes (NIST SP 800-63B: at most 100 failures),
 * the lock after them, and the ways out: a successful sign-in or an admin's unlock.
 * On a real database: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { testDialect } from '../test/database';
import { PASSWORD, accountsSuite } from '../test/accounts';
import { MESSAGES as FORM, RECOVERY_MAX_FAILURES } from '../../domain/accounts';
import { MESSAGES } from './service';

describe(`recovery lock (${testDialect})`, () => {
  const { t, post, register, latestCode } = accountsSuite();
  const db = () => t.services.database.db;
  const failures = async (phone: string) => (await db().selectFrom('users').select('recovery_failures').where('phone_number', '=', phone).executeTakeFirstOrThrow()).recovery_failures;
  const setFailures = (phone: string, n: number) => db().updateTable('users').set({ recovery_failures: n }).where('phone_number', '=', phone).execute();
  const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');
  const smsCount = async (phone: string) => (await db().selectFrom('sms_outbox').select('id').where('to_phone', '=', phone).execute()).length;

  it('V6.5.3 wrong codes add up per account across codes; a right one does not count', async () => {
    const { phone } = await register();
    await post('/send_reset_otp/', { phone_number: phone });
    const first = await latestCode(phone);
    for (let i = 0; i < 2; i++) expect((await post('/verify_otp/', { phone_number: phone, otp: wrongFor(first) })).statusCode).toBe(400);
    await post('/send_reset_otp/', { phone_number: phone });
    const second = await latestCode(phone);
    expect((await post('/verify_otp/', { phone_number: phone, otp: wrongFor(second) })).statusCode).toBe(400);
    expect((await post('/verify_otp/', { phone_number: phone, otp: second })).statusCode).toBe(200);
    expect(await failures(phone)).toBe(3);
  });

  it(`V6.5.3 after ${RECOVERY_MAX_FAILURES} wrong codes recovery locks: send, verify and reset refuse with a clear message and no code is texted`, async () => {
    const { phone } = await register();
    await setFailures(phone, RECOVERY_MAX_FAILURES - 1);
    await post('/send_reset_otp/', { phone_number: phone });
    const code = await latestCode(phone);
    expect((await post('/verify_otp/', { phone_number: phone, otp: wrongFor(code) })).json().message).toBe(MESSAGES.codeWrong);
    const verify = await post('/verify_otp/', { phone_number: phone, otp: code });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toEqual({ status: 400, message: MESSAGES.recoveryLocked, errors: { phone_number: [FORM.recoveryLocked] }, code: 'recovery_locked' });
    const reset = await post('/reset-password/', { phone_number: phone, otp: code, password: 'a brand new secret', password2: 'a brand new secret' });
    expect(reset.statusCode).toBe(401);
    expect(reset.json()).toMatchObject({ message: MESSAGES.recoveryLocked, errors: { phone_number: [FORM.recoveryLocked] } });
    const sent = await smsCount(phone);
    const send = await post('/send_reset_otp/', { phone_number: phone });
    expect(send.statusCode).toBe(400);
    expect(send.json()).toMatchObject({ message: MESSAGES.recoveryLocked, code: 'recovery_locked' });
    expect(await smsCount(phone)).toBe(sent);
    // The old password still works: recovery was locked, not the account.
    expect((await post('/login/', { phone_number: phone, password: 'a brand new secret' })).statusCode).toBe(401);
  });

  it('V2.4.1 parallel wrong codes never count past the limit', async () => {
    const { phone } = await register();
    await post('/send_reset_otp/', { phone_number: phone });
    const code = await latestCode(phone);
    await setFailures(phone, RECOVERY_MAX_FAILURES - 2);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('/verify_otp/', { phone_number: phone, otp: wrongFor(code) })));
    expect(answers.filter((r) => r.json().message === MESSAGES.recoveryLocked)).toHaveLength(2);
    expect(await failures(phone)).toBe(RECOVERY_MAX_FAILURES);
  });

  it('a successful sign-in unlocks recovery', async () => {
    const { phone } = await register();
    await setFailures(phone, RECOVERY_MAX_FAILURES);
    expect((await post('/send_reset_otp/', { phone_number: phone })).statusCode).toBe(400);
    expect((await post('/login/', { phone_number: phone, password: PASSWORD })).statusCode).toBe(200);
    expect(await failures(phone)).toBe(0);
    expect((await post('/send_reset_otp/', { phone_number: phone })).statusCode).toBe(200);
  });

  it('V8.2.1 an admin unlocks recovery with POST /api/user/{id}/unlock-recovery/; customers and visitors can not', async () => {
    const { phone } = await register();
    const user = (await t.services.users.findByPhone(phone))!;
    await setFailures(phone, RECOVERY_MAX_FAILURES);
    expect([...(await t.services.accounts.recoveryLocked([user.id]))]).toEqual([user.id]);
    const admin = await t.signIn({ admin: true });
    const customer = await t.signIn();
    const url = `/api/user/${user.id}/unlock-recovery/`;
    expect((await post(url, {})).statusCode).toBe(401);
    expect((await post(url, {}, { headers: customer.headers })).statusCode).toBe(403);
    expect(await failures(phone)).toBe(RECOVERY_MAX_FAILURES);
    const res = await post(url, {}, { headers: admin.headers });
    expect(res.json()).toEqual({ status: 200, message: MESSAGES.recoveryUnlocked });
    expect(await failures(phone)).toBe(0);
    expect((await t.services.accounts.recoveryLocked([user.id])).size).toBe(0);
    expect((await post('/send_reset_otp/', { phone_number: phone })).statusCode).toBe(200);
    expect((await post('/api/user/999999/unlock-recovery/', {}, { headers: admin.headers })).statusCode).toBe(404);
  });
});
