/**
 * Installable: the web manifest, the service worker file and the offline page, through the real
 * page adapter (server/http/react-router.ts), entry.server and root layout, on a build holding
 * just these routes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UNSAFE_withComponentProps, type ServerBuild } from 'react-router';
import { createTestApp, type Signed, type TestApp } from '../../../server/test/app';
import { miniServerBuild } from '../../../server/test/mini-build';
import { startPagesApp, type PagesApp } from '../../../server/test/pages-app';
import { SESSION_COOKIE } from '../../../server/accounts/sessions';
import * as root from '../../root';
import handleRequest from '../../entry.server';
import * as manifest from './manifest';
import * as offline from './offline';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SETTINGS = { shop_name: 'হাট বুকশপ', description: 'বই, ইলেক্ট্রনিক্স আর স্টেশনারি।', phones: ['01711111111', '01822222222'] };

function pagesBuild(): ServerBuild {
  return miniServerBuild(handleRequest, {
    root: { path: '', module: root },
    books: { path: 'books', module: { default: () => createElement('p', null, 'books') } },
    manifest: { path: 'manifest.webmanifest', module: manifest },
    offline: { path: 'offline', module: { ...offline, default: UNSAFE_withComponentProps(offline.default) } },
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('installable shop', () => {
  let t: TestApp;
  let customer: Signed;
  let app: FastifyInstance;
  let pages: PagesApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({}, {}, SETTINGS);
    customer = await t.signIn();
    pages = await startPagesApp(t, pagesBuild(), { 'sw.js': 'self.addEventListener("fetch", () => {});', 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    app = pages.app;
  });
  afterAll(() => (pages ? pages.close() : t?.close()));

  it('/manifest.webmanifest answers the install manifest, from the shop settings, as application/manifest+json', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'হাট বুকশপ',
      short_name: 'হাট বুকশপ',
      description: SETTINGS.description,
      lang: 'bn',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f766e',
    });
    expect(body.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const icons = body.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    // Every icon is a real PNG of the size it claims, shipped from public/.
    for (const icon of icons) {
      expect(icon.type).toBe('image/png');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(path.join(ROOT, 'public', icon.src)), icon.src).toEqual({ width: w, height: h });
    }
  });

  it("the manifest follows the shop's name as the settings change it; a long name gets a short launcher label", async () => {
    await t.services.settings.update({ shop_name: 'হাট বুকশপ অ্যান্ড স্টেশনারি' });
    try {
      const body = (await app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json();
      expect(body.name).toBe('হাট বুকশপ অ্যান্ড স্টেশনারি');
      expect(body.short_name).toBe('হাট');
    } finally {
      await t.services.settings.update({ shop_name: SETTINGS.shop_name });
    }
    expect(manifest.shortNameOf('Haat')).toBe('Haat');
    expect([...manifest.shortNameOf('Supercalifragilistic Shop')]).toHaveLength(12);
  });

  it('/sw.js is served for revalidation on every check (no-cache); other public files keep their hour', async () => {
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const favicon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('every page links the manifest, the theme colour and the home-screen icon', async () => {
    const res = await app.inject({ method: 'GET', url: '/books' });
    expect(res.body).toMatch(/<link [^>]*rel="manifest" href="\/manifest.webmanifest"\/>/);
    expect(res.body).toContain('<meta name="theme-color" content="#0f766e"/>');
    expect(res.body).toMatch(/<link [^>]*rel="apple-touch-icon" href="\/icons\/apple-touch-icon.png"\/>/);
    // The manifest and the worker are same-origin: the policy's 'self' (default-src, script-src) allows both.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/(manifest|worker)-src/);
  });

  it("/offline shows the shop's name and its phone numbers as tel: links, publicly cacheable for a visitor", async () => {
    const res = await app.inject({ method: 'GET', url: '/offline' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toContain('ইন্টারনেট সংযোগ নেই');
    expect(res.body).toContain('হাট বুকশপ');
    for (const phone of SETTINGS.phones) expect(res.body).toContain(`href="tel:${phone}"`);
  });

  it('/offline follows the language cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/offline', headers: { cookie: 'lang=en' } });
    expect(res.body).toContain('No internet connection');
  });

  it('/offline ships no scripts to hydrate (its kept copy is shown at other addresses), only the nonce-carrying inline setup', async () => {
    const res = await app.inject({ method: 'GET', url: '/offline' });
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeLessThanOrEqual(1);
    expect(res.body).not.toContain('type="module"');
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).not.toContain('__reactRouterContext');
  });

  it('/offline seen with a session shows the signed-in header, so it is private, no-store and never a cacheable copy', async () => {
    const res = await app.inject({ method: 'GET', url: '/offline', headers: { cookie: `${SESSION_COOKIE}=${customer.token}` } });
    expect(res.body).toContain('সাইন আউট');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
