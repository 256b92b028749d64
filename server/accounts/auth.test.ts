/**
 * Who the request is and where it comes from: the session cookie's name over https, a new
 * sign-in replacing the request's session, and the Origin check under the trusted-proxy rule.
 * On a real database: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { createTestApp, testPhone, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { PASSWORD, accountsSuite, bearer } from '../test/accounts';
import { installAuthentication } from './auth';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './sessions';

describe(`authentication (${testDialect})`, () => {
  const { t, post, get, register } = accountsSuite();

  it('V7.2.4 a new sign-in over an existing session revokes that session', async () => {
    const { phone, token: old } = await register();
    const viaHeader = await post('/login/', { phone_number: phone, password: PASSWORD }, { headers: bearer(old) });
    expect(viaHeader.statusCode).toBe(200);
    expect((await get('/api/me/', bearer(old))).statusCode).toBe(401);
    const second = viaHeader.json().token.access as string;
    // The same through the cookie a browser sends along (same-origin, as the pages post).
    const other = await register();
    const viaCookie = await post(
      '/login/',
      { phone_number: other.phone, password: PASSWORD },
      { headers: { cookie: `${SESSION_COOKIE}=${second}`, origin: 'http://shop.example', host: 'shop.example' } },
    );
    expect(viaCookie.statusCode).toBe(200);
    expect((await get('/api/me/', bearer(second))).statusCode).toBe(401);
    expect((await get('/api/me/', bearer(viaCookie.json().token.access))).json().phone_number).toBe(other.phone);
  });

  it('V3.3.1 over https the session is read from __Host-haat_session only; over http from haat_session', async () => {
    const { token } = await register();
    const https = { 'x-forwarded-proto': 'https' };
    expect((await get('/api/me/', { ...https, cookie: `${SECURE_SESSION_COOKIE}=${token}` })).statusCode).toBe(200);
    expect((await get('/api/me/', { ...https, cookie: `${SESSION_COOKIE}=${token}` })).statusCode).toBe(401);
    expect((await get('/api/me/', { cookie: `${SESSION_COOKIE}=${token}` })).statusCode).toBe(200);
  });

  it('V3.3.1 with an https PUBLIC_URL sign-in sets __Host-haat_session even when the proxy says nothing of TLS, and logout clears it', async () => {
    const shop = await createTestApp({ publicUrl: 'https://shop.example' });
    try {
      const phone = testPhone();
      const res = await shop.app.inject({ method: 'POST', url: '/register_user/', payload: { name: 'S', phone_number: phone, password: PASSWORD } });
      const cookie = res.cookies.find((c) => c.name === SECURE_SESSION_COOKIE);
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(cookie?.domain).toBeUndefined();
      expect(res.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false);
      const out = await shop.app.inject({
        method: 'POST',
        url: '/logout/',
        headers: { cookie: `${SECURE_SESSION_COOKIE}=${cookie!.value}`, origin: 'https://shop.example', host: 'shop.example' },
      });
      expect(out.statusCode).toBe(200);
      expect(out.cookies.find((c) => c.name === SECURE_SESSION_COOKIE)?.value).toBe('');
      expect((await shop.app.inject({ method: 'GET', url: '/api/me/', headers: bearer(cookie!.value) })).statusCode).toBe(401);
    } finally {
      await shop.close();
    }
  });

  describe('Origin check and X-Forwarded-Host (V3.5.1)', () => {
    async function makeAdmin(peer: string, headers: Record<string, string>, app: TestApp = t) {
      const admin = await app.signIn({ admin: true });
      return app.app.inject({
        method: 'POST',
        url: '/makeAdmin/',
        remoteAddress: peer,
        payload: { phone_number: testPhone(), password: PASSWORD },
        headers: { cookie: `${SESSION_COOKIE}=${admin.token}`, ...headers },
      });
    }

    it('V3.5.1 a forged X-Forwarded-Host from a peer that is not a trusted proxy can not make a cross-site POST pass', async () => {
      const res = await makeAdmin('203.0.113.7', { host: 'shop.example', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Origin/);
      // The same peer posting from the shop's own page passes: Host is what counts for it.
      expect((await makeAdmin('203.0.113.7', { host: 'shop.example', 'x-forwarded-host': 'evil.example', origin: 'https://shop.example' })).statusCode).toBe(200);
    });

    it('V3.5.1 X-Forwarded-Host is believed only from a peer TRUST_PROXY names (default: loopback, not private networks)', async () => {
      const headers = { host: '127.0.0.1:3000', 'x-forwarded-host': 'shop.example', origin: 'https://shop.example' };
      expect((await makeAdmin('127.0.0.1', headers)).statusCode).toBe(200);
      expect((await makeAdmin('10.1.2.3', headers)).statusCode).toBe(403);
      const behindProxy = await createTestApp({ trustProxy: 'loopback,10.0.0.0/8' });
      try {
        expect((await makeAdmin('10.1.2.3', headers, behindProxy)).statusCode).toBe(200);
      } finally {
        await behindProxy.close();
      }
    });
  });

  it('V3.5.1 the origin of PUBLIC_URL is accepted whatever Host the request names', async () => {
    const app = Fastify({ trustProxy: 'loopback' });
    await app.register(fastifyCookie);
    installAuthentication(app, t.services.sessions, { publicUrl: 'https://shop.example' });
    app.post('/change', async (request) => ({ user: request.user?.id ?? null }));
    await app.ready();
    try {
      const { userId, token } = await t.signIn();
      const send = (origin: string, peer = '203.0.113.7') =>
        app.inject({ method: 'POST', url: '/change', remoteAddress: peer, headers: { cookie: `${SECURE_SESSION_COOKIE}=${token}`, host: 'internal:8080', 'x-forwarded-host': 'evil.example', origin } });
      expect((await send('https://shop.example')).json()).toEqual({ user: userId });
      expect((await send('http://shop.example')).statusCode).toBe(403);
      expect((await send('https://evil.example')).statusCode).toBe(403);
      // Over https (PUBLIC_URL) the plain cookie name is not read at all.
      const plain = await app.inject({ method: 'POST', url: '/change', headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: 'https://shop.example' } });
      expect(plain.json()).toEqual({ user: null });
    } finally {
      await app.close();
    }
  });
});
