import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';
import { routeLabel } from './routes';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one series in the exposition text, or undefined when it is absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`GET /metrics (${testDialect})`, () => {
  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp()));
    afterAll(() => t.close());

    it('answers 404, with or without a token', async () => {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Not found.' });
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ metricsToken: TOKEN })));
    afterAll(() => t.close());
    const { db, checkout } = orderCalls(() => t);
    const scrape = async () => {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    it('answers 401 without the token or with a wrong one', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', TOKEN, `Basic ${TOKEN}`]) {
        const res = await t.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(res.json()).toMatchObject({ status: 401 });
        expect(res.body).not.toContain('haat_');
      }
    });

    it('answers the Prometheus text to the right token: process, pool and shop figures', async () => {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toMatch(/no-store/);
      for (const name of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'haat_db_pool_max', 'haat_db_pool_waiting']) {
        expect(value(res.body, name), name).toBeGreaterThanOrEqual(0);
      }
      expect(value(res.body, 'haat_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(value(res.body, 'haat_db_pool_max')).toBe(testDialect === 'postgres' ? 5 : 1);
      // Every known state has a series from the start, 0 until a row has it.
      expect(value(res.body, 'haat_payment_attempts{state="paid"}')).toBe(0);
      expect(value(res.body, 'haat_orders{payment_status="refunded"}')).toBe(0);
      expect(value(res.body, 'haat_sms{state="failed"}')).toBe(0);
    });

    it('times requests by route pattern, never by raw URL', async () => {
      const product = await insertProduct(db());
      for (const id of [product, product + 1000]) await t.app.inject({ url: `/api/product/${id}/` });
      await t.app.inject({ url: '/no/such/path' });
      const text = await scrape();
      expect(value(text, 'haat_http_request_duration_seconds_count{method="GET",route="/api/product/:id/",status="200"}')).toBe(1);
      expect(value(text, 'haat_http_request_duration_seconds_count{method="GET",route="/api/product/:id/",status="404"}')).toBe(1);
      expect(value(text, 'haat_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(1);
      const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
      expect(routes.filter((r) => /\d/.test(r) || r.includes('no/such'))).toEqual([]);
    });

    it('counts orders placed and the SMS they queue after a checkout', async () => {
      const before = await scrape();
      const customer = await t.signIn();
      const product = await insertProduct(db(), { units_stock: 5 });
      expect((await checkout(customer, checkoutBody([{ product, quantity: 1 }]))).statusCode).toBe(200);
      const after = await scrape();
      expect(value(after, 'haat_orders_placed_total')).toBe(value(before, 'haat_orders_placed_total')! + 1);
      expect(value(after, 'haat_orders{payment_status="unpaid"}')).toBe(value(before, 'haat_orders{payment_status="unpaid"}')! + 1);
      // The confirmation text waits in the outbox (no SMS worker runs in tests).
      expect(value(after, 'haat_sms{state="pending"}')).toBeGreaterThan(value(before, 'haat_sms{state="pending"}')!);
      expect(value(after, 'haat_sms_outbox_depth')).toBe(value(after, 'haat_sms{state="pending"}'));
      expect(value(after, 'haat_http_request_duration_seconds_count{method="POST",route="/checkout/",status="200"}')).toBe(1);
    });
  });

  it('labels pages, client files and unmatched requests with fixed words', () => {
    expect(routeLabel('/*')).toBe('page');
    expect(routeLabel('/assets/entry.client-AbC123.js')).toBe('static');
    expect(routeLabel('/favicon.svg')).toBe('static');
    expect(routeLabel('/icons/icon-192.png')).toBe('static');
    expect(routeLabel('/webhooks/pathao')).toBe('/webhooks/pathao');
    expect(routeLabel(undefined)).toBe('unmatched');
    expect(routeLabel('/api/order/:id/')).toBe('/api/order/:id/');
    expect(routeLabel('/media/*')).toBe('/media/*');
  });
});
