/**
 * Sessions (OWASP ASVS 5.0 V7): tokens, expiry, sign-out, CSRF on cookie-authenticated calls, and
 * the client address that per-address limits count against.
 * On a real database: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, testPhone } from '../test/app';
import { testDialect } from '../test/database';
import { PASSWORD, accountsSuite, bearer, cookieOf } from '../test/accounts';
import { SESSION_COOKIE, hashToken } from './sessions';

describe(`sessions (${testDialect})`, () => {
  const { t, post, get, register } = accountsSuite();

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
});

// clientAddress (V6.3.1 per-address limits can not be dodged): server/http/client-address.test.ts.

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
