/** Calls the account tests make: requests from a fresh client address, registration, the latest SMS code. */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../accounts/sessions';
import { createAccountsService, type AccountLimits } from '../accounts/service';
import { testPhone, type TestApp } from './app';
import { suiteApp } from './suite';

export const PASSWORD = 'correct horse battery';

let ipCounter = 0;
/** Each test speaks from its own client address, so per-address limits don't leak between tests. */
export const newIp = () => `10.${process.pid % 250}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function cookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}

/** Request helpers bound to the test app `app()` returns (it is made in a beforeAll, after this runs). */
export function accountsClient(app: () => TestApp) {
  function post(url: string, payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) {
    return app().app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': opts.ip ?? newIp(), ...opts.headers } });
  }
  function get(url: string, headers: Record<string, string> = {}) {
    return app().app.inject({ method: 'GET', url, headers });
  }
  async function register(phone = testPhone(), password = PASSWORD, name = 'রহিম') {
    const res = await post('/register_user/', { name, phone_number: phone, password });
    expect(res.statusCode).toBe(200);
    return { phone, token: res.json().token.access as string, body: res.json(), res };
  }
  /** The 6-digit code of the newest SMS to `phone`. */
  async function latestCode(phone: string): Promise<string> {
    const row = await app()
      .services.database.db.selectFrom('sms_outbox')
      .select('text')
      .where('to_phone', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.text)![1]!;
  }
  return { post, get, register, latestCode };
}

/** The account tests' set-up: a test app for the describe block, and the request helpers bound to it. */
export function accountsSuite() {
  const t = suiteApp();
  return { t, ...accountsClient(() => t) };
}

/** A second accounts service over the test app's stores and shared limiter, with tighter limits a test reaches in a few calls. */
export function accountsWithLimits(t: TestApp, limits: Partial<AccountLimits>) {
  const s = t.services;
  return createAccountsService({ db: s.database.db, users: s.users, sessions: s.sessions, sms: s.sms, limiter: s.accounts.limiter, shopName: async () => 'Test', limits });
}
