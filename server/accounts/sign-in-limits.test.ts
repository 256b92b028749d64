/**
 * Sign-in limits that slow guessing without locking the owner out (ASVS V6.3.1, V2.4.1):
 * per phone and address, per address, and a spacing per phone across addresses that an address
 * the account signed in from skips. On a real database: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { testDialect } from '../test/database';
import { PASSWORD, accountsSuite, accountsWithLimits, bearer, newIp } from '../test/accounts';
import { SIGN_IN_LIMITS, spacingMs } from './sign-in-limits';
import { TooManyRequests } from './rate-limit';

describe('spacingMs (the per-phone slow-down across addresses)', () => {
  it('asks nothing for the first 10 failures, then 1 s doubling with each failure up to 15 minutes', () => {
    expect(spacingMs(0)).toBe(0);
    expect(spacingMs(9)).toBe(0);
    expect(spacingMs(10)).toBe(1000);
    expect(spacingMs(11)).toBe(2000);
    expect(spacingMs(13)).toBe(8000);
    expect(spacingMs(20)).toBe(SIGN_IN_LIMITS.loginSpacing.maxMs);
    expect(spacingMs(10_000)).toBe(15 * 60_000);
  });
});

describe(`sign-in limits (${testDialect})`, () => {
  const { t, post, get, register } = accountsSuite();
  const login = (phone: string, password: string, ip: string) => post('/login/', { phone_number: phone, password }, { ip });

  it('V6.3.1 an attacker rotating addresses can not stop the owner signing in with the right password from their own address', async () => {
    const home = newIp();
    const { phone } = await register();
    // The owner signed in at home once and has since signed out.
    const earlier = (await login(phone, PASSWORD, home)).json().token.access as string;
    expect((await post('/logout/', {}, { headers: bearer(earlier) })).statusCode).toBe(200);
    const answers: number[] = [];
    for (let a = 0; a < 40; a++) {
      const ip = newIp();
      for (let i = 0; i < 3; i++) answers.push((await login(phone, 'wrong password', ip)).statusCode);
    }
    expect(answers.filter((s) => s === 401).length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(90);
    const owner = await login(phone, PASSWORD, home);
    expect(owner.statusCode).toBe(200);
    expect((await get('/api/me/', bearer(owner.json().token.access))).json().phone_number).toBe(phone);
  });

  it('V6.3.1 one address is still limited: 10 attempts per number in 15 minutes, the owner’s own address included', async () => {
    const home = newIp();
    const { phone } = await register();
    await t.services.database.db.updateTable('users').set({ last_login_ip: home }).where('phone_number', '=', phone).execute();
    for (let i = 0; i < 10; i++) expect((await login(phone, 'wrong password', home)).statusCode).toBe(401);
    const res = await login(phone, PASSWORD, home);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('V2.4.1 after the free failures, attempts for a number from new addresses are spaced, doubling, and the owner gets in once spaced', async () => {
    const tight = accountsWithLimits(t, { loginFailuresPerPhone: { limit: 2, windowMs: 60_000 }, loginSpacing: { firstMs: 500, maxMs: 5_000 } });
    const { phone } = await register();
    const wrong = { phone_number: phone, password: 'wrong password' };
    const right = { phone_number: phone, password: PASSWORD };
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < 2; i++) await expect(tight.login(wrong, { ip: newIp() })).rejects.toMatchObject({ statusCode: 401 });
    // The first spaced attempt goes through; with three failures the next must wait 1 s…
    await expect(tight.login(wrong, { ip: newIp() })).rejects.toMatchObject({ statusCode: 401 });
    // …even with the right password, which is not checked meanwhile.
    const early = await tight.login(right, { ip: newIp() }).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(TooManyRequests);
    expect((early as Error).message).toMatch(/^Too many failed sign-ins for this number\. Please try again in \d+ seconds\.$/);
    await pause(1100);
    await expect(tight.login(wrong, { ip: newIp() })).rejects.toMatchObject({ statusCode: 401 });
    // Four failures: 2 s now.
    await pause(600);
    await expect(tight.login(right, { ip: newIp() })).rejects.toBeInstanceOf(TooManyRequests);
    await pause(1500);
    const signed = await tight.login(right, { ip: newIp() });
    expect(signed.user.phone_number).toBe(phone);
    // Success clears the number's failures: new addresses are free again.
    await expect(tight.login(wrong, { ip: newIp() })).rejects.toMatchObject({ statusCode: 401 });
  });

  it('numbers without an account are spaced alike (the answer does not tell whether one exists)', async () => {
    const tight = accountsWithLimits(t, { loginFailuresPerPhone: { limit: 1, windowMs: 60_000 }, loginSpacing: { firstMs: 5_000, maxMs: 5_000 } });
    const nobody = { phone_number: '01999000111', password: 'wrong password' };
    for (let i = 0; i < 2; i++) await expect(tight.login(nobody, { ip: newIp() })).rejects.toMatchObject({ statusCode: 401 });
    await expect(tight.login(nobody, { ip: newIp() })).rejects.toBeInstanceOf(TooManyRequests);
  });
});
