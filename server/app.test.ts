import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';
import { testDialect } from './test/database';

describe(`server foundation (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz with 200 {status: ok} once the database answers', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with a JSON 404, not a page or a stack trace', async () => {
    const res = await t.app.inject('/api/nothing-here/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404 });
  });

  it('answers malformed JSON with 400 and the error shape', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/settings/', headers: { 'content-type': 'application/json' }, payload: '{"shop_name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400 });
  });

  it('answers a malformed percent-escape in the path with 400 in the error shape', async () => {
    const res = await t.app.inject('/category-book/%E0%A6/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400 });
  });

  it('answers a GET and a POST the same with and without the trailing slash', async () => {
    const twice = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const [bare, slashed] = await Promise.all([url, `${url}/`].map((u) => t.app.inject({ method, url: u, ...(payload ? { payload } : {}) })));
      expect(bare!.statusCode).toBe(slashed!.statusCode);
      expect(bare!.json()).toEqual(slashed!.json());
      return bare!;
    };
    expect((await twice('GET', '/api/settings')).statusCode).toBe(200);
    expect((await twice('GET', '/api/order')).statusCode).toBe(401);
    expect((await twice('POST', '/checkout', {})).statusCode).toBe(401);
    expect((await twice('POST', '/login', {})).statusCode).toBe(400);
  });

  it('serves the shop settings with the three delivery options and their charges', async () => {
    const res = await t.app.inject('/api/settings/');
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery_options.map((o: { charge: number }) => o.charge)).toEqual([60, 80, 130]);
  });

  it('lets only an admin change the settings: 401 anonymous, 403 customer, 200 admin', async () => {
    const payload = { shop_name: 'নতুন নাম' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings/', payload })).statusCode).toBe(401);
    const customer = await t.signIn();
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings/', payload, headers: customer.headers })).statusCode).toBe(403);
    const admin = await t.signIn({ admin: true });
    const res = await t.app.inject({ method: 'PUT', url: '/api/settings/', payload, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().shop_name).toBe('নতুন নাম');
  });

  it('refuses settings with unknown fields or a negative delivery charge, per field', async () => {
    const admin = await t.signIn({ admin: true });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/',
      headers: admin.headers,
      payload: { delivery_options: [{ id: 'x', label: 'X', charge: -5 }], is_admin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toBeTruthy();
  });
});
