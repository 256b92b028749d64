/**
 * The listings on a cheap phone (360 × 640, touch): books in the first screen of /books, a
 * category, an author's and a publisher's page; a compact header; filters and sort in a drawer
 * opened by one button that counts the active choices, with and without JavaScript; tap
 * targets of at least 44 px. Screenshots: test-results/screenshots/mobile-*.png.
 */
import { describe, expect } from 'vitest';
import type { Locator } from 'playwright-core';
import { numberIn as number, screenshot, shopTest } from './harness';

const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const HEADER_MAX = 120;
const TAP = 44;

const test = shopTest
  /** The phone: one context the journeys open their pages in. */
  .extend('phone', { scope: 'file' }, async ({ browser }, { onCleanup }) => {
    const phone = await browser.newContext(PHONE);
    phone.setDefaultTimeout(15_000);
    onCleanup(() => phone.close());
    return phone;
  })
  /** /books, a category, an author's and a publisher's page. */
  .extend('listings', { scope: 'file', auto: true }, async ({ url }) => {
    const first = async (list: string, re: RegExp) => {
      const m = re.exec(await (await fetch(url(list))).text());
      if (!m?.[1]) throw new Error(`no link on ${list}`);
      return m[1];
    };
    return [
      { name: 'mobile-books', path: '/books' },
      // A category from a home section (those have books).
      { name: 'mobile-category', path: await first('/', /data-testid="home-section"[\s\S]*?href="(\/category\/[^"]+)"/) },
      { name: 'mobile-author', path: await first('/authors', /href="(\/authors\/[^"?]+)"/) },
      { name: 'mobile-publisher', path: await first('/publishers', /href="(\/publishers\/[^"?]+)"/) },
    ];
  });

describe('listings on a 360 px phone', () => {
  async function height(l: Locator): Promise<number> {
    const box = await l.boundingBox();
    if (!box) throw new Error('not visible');
    return box.height;
  }

  /** Every visible element of `l` is at least 44 px tall (and wide, with `square`). */
  async function expectTappable(l: Locator, what: string, square = false) {
    const boxes = await l.evaluateAll((els) =>
      els
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0)
        .map((r) => ({ w: Math.round(r.width), h: Math.round(r.height) })),
    );
    expect(boxes.length, what).toBeGreaterThan(0);
    for (const b of boxes) {
      expect(b.h, `${what} height`).toBeGreaterThanOrEqual(TAP);
      if (square) expect(b.w, `${what} width`).toBeGreaterThanOrEqual(TAP);
    }
  }

  test('shows books in the first screen of /books, a category, an author and a publisher, under a header at most 120 px tall', async ({ visit, phone, listings }) => {
    for (const { name, path } of listings) {
      const { page, errors } = await visit(path, { context: phone });
      expect(await height(page.locator('header')), `${path} header`).toBeLessThanOrEqual(HEADER_MAX);
      const card = await page.locator('[data-testid="product-card"]').first().boundingBox();
      expect(card, path).not.toBeNull();
      // At least 60% of the first card is in the first 640 px.
      const seen = Math.min(card!.y + card!.height, 640) - Math.max(card!.y, 0);
      expect(seen / card!.height, `${path}: card at ${card!.y}–${card!.y + card!.height}`).toBeGreaterThanOrEqual(0.6);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${path} sideways`).toBeLessThanOrEqual(0);
      // The filters and the sort wait in the closed drawer; its button is in the first screen.
      expect(await page.getByTestId('filter-drawer').isVisible()).toBe(false);
      expect(await page.getByTestId('filter-button').isVisible()).toBe(true);
      await screenshot(page, name);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  test('makes the header buttons, the filter button, the filters, the sort, the pager and the card buttons at least 44 px tall', async ({ visit, phone }) => {
    const { page, errors } = await visit('/books', { context: phone });
    await expectTappable(page.locator('header .ibtn'), 'header icons', true);
    await expectTappable(page.getByTestId('menu-button'), 'menu button', true);
    await expectTappable(page.getByTestId('lang-switch'), 'language switch');
    await expectTappable(page.locator('header form[role="search"] button'), 'search button', true);
    await expectTappable(page.locator('#site-search'), 'search box');
    await expectTappable(page.getByTestId('filter-button'), 'filter button');
    const card = page.locator('[data-testid="product-card"]').first();
    await expectTappable(card.locator('.btn, .btn-line, .btn-off'), 'card buttons');
    await expectTappable(card.locator('button'), 'card icon buttons', true);
    await expectTappable(page.locator('nav[aria-label="পেজ"] a'), 'pager links');
    await page.getByTestId('filter-button').click();
    await page.getByTestId('filter-drawer').waitFor();
    await expectTappable(page.locator('[data-testid="filter-author"] a'), 'author filters');
    await expectTappable(page.getByRole('link', { name: 'Default Filter' }), 'Default Filter');
    await expectTappable(page.locator('#ordering-drawer'), 'sort');
    await expectTappable(page.getByTestId('filter-close'), 'drawer close', true);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('opens the main menu (with order tracking) from the menu button and closes it after choosing a section', async ({ visit, phone }) => {
    const { page, errors } = await visit('/books/1', { context: phone });
    expect(await page.getByTestId('main-menu').isVisible()).toBe(false);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('main-menu').waitFor();
    await page.getByTestId('main-menu').getByText('ক্যাটাগরি', { exact: true }).waitFor();
    // The contact strip is hidden on phones; its order-tracking link is in the menu.
    expect(await page.getByTestId('main-menu').getByRole('link', { name: 'অর্ডার ট্র্যাক করুন' }).isVisible()).toBe(true);
    await screenshot(page, 'mobile-menu');
    await page.getByTestId('main-menu').getByRole('link', { name: 'বই', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/books');
    await page.locator('h1', { hasText: 'Our Books' }).waitFor();
    await page.waitForFunction(() => !document.querySelector<HTMLInputElement>('#main-menu-toggle')?.checked);
    expect(await page.getByTestId('main-menu').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('filters and sorts from the drawer; its button counts the active choices (sort, then an author: 1)', async ({ visit, phone }) => {
    const { page, errors } = await visit('/books', { context: phone });
    const all = number(await page.getByTestId('result-count').textContent());
    expect(await page.getByTestId('filter-count').count()).toBe(0);
    await page.getByTestId('filter-button').click();
    await page.getByTestId('filter-drawer').waitFor();
    await screenshot(page, 'mobile-books-drawer');
    await page.selectOption('#ordering-drawer', 'regular_price');
    await page.waitForURL(/ordering=regular_price/);
    await page.getByTestId('filter-count').waitFor();
    expect(await page.getByTestId('filter-count').textContent()).toBe('১');
    // Choosing closes the drawer: the list is in view again.
    await page.waitForFunction(() => !document.querySelector<HTMLInputElement>('#filters-toggle')?.checked);
    expect(await page.getByTestId('filter-drawer').isVisible()).toBe(false);

    await page.getByTestId('filter-button').click();
    await page.getByTestId('filter-drawer').waitFor();
    await page.locator('[data-testid="filter-author"] a').first().click();
    await page.waitForURL(/author=\d+/);
    await page.locator('[data-testid="filter-author"] a[aria-current="true"]').waitFor({ state: 'attached' });
    expect(page.url()).not.toContain('ordering');
    expect(await page.getByTestId('filter-count').textContent()).toBe('১');
    const filtered = number(await page.getByTestId('result-count').textContent());
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(all);
    await page.waitForFunction(() => !document.querySelector<HTMLInputElement>('#filters-toggle')?.checked);
    expect(await page.getByTestId('filter-drawer').isVisible()).toBe(false);
    const card = await page.locator('[data-testid="product-card"]').first().boundingBox();
    expect(card!.y).toBeLessThan(640);
    await screenshot(page, 'mobile-books-author');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('opens the drawer, filters by an author, sorts and opens the menu without JavaScript', async ({ browser, visit }) => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    context.setDefaultTimeout(15_000);
    const { page } = await visit('/books', { context });
    expect(await page.getByTestId('filter-drawer').isVisible()).toBe(false);
    await page.getByTestId('filter-button').click();
    await page.getByTestId('filter-drawer').waitFor();
    await screenshot(page, 'mobile-books-drawer-nojs');
    // The backdrop and the close button shut it again.
    await page.getByTestId('filter-close').click();
    await page.getByTestId('filter-drawer').waitFor({ state: 'hidden' });
    await page.getByTestId('filter-button').click();
    await page.locator('[data-testid="filter-author"] a').first().click();
    await page.waitForURL(/author=\d+/);
    expect(await page.getByTestId('filter-count').textContent()).toBe('১');
    expect(await page.getByTestId('filter-drawer').isVisible()).toBe(false);
    expect(number(await page.getByTestId('result-count').textContent())).toBeGreaterThan(0);
    // The sort is a GET form with a button for this case.
    await page.getByTestId('filter-button').click();
    await page.selectOption('#ordering-drawer', '-regular_price');
    await page.getByTestId('filter-drawer').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/ordering=-regular_price/);
    expect(page.url()).not.toContain('author=');
    expect(await page.getByTestId('filter-count').textContent()).toBe('১');
    // The header's menu opens too.
    await page.getByTestId('menu-button').click();
    await page.getByTestId('main-menu').waitFor();
    await page.getByTestId('main-menu').getByRole('link', { name: 'ইলেক্ট্রনিক্স' }).click();
    await page.waitForURL((u) => u.pathname === '/electronics');
    await context.close();
  });

  test('keeps the side panel and the toolbar sort on a desktop', async ({ browser, visit }) => {
    const { page, errors } = await visit('/books', { context: await browser.newContext({ viewport: { width: 1280, height: 900 } }) });
    expect(await page.getByTestId('filter-button').isVisible()).toBe(false);
    expect(await page.locator('[data-testid="filter-author"]').isVisible()).toBe(true);
    expect(await page.locator('#ordering').isVisible()).toBe(true);
    expect(await page.locator('#ordering-drawer').isVisible()).toBe(false);
    expect(await page.getByTestId('main-menu').isVisible()).toBe(true);
    const panel = await page.locator('[data-testid="filter-author"]').boundingBox();
    const card = await page.locator('[data-testid="product-card"]').first().boundingBox();
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(card!.x);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
