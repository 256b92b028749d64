/**
 * Storefront browsing in headless Chromium: home → category → product,
 * header search in English and Bengali, book filters and sorts in the URL, cart and wishlist
 * badges, the language switch, the not-found page, SEO routes, and screenshots at 360 and 1280 px.
 */
import { describe, expect } from 'vitest';
import { ADMIN, numberIn as number, screenshot, shopTest as test } from './harness';

describe('storefront browsing', () => {
  test('renders home, listings and product pages on the server with their data', async ({ server }) => {
    const home = await (await fetch(`${server.baseUrl}/`)).text();
    expect(home).toContain('data-testid="home-section"');
    expect(home).toContain('জনপ্রিয় ক্যাটাগরি');
    expect(home).toContain('আমাদের লেখক');
    const books = await (await fetch(`${server.baseUrl}/books`)).text();
    expect(books).toContain('Our Books');
    expect(books).toContain('Filter By Author&#x27;s');
    expect(books).toContain('data-testid="product-card"');
    const product = await fetch(`${server.baseUrl}/books/1`);
    expect(product.status).toBe(200);
    const html = await product.text();
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<meta name="description"');
    expect(html).toContain('application/ld+json');
    expect(html).toContain('"@type":["Product","Book"]');
    expect(html).toContain('Specification');
    // Related books, rendered on the server: the author's other books.
    expect(html).toContain('এই লেখকের আরও বই');
  });

  test('browses home → category → product', async ({ visit }) => {
    const { page, errors } = await visit('/');
    expect(await page.locator('[data-testid="home-section"]').count()).toBeGreaterThan(5);
    await screenshot(page, 'store-home-1280');
    const section = (await page.locator('[data-testid="home-section"] h2').first().textContent()) ?? '';
    await page.locator('[data-testid="home-section"]').first().getByRole('link', { name: /সবগুলো দেখুন/ }).click();
    await page.waitForURL(/\/category\//);
    // React Router commits the new page in a transition, just after the address changes.
    await page.locator('h1', { hasText: section }).waitFor();
    expect(await page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'store-category-1280');
    const title = page.locator('[data-testid="product-card"] h3 a').first();
    const name = (await title.getAttribute('title')) ?? '';
    await title.click();
    await page.waitForURL(/\/books\/\d+$/);
    await page.locator('h1', { hasText: name }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('tab', { name: 'Description' }).click();
    expect(await page.locator('#panel-desc').isVisible()).toBe(true);
    await screenshot(page, 'store-product-1280');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('searches in English and Bengali from the header; leaving the search area clears it', async ({ visit }) => {
    const { page, errors } = await visit('/books/1');
    const english = ((await page.locator('h1').textContent()) ?? '').split(/\s+/)[0] ?? '';
    const bangla = ((await page.locator('main h1 + p').textContent()) ?? '').split(/\s+/)[0] ?? '';
    const box = page.locator('#site-search');
    for (const word of [english, bangla]) {
      await box.fill(word);
      const results = page.locator('[data-testid="search-results"]');
      await results.waitFor();
      const links = await results.locator('a').count();
      expect(links).toBeGreaterThan(0);
      expect(links).toBeLessThanOrEqual(20);
      expect(await results.locator(links >= 4 ? '[data-layout="list"]' : '[data-layout="table"]').count()).toBe(1);
      expect(await results.textContent()).toContain(word);
    }
    await box.fill('zzqqxxnothing');
    await page.getByText('Sorry, No result found!').waitFor();
    await box.fill('');
    expect(await page.locator('[data-testid="search-results"]').count()).toBe(0);
    await box.fill(english);
    await page.locator('[data-testid="search-results"]').waitFor();
    await box.hover();
    await page.mouse.move(5, 880);
    expect(await box.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('filters and sorts books in the URL: an author drops the sort, a sort drops the author, Default Filter resets', async ({ visit }) => {
    const { page, errors } = await visit('/books?ordering=-regular_price');
    await screenshot(page, 'store-books-1280');
    await page.locator('[data-testid="filter-author"] a').first().click();
    await page.waitForURL(/author=\d+/);
    // React Router commits the new page in a transition, just after the address changes.
    await page.locator('[data-testid="filter-author"] a[aria-current="true"]').waitFor();
    expect(page.url()).not.toContain('ordering');
    const authorUrl = page.url();
    const count = number(await page.getByTestId('result-count').textContent());
    expect(count).toBeGreaterThan(0);
    await page.selectOption('#ordering', 'regular_price');
    await page.waitForURL(/ordering=regular_price/);
    await page.waitForFunction(() => !document.querySelector('[data-testid="filter-author"] a[aria-current]'));
    expect(page.url()).not.toContain('author=');
    await page.locator('[data-testid="product-card"]').first().waitFor();
    const prices = await page.locator('[data-testid="product-card"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-regular'))));
    expect(prices.length).toBeGreaterThan(1);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    await page.locator('[data-testid="filter-publisher"] a').first().click();
    await page.waitForURL(/publisher=\d+/);
    await page.locator('[data-testid="filter-publisher"] a[aria-current="true"]').waitFor();
    expect(page.url()).not.toContain('ordering');
    expect(await page.locator('#ordering').inputValue()).toBe('');
    await page.getByRole('link', { name: 'Default Filter' }).click();
    await page.waitForURL((u) => u.pathname === '/books' && u.search === '');
    await page.waitForFunction(() => !document.querySelector('[data-testid^="filter-"] a[aria-current]'));
    // The state is shareable: the author page reloads to the same list.
    await page.goto(authorUrl);
    expect(number(await page.getByTestId('result-count').textContent())).toBe(count);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('adds to cart and wishlist with notices, and the header badges follow at once', async ({ visit }) => {
    const { page, errors } = await visit('/books');
    expect(await page.locator('[data-testid="cart-badge"]').count()).toBe(0);
    const card = page.locator('[data-testid="product-card"]', { has: page.getByRole('button', { name: 'কার্টে যোগ' }) }).first();
    await card.getByRole('button', { name: 'কার্টে যোগ' }).click();
    await page.getByText('Book addded successfully!').waitFor();
    expect(await page.getByTestId('cart-badge').textContent()).toBe('১');
    await card.getByRole('button', { name: 'উইশলিস্টে যোগ করুন' }).click();
    await page.getByText('Successfully added!').waitFor();
    expect(await page.getByTestId('wishlist-badge').textContent()).toBe('১');
    await card.getByRole('button', { name: 'উইশলিস্টে যোগ করুন' }).click();
    await page.getByText('Already in wishlist!').waitFor();
    expect(await page.getByTestId('wishlist-badge').textContent()).toBe('১');

    const href = (await card.locator('h3 a').getAttribute('href')) ?? '';
    await card.locator('h3 a').click();
    await page.waitForURL((u) => u.pathname === href);
    await page.getByRole('button', { name: 'কার্টে যোগ করুন' }).waitFor();
    await page.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
    await page.getByText('Product addded successfully!').waitFor();
    const id = href.split('/').pop() as string;
    expect(await page.evaluate((k) => JSON.parse(localStorage.getItem('local_cart') ?? '{}')[k], id)).toBe(2);
    // The stock cap: a cart already holding the whole stock refuses one more.
    await page.evaluate((k) => localStorage.setItem('local_cart', JSON.stringify({ [k]: 1_000_000 })), id);
    await page.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
    await page.getByText('Sorry product limit exceed!').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  test('shows the admin icon and the order link to a signed-in admin, and signs out to home', async ({ server, browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const login = await context.request.post(`${server.baseUrl}/login/`, { data: { phone_number: ADMIN.phone, password: ADMIN.password } });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/books`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'অ্যাডমিন' }).waitFor();
    expect(await page.getByRole('link', { name: 'অর্ডার', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'সাইন আউট' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('link', { name: 'সাইন ইন' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'অ্যাডমিন' }).count()).toBe(0);
    await context.close();
  });

  test('switches to English and remembers it', async ({ server, visit }) => {
    const { page } = await visit('/books');
    await page.getByTestId('lang-switch').click();
    await page.waitForURL(/\/books$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.goto(`${server.baseUrl}/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByText('Popular categories').count()).toBeGreaterThan(0);
    await page.close();
  });

  test('fits phone and tablet widths without sideways scrolling (screenshots of home, listing and product)', async ({ visit }) => {
    for (const [path, name, width] of [
      ['/', 'store-home-360', 360],
      ['/books', 'store-books-360', 360],
      ['/books/1', 'store-product-360', 360],
      ['/', 'store-home-768', 768],
      ['/books', 'store-books-768', 768],
    ] as const) {
      const { page, errors } = await visit(path, { viewport: { width, height: 900 } });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, name);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  test('shows a scroll-to-top button after 300 px', async ({ visit }) => {
    const { page } = await visit('/');
    expect(await page.getByTestId('scroll-top').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByTestId('scroll-top').click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.close();
  });

  test('answers an unknown path with the not-found page (HTTP 404) and a link home', async ({ server, visit }) => {
    const { page } = await visit('/');
    const res = await page.goto(`${server.baseUrl}/no-such-page/here`);
    expect(res?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    await page.getByRole('link', { name: 'হোমে ফিরে যান' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect((await fetch(`${server.baseUrl}/books/99999999`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/category/no-such-category`)).status).toBe(404);
    await page.close();
  });

  test('publishes a sitemap of products and categories and a robots.txt keeping the back office out', async ({ server }) => {
    const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain('<urlset');
    expect(sitemap).toMatch(/\/books\/\d+<\/loc>/);
    expect(sitemap).toContain('/category/');
    const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /api/');
  });
});
