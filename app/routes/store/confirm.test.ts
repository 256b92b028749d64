/**
 * /c/{token}, the order SMS's one-time link (issue 33), through the real page adapter
 * (server/http/react-router.ts), entry.server and root layout: the order and one button as a
 * plain form POST; the POST confirms once; an unknown, used, made-up or malformed token answers
 * 404 with a friendly Bengali page, for GET and POST; the answer is never stored or indexed and no
 * Referer carries the token; a POST from another site confirms nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UNSAFE_withComponentProps, type ServerBuild } from 'react-router';
import { createTestApp, TEST_CHECKOUT_LIMITS, type TestApp } from '../../../server/test/app';
import { testDialect } from '../../../server/test/database';
import { miniServerBuild } from '../../../server/test/mini-build';
import { startPagesApp, type PagesApp } from '../../../server/test/pages-app';
import { checkoutBody, insertProduct } from '../../../server/test/orders-fixtures';
import * as root from '../../root';
import handleRequest from '../../entry.server';
import * as confirm from './confirm';

function pagesBuild(): ServerBuild {
  return miniServerBuild(handleRequest, {
    root: { path: '', module: root },
    // Typed for its own route (params.token); the build hands it the same props untyped.
    confirm: { path: 'c/:token', module: { ...confirm, default: UNSAFE_withComponentProps(confirm.default as Parameters<typeof UNSAFE_withComponentProps>[0]) } },
  });
}

const GONE = 'লিংকটি আর কাজ করে না';

describe(`the order confirmation link's page (${testDialect})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let pages: PagesApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://shop.example' }, {}, { ...TEST_CHECKOUT_LIMITS, order_confirmation: 'sms' });
    pages = await startPagesApp(t, pagesBuild());
    app = pages.app;
  });
  afterAll(() => (pages ? pages.close() : t?.close()));

  const db = () => t.services.database.db;
  /** The button's POST as a browser sends it: a form, from the shop's own origin. */
  const post = (path: string, origin = 'https://shop.example') => app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, payload: '' });

  /** A cash-on-delivery order of two 250-taka books, and the link its SMS carries. */
  async function place() {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { title: 'Padma Nadir Majhi', regular_price: 250, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 2 }]) });
    expect(res.statusCode, res.body).toBe(200);
    const sms = await db().selectFrom('sms_outbox').select('text').where('to_phone', '=', customer.phone).where('kind', '=', 'order_confirmation').executeTakeFirstOrThrow();
    const url = /https:\/\/shop\.example(\/c\/[A-Za-z0-9_-]{43})/.exec(sms.text)![1]!;
    return { id: res.json().order_id as number, path: url };
  }

  const expectPrivate = (headers: Record<string, unknown>) => {
    expect(headers['cache-control']).toMatch(/no-store/);
    // No path (so no token) in any Referer; the form POST keeps its Origin (confirm.tsx LINK_HEADERS).
    expect(headers['referrer-policy']).toBe('strict-origin');
    expect(headers['x-robots-tag']).toMatch(/noindex/);
  };

  it('shows the order (number, lines, total) and one button, a form POST to the same address, in Bengali with English beneath', async () => {
    const { id, path } = await place();
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expectPrivate(res.headers);
    expect(res.body).toContain('data-testid="confirm-ask"');
    expect(res.body).toContain(`(Order #${id})`);
    expect(res.body).toContain('Padma Nadir Majhi');
    expect(res.body).toContain('৳ ৫৬০');
    expect(res.body).toMatch(/<form method="post">\s*<button type="submit"/);
    expect(res.body).toContain('আপনার অর্ডারটি কনফার্ম করুন');
    expect(res.body).toContain('Please confirm your order');
    expect(res.body).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    // Looking is not confirming.
    expect(await db().selectFrom('orders').select('confirmation').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ confirmation: 'unconfirmed' });
  });

  it('the POST confirms the order once (method sms) and says so; the link then answers 404, for GET and POST', async () => {
    const { id, path } = await place();
    const res = await post(path);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expectPrivate(res.headers);
    expect(res.body).toContain('data-testid="confirm-done"');
    expect(res.body).toContain('অর্ডারটি কনফার্ম হয়েছে');
    expect(await db().selectFrom('orders').select(['confirmation', 'confirmation_method', 'confirm_token_hash']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      confirmation: 'confirmed',
      confirmation_method: 'sms',
      confirm_token_hash: null,
    });

    for (const again of [await post(path), await app.inject({ method: 'GET', url: path })]) {
      expect(again.statusCode).toBe(404);
      expect(again.body).toContain(GONE);
      expectPrivate(again.headers);
    }
  });

  it('a made-up token of the right shape and a malformed one answer 404 with the friendly page, for GET and POST', async () => {
    for (const path of [`/c/${'x'.repeat(43)}`, '/c/short', `/c/${'y'.repeat(44)}`, '/c/%27%20or%201%3D1']) {
      for (const res of [await app.inject({ method: 'GET', url: path }), await post(path)]) {
        expect(res.statusCode, path).toBe(404);
        expect(res.body).toContain(GONE);
        expect(res.body).toContain('This link no longer works');
      }
    }
  });

  it('a POST from another site confirms nothing (React Router refuses an action from another origin)', async () => {
    const { id, path } = await place();
    expect((await post(path, 'https://evil.example')).statusCode).toBe(400);
    expect(await db().selectFrom('orders').select('confirmation').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ confirmation: 'unconfirmed' });
  });

  it('a cancelled order’s link answers 404: leaving Pending spends it', async () => {
    const { id, path } = await place();
    const admin = await t.signIn({ admin: true });
    await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Cancelled' } });
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await post(path)).statusCode).toBe(404);
    expect(await db().selectFrom('orders').select('confirmation').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ confirmation: 'unconfirmed' });
  });
});
