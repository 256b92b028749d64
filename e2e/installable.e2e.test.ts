/**
 * The installable shop in a real browser: the service worker installs and controls the page
 * under the shop's Content-Security-Policy; after a shopper signs in and opens their orders,
 * the cart and the home page, Cache Storage holds no personal page and no API answer; with the
 * network gone, a page never visited shows the offline page with the shop's phone numbers.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, shopTest, type Shopper } from './harness';
import { isPersonalPath } from '../domain/personal-paths';

const SHOPPER: Shopper = { name: 'করিম মিয়া', phone_number: '01912345670', password: 'karim-pass-1234' };

/** Every URL in every cache of this origin, by cache name. */
async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => r.url);
    }
    return out;
  });
}

const test = shopTest
  .extend('shopOptions', { scope: 'file' }, { customer: SHOPPER })
  /** The shop's phone numbers and name, as its settings give them. */
  .extend('shop', { scope: 'file', auto: true }, async ({ api }) => {
    const settings = await api.get<{ phones: string[]; shop_name: string }>('/api/settings/');
    expect(settings.phones.length).toBeGreaterThan(0);
    return { phones: settings.phones, shopName: settings.shop_name };
  });

describe('installable: manifest, service worker, offline page', () => {
  test('the page names the web manifest, which the browser can read', async ({ server, page, shop }) => {
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), body: await res.json() };
    }, href!);
    expect(manifest.type).toMatch(/^application\/manifest\+json/);
    expect(manifest.body).toMatchObject({ name: shop.shopName, lang: 'bn', start_url: '/', display: 'standalone', theme_color: '#0f766e' });
  });

  test('the service worker installs after the page loads and controls the page', async ({ server, page }) => {
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.baseUrl}/`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 10_000 }).toBe(`${server.baseUrl}/sw.js`);
    // The offline page was kept on install, with what it needs to look right.
    const kept = Object.values(await cachedUrls(page)).flat();
    expect(kept).toContain(`${server.baseUrl}/offline`);
    expect(kept.some((u) => /\/assets\/.+\.css$/.test(u))).toBe(true);
  });

  test('a public page a visitor opens is kept (network first), with its fingerprinted scripts', async ({ server, page }) => {
    await page.goto(`${server.baseUrl}/books`, { waitUntil: 'networkidle' });
    await expect.poll(async () => Object.values(await cachedUrls(page)).flat()).toContain(`${server.baseUrl}/books`);
    const kept = Object.values(await cachedUrls(page)).flat();
    expect(kept.some((u) => /\/assets\/.+\.js$/.test(u))).toBe(true);
  });

  test('after signing in and opening orders, cart and home, no personal page, page data or API answer is in Cache Storage', async ({ server, page, signIn, shop }) => {
    await signIn(page, SHOPPER, '/order');
    await page.goto(`${server.baseUrl}/order`, { waitUntil: 'networkidle' });
    await page.goto(`${server.baseUrl}/cart`, { waitUntil: 'networkidle' });
    await page.goto(`${server.baseUrl}/wishlist`, { waitUntil: 'networkidle' });
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
    // The home page seen signed in shows the shopper's account: it names them in the header's menu.
    expect(await page.content()).toContain('সাইন আউট');
    const urls = Object.values(await cachedUrls(page)).flat();
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const { pathname } = new URL(url);
      expect(isPersonalPath(pathname), url).toBe(false);
      expect(pathname.startsWith('/api/'), url).toBe(false);
      expect(pathname.endsWith('.data'), url).toBe(false);
      for (const p of ['/login', '/cart', '/wishlist', '/order', '/checkout']) expect(pathname.startsWith(p), url).toBe(false);
    }
    // The home page seen signed in (private, no-store) was not kept either.
    expect(urls).not.toContain(`${server.baseUrl}/`);
    // The kept offline page was fetched without cookies: it names nobody and offers no sign-out.
    const offline = await page.evaluate(async () => (await (await caches.match('/offline'))?.text()) ?? '');
    expect(offline).toContain(shop.phones[0]);
    expect(offline).not.toContain(SHOPPER.name);
    expect(offline).not.toContain('সাইন আউট');
  });

  test("with the network gone, a page never opened shows the offline page with the shop's phone numbers", async ({ server, page, errors, shop }) => {
    const product = ((await (await fetch(`${server.baseUrl}/api/product/?page_size=1`)).json()) as { results: { id: number; type: string }[] }).results[0]!;
    await page.context().setOffline(true);
    try {
      await page.goto(`${server.baseUrl}/${product.type}/${product.id}`);
      await page.getByTestId('offline').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ইন্টারনেট সংযোগ নেই');
      const tel = await page.getByTestId('offline-phone').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(tel).toEqual(shop.phones.map((p) => `tel:${p}`));
      expect(await page.content()).not.toContain(SHOPPER.name);
      await screenshot(page, 'installable-offline');
      // A personal page, offline, gets the same page and never an old copy.
      await page.goto(`${server.baseUrl}/order`);
      await page.getByTestId('offline').waitFor();
    } finally {
      await page.context().setOffline(false);
    }
    // Back online, the page is the real one again.
    await page.goto(`${server.baseUrl}/${product.type}/${product.id}`, { waitUntil: 'networkidle' });
    expect(await page.getByTestId('offline').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
