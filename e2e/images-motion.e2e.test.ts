/**
 * "Fast on a cheap phone": pictures, fonts and carousel motion on a 360 × 640 phone at DPR 2.
 * Carousels fetch no picture of a slide nobody can see yet (with or without JavaScript); the
 * first banner and the product picture are fetched first; every picture has srcset, sizes and
 * its box; autoplay stops off screen, under a resting mouse and for reduced motion; the Bengali
 * woff2 is preloaded and no .woff is ever fetched.
 */
import { describe, expect } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { shopTest } from './harness';

const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const BANNER = '[aria-roledescription="carousel"] >> nth=0';

const test = shopTest.extend('open', { scope: 'file' }, async ({ browser, url }) => {
  /** Opens a page in a fresh context and records every request's path (page and service worker). */
  return async (path: string, options: BrowserContextOptions = PHONE): Promise<{ page: Page; requested: string[] }> => {
    const context = await browser.newContext(options);
    const requested: string[] = [];
    context.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const page = await context.newPage();
    await page.goto(url(path), { waitUntil: 'networkidle' });
    return { page, requested };
  };
});

describe('images, fonts and carousel motion on a phone', () => {
  /** Per carousel (banners, categories, then one per home section): the picture URLs each slide names in an img's or a source's src/srcset. */
  async function slideUrls(page: Page, selector = '[aria-roledescription="carousel"]'): Promise<string[][][]> {
    return page.$$eval(selector, (carousels) =>
      carousels.map((c) =>
        [...c.querySelectorAll(':scope > ul > li')].map((li) => {
          const urls = new Set<string>();
          for (const el of li.querySelectorAll('img, source')) {
            const src = el.getAttribute('src');
            if (src) urls.add(new URL(src, location.href).pathname);
            for (const part of (el.getAttribute('srcset') ?? '').split(',')) {
              const url = part.trim().split(/\s+/)[0];
              if (url) urls.add(new URL(url, location.href).pathname);
            }
          }
          return [...urls];
        }),
      ),
    );
  }

  test('a phone fetches no picture of a banner or section slide beyond the visible one before anyone scrolls', async ({ open }) => {
    const { page, requested } = await open('/', { ...PHONE, reducedMotion: 'reduce' });
    await page.waitForTimeout(1500);
    const media = requested.filter((p) => /^\/media\/(banners|products)\//.test(p));
    expect(media.length).toBeGreaterThan(0);
    const carousels = await slideUrls(page);
    const banners = carousels[0] ?? [];
    expect(banners.length).toBeGreaterThan(1);
    // Every fetched banner or product picture belongs to the first slide of its carousel.
    const firstSlides = new Set(carousels.flatMap((slides) => slides[0] ?? []));
    expect(media.filter((p) => !firstSlides.has(p))).toEqual([]);
    expect(media.filter((p) => p.startsWith('/media/banners/'))).toHaveLength(1);
    // A slide held back has an <img> with no source (at most a <source> for wider screens), in the same box.
    const heldBack = page.locator('[aria-roledescription="carousel"] li:not(:first-child) img');
    expect(await heldBack.count()).toBeGreaterThan(10);
    expect(await heldBack.evaluateAll((imgs) => imgs.filter((img) => img.hasAttribute('src') && !img.getAttribute('src')?.startsWith('/placeholder')).length)).toBe(0);
    const [second, first] = [await page.locator(BANNER).locator('li').nth(1).locator('img').boundingBox(), await page.locator(BANNER).locator('li').nth(0).locator('img').boundingBox()];
    expect(second?.height).toBeGreaterThan(0);
    expect(second?.height).toBeCloseTo(first?.height ?? 0, 0);
    await page.context().close();
  });

  test('while autoplay runs, the one slide it shows next is fetched, no further', async ({ open }) => {
    const { page, requested } = await open('/');
    const banners = (await slideUrls(page))[0] ?? [];
    const fetched = new Set(requested);
    const index = await page.locator(BANNER).locator('ul').evaluate((ul) => Math.round(ul.scrollLeft / ((ul.firstElementChild as HTMLElement).offsetWidth || 1)));
    // Slides past the one showing and the next one have not been asked for.
    const beyond = banners.slice(index + 2).flat();
    expect(beyond.filter((u) => fetched.has(u))).toEqual([]);
    await page.context().close();
  });

  // Without scripts Chromium loads lazy pictures eagerly, so only the markup holds slides back.
  test('without JavaScript a phone fetches only the first slide of each carousel, a desktop the first six', async ({ open }) => {
    const phone = await open('/', { ...PHONE, javaScriptEnabled: false });
    const phoneCarousels = await slideUrls(phone.page);
    const phoneFirst = new Set(phoneCarousels.flatMap((s) => s[0] ?? []));
    expect(phone.requested.filter((p) => /^\/media\/(banners|products)\//.test(p) && !phoneFirst.has(p))).toEqual([]);
    await phone.page.context().close();

    const desktop = await open('/', { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const products = desktop.requested.filter((p) => p.startsWith('/media/products/'));
    const [firstSection = []] = await slideUrls(desktop.page, '[data-testid="home-section"] [aria-roledescription="carousel"]');
    const fetched = new Set(products);
    // The six visible slides of a section, not the seventh.
    for (const urls of firstSection.slice(0, 6)) expect(urls.some((u) => fetched.has(u))).toBe(true);
    for (const urls of firstSection.slice(6)) expect(urls.some((u) => fetched.has(u))).toBe(false);
    expect(desktop.requested.filter((p) => p.startsWith('/media/banners/'))).toHaveLength(1);
    await desktop.page.context().close();
  });

  test('the first banner is fetched eagerly and first; banners and cards have srcset, sizes and their box', async ({ open }) => {
    const { page } = await open('/', { ...PHONE, reducedMotion: 'reduce' });
    const banner = page.locator(BANNER).locator('li').nth(0).locator('img');
    expect(await banner.getAttribute('fetchpriority')).toBe('high');
    expect(await banner.getAttribute('loading')).toBe('eager');
    expect(await banner.getAttribute('srcset')).toMatch(/ 200w, .* 720w, .* 1440w$/);
    expect([await banner.getAttribute('width'), await banner.getAttribute('height')]).toEqual(['1440', '480']);
    // It is asked for at the top of <head>, with the img's own srcset and sizes (so one download).
    const preload = page.locator('link[rel="preload"][as="image"][fetchpriority="high"]');
    expect(await preload.getAttribute('imagesrcset')).toBe(await banner.getAttribute('srcset'));
    expect(await preload.getAttribute('imagesizes')).toBe(await banner.getAttribute('sizes'));
    // A 328 px banner at DPR 2 takes the 720 px file.
    expect(await banner.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-card\.webp$/);
    const card = page.locator('[data-testid="home-section"] [data-testid="product-card"] img').first();
    expect(await card.getAttribute('srcset')).toMatch(/ 160w, .* 360w, .* 720w$/);
    expect(await card.getAttribute('sizes')).toContain('calc(100vw - 48px)');
    expect([await card.getAttribute('width'), await card.getAttribute('height'), await card.getAttribute('loading'), await card.getAttribute('decoding')]).toEqual(['360', '480', 'lazy', 'async']);
    await page.context().close();
  });

  test('listing cards and the product picture have srcset, sizes and width/height; the product picture is fetched first', async ({ server, open }) => {
    const { page } = await open('/books');
    const cards = page.locator('[data-testid="product-card"] img');
    expect(await cards.count()).toBeGreaterThan(2);
    for (const i of [0, 1, 2]) {
      const img = cards.nth(i);
      expect(await img.getAttribute('srcset')).toMatch(/ 160w, .* 360w, .* 720w$/);
      expect(await img.getAttribute('sizes')).toBeTruthy();
      expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['360', '480']);
    }
    for (const i of [0, 1]) expect(await cards.nth(i).getAttribute('loading')).toBe('eager');
    // A 142 px card at DPR 2 takes the 360 px file, not the 720 px one.
    expect(await cards.nth(0).evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-card\.webp$/);
    const href = await page.locator('[data-testid="product-card"] h3 a').first().getAttribute('href');
    await page.goto(server.baseUrl + href, { waitUntil: 'networkidle' });
    const cover = page.locator('main img').first();
    expect(await cover.getAttribute('fetchpriority')).toBe('high');
    expect(await cover.getAttribute('loading')).toBe('eager');
    expect(await cover.getAttribute('srcset')).toMatch(/ 160w, .* 360w, .* 720w$/);
    expect(await cover.getAttribute('sizes')).toBe('(min-width: 768px) 352px, 240px');
    expect([await cover.getAttribute('width'), await cover.getAttribute('height')]).toEqual(['720', '960']);
    expect((await cover.boundingBox())?.width).toBe(240);
    await page.context().close();
  });

  const bannerLeft = (page: Page) => page.locator(BANNER).locator('ul').evaluate((ul) => ul.scrollLeft);

  test('with reduced motion the banner carousel stays still', async ({ open }) => {
    const { page } = await open('/', { ...PHONE, reducedMotion: 'reduce' });
    await page.waitForTimeout(3000);
    expect(await bannerLeft(page)).toBe(0);
    await page.context().close();
  });

  test('otherwise the banner moves, and stops while it is scrolled off screen', async ({ open }) => {
    const { page } = await open('/', { ...PHONE, reducedMotion: 'no-preference' });
    await page.waitForFunction(() => (document.querySelector('[aria-roledescription="carousel"] ul')?.scrollLeft ?? 0) > 0, null, { timeout: 3000 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(800); // a slide already under way settles
    const before = await bannerLeft(page);
    await page.waitForTimeout(3000);
    expect(await bannerLeft(page)).toBe(before);
    await page.context().close();
  });

  test('the banner stops while a mouse rests on it', async ({ open }) => {
    const { page } = await open('/', { viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' });
    await page.locator(BANNER).hover();
    await page.waitForTimeout(800);
    const before = await bannerLeft(page);
    await page.waitForTimeout(2500);
    expect(await bannerLeft(page)).toBe(before);
    await page.context().close();
  });

  test('the Bengali woff2 is preloaded, and no .woff is ever fetched', async ({ server, open }) => {
    const { page, requested } = await open('/');
    const preload = await page.locator('link[rel="preload"][as="font"]').first();
    expect(await preload.getAttribute('type')).toBe('font/woff2');
    expect(await preload.getAttribute('crossorigin')).not.toBeNull();
    const href = new URL((await preload.getAttribute('href')) ?? '', server.baseUrl).pathname;
    expect(href).toMatch(/noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/);
    expect(requested).toContain(href);
    // The preload is the very file the stylesheet's 400 face names (one download, not two).
    expect(requested.filter((p) => /bengali-400.*\.woff2$/.test(p)).every((p) => p === href)).toBe(true);
    expect(requested.filter((p) => p.endsWith('.woff'))).toEqual([]);
    await page.context().close();
  });
});
