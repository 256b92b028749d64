import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import Fastify from 'fastify';
import type { Config } from '../config';
import { isPersonalPath } from '../../domain/personal-paths';
import { installSecurityHeaders, isBuiltSubresource, permissionsPolicyFor } from './security-headers';

/** A page the API-only test app serves as HTML (with the page policies and a script nonce). */
const PAGE = '/api/docs';

/** The Content-Security-Policy header as a map of directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('security headers (http PUBLIC_URL)', () => {
  let t: TestApp;
  let customer: Signed;
  let admin: Signed;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await t.signIn();
    admin = await t.signIn({ admin: true });
    const media = path.join(t.services.config.dataDir, 'media');
    fs.mkdirSync(path.join(media, 'pdfs'), { recursive: true });
    fs.writeFileSync(path.join(media, 'pdfs', 'a1b2c3.pdf'), '%PDF-1.4\n<script>alert(1)</script>\n%%EOF\n');
    fs.mkdirSync(path.join(media, 'images'), { recursive: true });
    fs.writeFileSync(path.join(media, 'images', 'cover.webp'), 'RIFF....WEBP');
  });
  afterAll(async () => t?.close());

  it('every page forbids framing, sniffing, full referrers and powerful features', async () => {
    const res = await t.app.inject({ method: 'GET', url: PAGE });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const permissions = String(res.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // Images and fonts from this origin, CSS icons as data: URLs, upload previews as blob: URLs.
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('font-src')).toEqual(["'self'", 'data:']);
  });

  it('scripts: this origin and a fresh nonce per request, never unsafe-inline', async () => {
    const one = csp((await t.app.inject({ method: 'GET', url: PAGE })).headers['content-security-policy']);
    const two = csp((await t.app.inject({ method: 'GET', url: PAGE })).headers['content-security-policy']);
    const scripts = one.get('script-src')!;
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    const nonce = scripts.find((s) => s.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
    expect(two.get('script-src')).not.toContain(nonce);
    // Inline styles only (style attributes, the back office's <style> blocks).
    expect(one.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('no HSTS and no upgrade-insecure-requests while PUBLIC_URL is http', async () => {
    const res = await t.app.inject({ method: 'GET', url: PAGE });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
  });

  it('an uploaded PDF is sandboxed, not sniffed, and shown inline under its own name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/pdfs/a1b2c3.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline; filename="a1b2c3.pdf"');
  });

  it('every media file is nosniff and publicly cacheable, also for a signed-in request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/images/cover.webp', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('personal API answers are private, no-store: signed in or refused', async () => {
    for (const url of ['/api/me/', '/api/order/', '/api/orderItem/?order=1']) {
      const signed = await t.app.inject({ method: 'GET', url, headers: customer.headers });
      expect(signed.headers['cache-control'], url).toBe('private, no-store');
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.headers['cache-control'], url).toBe('private, no-store');
    }
    const users = await t.app.inject({ method: 'GET', url: '/api/user/', headers: admin.headers });
    expect(users.statusCode).toBe(200);
    expect(users.headers['cache-control']).toBe('private, no-store');
  });

  it('any answer to a request with a session cookie is private unless the route chose public caching', async () => {
    for (const name of ['haat_session', '__Host-haat_session']) {
      const cookie = { cookie: `lang=bn; ${name}=${customer.token}` };
      const settings = await t.app.inject({ method: 'GET', url: '/api/settings/', headers: cookie });
      expect(settings.headers['cache-control'], name).toBe('private, no-store');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here/', headers: customer.headers });
    expect(missing.headers['cache-control']).toBe('private, no-store');
  });

  it('public catalogue answers keep their ETag and public caching, for visitors and customers', async () => {
    for (const headers of [{}, customer.headers]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/product/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      const again = await t.app.inject({ method: 'GET', url: '/api/product/', headers: { ...headers, 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/product/', headers: admin.headers });
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
  });
});

describe('which headers each kind of answer carries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const media = path.join(t.services.config.dataDir, 'media');
    fs.mkdirSync(path.join(media, 'pdfs'), { recursive: true });
    fs.writeFileSync(path.join(media, 'pdfs', 'k1.pdf'), '%PDF-1.4\n%%EOF\n');
    fs.mkdirSync(path.join(media, 'images'), { recursive: true });
    fs.writeFileSync(path.join(media, 'images', 'k1.webp'), 'RIFF....WEBP');
  });
  afterAll(async () => t?.close());

  const PAGE_ONLY = ['content-security-policy', 'permissions-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];

  it('a page carries every page policy, nosniff and the resource policy', async () => {
    const res = await t.app.inject({ url: PAGE });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const name of [...PAGE_ONLY, 'x-content-type-options', 'cross-origin-resource-policy']) expect(res.headers[name], name).toBeDefined();
  });

  it('JSON answers, errors included, carry only nosniff and the resource policy, and make no nonce', async () => {
    for (const url of ['/healthz', '/api/settings/', '/api/product/', '/api/nothing-here/']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      for (const name of PAGE_ONLY) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('an image carries nosniff and the resource policy; a PDF, a document, its sandbox and the page policies', async () => {
    const image = await t.app.inject({ url: '/media/images/k1.webp' });
    for (const name of PAGE_ONLY) expect(image.headers[name], name).toBeUndefined();
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cross-origin-resource-policy']).toBe('same-origin');
    const pdf = await t.app.inject({ url: '/media/pdfs/k1.pdf' });
    expect(pdf.headers['content-security-policy']).toBe('sandbox');
    expect(pdf.headers['x-frame-options']).toBe('DENY');
  });

  it('the camera is allowed on the counter screen only', () => {
    expect(permissionsPolicyFor('/admin-pos')).toContain('camera=(self)');
    expect(permissionsPolicyFor('/admin-pos?x=1')).toContain('camera=(self)');
    for (const url of ['/admin-packing', '/admin-pos-other', '/']) expect(permissionsPolicyFor(url)).toContain('camera=()');
  });
});

describe('security headers (https PUBLIC_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://haat.example' });
  });
  afterAll(async () => t?.close());

  it('HSTS and upgrade-insecure-requests once the shop is served over https', async () => {
    const res = await t.app.inject({ method: 'GET', url: PAGE });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    // HSTS binds the host whatever the answer: JSON carries it too.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBe('max-age=31536000');
    expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('personal paths', () => {
  it('orders, cart, checkout, account pages, the back office and their data requests are personal', () => {
    const personal = ['/order', '/order?order=3&payment=failed', '/order.data', '/checkout', '/checkout/', '/cart', '/wishlist', '/login?next=/order', '/register', '/forget-password', '/verify-otp', '/reset-password', '/track?order=1&phone=017', '/admin', '/admin.data', '/admin-orders?page=2', '/admin-sms', '/update-book/3', '/make-admin', '/order-invoice/7', '/api/order/', '/api/order/12/', '/api/orderItem/?order=1', '/api/me/', '/api/user/', '/api/user/4/', '/api/track/?order=1', '/payment/bkash/callback?paymentID=x'];
    for (const url of personal) expect(isPersonalPath(url), url).toBe(true);
  });

  it('the catalogue, search, media and assets are not', () => {
    const shared = ['/', '/books', '/books/3', '/books/3.data', '/orders-of-magnitude', '/category/poetry', '/search?q=order', '/api/product/', '/api/settings/', '/media/pdfs/a.pdf', '/assets/root-abc.js', '/sitemap.xml', '/cart-products?ids=1'];
    for (const url of shared) expect(isPersonalPath(url), url).toBe(false);
  });
});

describe('the build\'s scripts, styles and fonts', () => {
  it('go without the headers only a document acts on, and keep nosniff and the resource policy', async () => {
    const app = Fastify();
    installSecurityHeaders(app, { publicUrl: 'https://shop.example' } as Config);
    app.get('/assets/:file', async (request, reply) => {
      const file = (request.params as { file: string }).file;
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.woff2') ? 'font/woff2' : 'image/svg+xml';
      return reply.header('last-modified', new Date(0).toUTCString()).type(type).send('x');
    });
    app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>x</p>'));
    for (const file of ['root-abc.js', 'root-abc.css', 'font-abc.woff2']) {
      const res = await app.inject({ url: `/assets/${file}` });
      expect(res.headers['content-security-policy'], file).toBeUndefined();
      expect(res.headers['x-frame-options'], file).toBeUndefined();
      expect(res.headers['permissions-policy'], file).toBeUndefined();
      expect(res.headers['last-modified'], file).toBeUndefined();
      expect(res.headers['x-content-type-options'], file).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], file).toBe('same-origin');
      expect(res.headers['strict-transport-security'], file).toBeDefined();
    }
    // An SVG opens as a document; a page is one.
    for (const url of ['/assets/logo-abc.svg', '/page']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBeDefined();
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    await app.close();
  });

  it('only fingerprinted files under /assets/ count, by their content type', () => {
    expect(isBuiltSubresource('/assets/a.js', 'application/javascript; charset=utf-8')).toBe(true);
    expect(isBuiltSubresource('/assets/a.svg', 'image/svg+xml')).toBe(false);
    expect(isBuiltSubresource('/media/a.js', 'text/javascript')).toBe(false);
    expect(isBuiltSubresource('/assets/a.html', 'text/html')).toBe(false);
    expect(isBuiltSubresource('/assets/a.js', undefined)).toBe(false);
  });
});
