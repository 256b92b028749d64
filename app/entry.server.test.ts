/**
 * A page document through the real page adapter, entry.server and root layout: every inline
 * script carries the nonce the Content-Security-Policy header names, and pages about a person
 * (or seen with a session) are never cached.
 */
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, type ServerBuild } from 'react-router';
import { createTestApp, type Signed, type TestApp } from '../server/test/app';
import { miniServerBuild } from '../server/test/mini-build';
import { startPagesApp, type PagesApp } from '../server/test/pages-app';
import { SECURE_SESSION_COOKIE } from '../server/accounts/sessions';
import { loadCatalogFixture, type CatalogFixture } from '../server/test/catalog-fixture';
import * as root from './root';
import * as product from './routes/store/product';
import handleRequest from './entry.server';

const PUBLIC_URL = 'https://haat.example';

/** A server build with the real root (layout and loader) and a few plain pages. */
function pagesBuild(): ServerBuild {
  const page = { default: () => createElement('p', null, 'page') };
  return miniServerBuild(handleRequest, {
    // As React Router's Vite plugin does, route components get their data as props.
    root: { path: '', module: { ...root, ErrorBoundary: UNSAFE_withErrorBoundaryProps(root.ErrorBoundary) } },
    books: { path: 'books', module: page },
    order: { path: 'order', module: page },
    checkout: { path: 'checkout', module: page },
    adminOrders: { path: 'admin-orders', module: page },
    product: { path: 'books/:id', module: { ...product, default: UNSAFE_withComponentProps(product.default as Parameters<typeof UNSAFE_withComponentProps>[0]) } },
  });
}

describe('page documents', () => {
  let t: TestApp;
  let customer: Signed;
  let f: CatalogFixture;
  let app: FastifyInstance;
  let pages: PagesApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    customer = await t.signIn();
    f = await loadCatalogFixture(t.services.database.db);
    pages = await startPagesApp(t, pagesBuild());
    app = pages.app;
  });
  afterAll(() => (pages ? pages.close() : t?.close()));

  it("every inline script carries the nonce of this answer's Content-Security-Policy, whatever the client sent", async () => {
    const res = await app.inject({ method: 'GET', url: '/books', headers: { 'x-haat-csp-nonce': 'forged' } });
    expect(res.statusCode).toBe(200);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(res.body).not.toContain('forged');
  });

  it('a shared page seen by a visitor is not marked private; seen with a session it is private, no-store', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/books' });
    expect(visitor.headers['cache-control']).toBeUndefined();
    const signed = await app.inject({ method: 'GET', url: '/books', headers: { cookie: `${SECURE_SESSION_COOKIE}=${customer.token}` } });
    expect(signed.body).toContain('Test Customer');
    expect(signed.headers['cache-control']).toBe('private, no-store');
  });

  it('personal pages and their data requests are private, no-store even for a visitor', async () => {
    for (const url of ['/order', '/order.data', '/admin-orders', '/checkout']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it("a product page's canonical link and JSON-LD are on PUBLIC_URL, whatever Host and X-Forwarded-Host say", async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const res = await app.inject({ method: 'GET', url: `/books/${f.ids.riversOfBengal}`, headers: forged });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/books/${f.ids.riversOfBengal}"/>`);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(JSON.parse(ld!).offers.url).toBe(`${PUBLIC_URL}/books/${f.ids.riversOfBengal}`);
  });
});
