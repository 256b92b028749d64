/**
 * The account of a phone number staff take an order for (findOrMakeByPhone): found as it is, or
 * made without a password the customer can use until they set one by recovery.
 * On a real database: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { signInUser, testPhone } from '../test/app';
import { testDialect } from '../test/database';
import { PASSWORD, accountsSuite } from '../test/accounts';

describe(`accounts found or made by phone number (${testDialect})`, () => {
  const { t, post, latestCode } = accountsSuite();

  it('makes an account with the name given and no password anyone can sign in with, in any form of the number', async () => {
    const phone = testPhone();
    const { user, created } = await t.services.users.findOrMakeByPhone(`+88${phone}`, 'করিম');
    expect(created).toBe(true);
    expect(user).toMatchObject({ name: 'করিম', phone_number: phone, is_admin: 0 });
    for (const password of ['', 'x', PASSWORD, user.password_hash]) {
      expect((await post('/login/', { phone_number: phone, password })).statusCode).not.toBe(200);
    }
    // The stored value is an Argon2 hash like any other: a wrong password costs the same time as for every account.
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('lets the customer set a password by recovery, then sign in with it', async () => {
    const phone = testPhone();
    await t.services.users.findOrMakeByPhone(phone, 'রহিম');
    expect((await post('/send_reset_otp/', { phone_number: phone })).statusCode).toBe(200);
    const code = await latestCode(phone);
    const reset = await post('/reset-password/', { phone_number: phone, otp: code, password: 'my own secret', password2: 'my own secret' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/login/', { phone_number: phone, password: 'my own secret' })).statusCode).toBe(200);
  });

  it('finds an existing account as it is: its name, password and admin role untouched', async () => {
    const admin = await signInUser(t.services, { admin: true, name: 'Shop Owner' });
    const { user, created } = await t.services.users.findOrMakeByPhone(admin.phone, 'Someone else');
    expect(created).toBe(false);
    expect(user).toMatchObject({ id: admin.userId, name: 'Shop Owner', is_admin: 1 });
    expect((await post('/login/', { phone_number: admin.phone, password: PASSWORD })).statusCode).toBe(200);
  });

  it('gives two callers making the same number at once the one account', async () => {
    const phone = testPhone();
    const [a, b] = await Promise.all([t.services.users.findOrMakeByPhone(phone, 'A'), t.services.users.findOrMakeByPhone(phone, 'B')]);
    expect(a.user.id).toBe(b.user.id);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
  });
});
