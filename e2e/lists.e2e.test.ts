/**
 * Curated lists in headless Chromium (issue 36): a list made through the API renders at
 * /list/{slug} on a 360 px phone (server-rendered, its Bengali title and books in the list's
 * order, no sideways scroll; English when chosen), shows on the home page with "সবগুলো দেখুন",
 * and the back office reorders its books from the keyboard alone, announced, and saves the order.
 * Screenshots: test-results/screenshots/lists-*.png.
 */
import { describe, expect } from 'vitest';
import { screenshot, shopTest } from './harness';

const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const SLUG = 'ekushey-boi-mela-2026';
const TITLE = 'একুশে বইমেলার নতুন বই';

type Book = { id: number; english_title: string; is_active: boolean };

const test = shopTest
  .extend('staff', { scope: 'file' }, async ({ api }) => (await api.adminHeaders()).authorization!.slice('Bearer '.length))
  /** Four active books and a list of them, live from an hour ago, on the home page. */
  .extend('fair', { scope: 'file' }, async ({ api, staff }) => {
    const books = (await api.get<{ results: Book[] }>('/api/product/?type=books&page_size=20')).results.filter((b) => b.is_active).slice(0, 4);
    const made = await api.json<{ id: number; products: number[] }>(staff, 'POST', '/api/list/', {
      title: TITLE,
      title_en: 'New at the Ekushey book fair',
      slug: SLUG,
      products: books.map((b) => b.id),
      starts_at: new Date(Date.now() - 3600_000).toISOString(),
      show_on_home: true,
    });
    expect(made.status).toBe(201);
    return { id: made.body.id, books };
  });

describe('curated lists', () => {
  test('a list page renders at 360 px: server-rendered, its title and books in order, no sideways scroll', async ({ url, visit, browser, fair }) => {
    const html = await (await fetch(url(`/list/${SLUG}`))).text();
    expect(html).toContain(TITLE);
    expect(html).toContain(`<link rel="canonical" href="${url(`/list/${SLUG}`)}"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]*একুশে/);

    const phone = await browser.newContext(PHONE);
    const { page, errors } = await visit(`/list/${SLUG}`, { context: phone });
    const title = page.getByTestId('list-title');
    expect(await title.textContent()).toBe(TITLE);
    expect(await title.isVisible()).toBe(true);
    const cards = page.locator('[data-testid="product-card"]');
    expect(await cards.count()).toBe(fair.books.length);
    const hrefs = await cards.evaluateAll((els) => els.map((e) => e.querySelector('a')?.getAttribute('href') ?? ''));
    expect(hrefs.map((h) => Number(/\/(\d+)$/.exec(h)?.[1]))).toEqual(fair.books.map((b) => b.id));
    // Each card's title is on screen, not cut to nothing.
    for (const card of await cards.all()) expect((await card.boundingBox())!.width).toBeGreaterThan(100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'lists-page-360');

    // English when chosen.
    await page.goto(url(`/set-lang/en?back=/list/${SLUG}`), { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe(`/list/${SLUG}`);
    expect(await page.getByTestId('list-title').textContent()).toBe('New at the Ekushey book fair');
    await page.goto(url('/set-lang/bn?back=/'), { waitUntil: 'networkidle' });

    // The home page shows it as a section whose "see all" leads to the page.
    const section = page.getByTestId('home-list').first();
    expect(await section.locator('h2').textContent()).toBe(TITLE);
    expect(await section.getByRole('link', { name: /সবগুলো দেখুন/ }).getAttribute('href')).toBe(`/list/${SLUG}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'lists-home-360');

    // An unknown list is the 404 page.
    expect((await fetch(url('/list/no-such-list'))).status).toBe(404);
    await phone.close();
    expect(errors).toEqual([]);
  });

  test('the back office reorders a list from the keyboard alone, announces each move, and saves the order', async ({ adminPage, api, staff, fair, errors }) => {
    const { context, page } = await adminPage('/admin-lists');
    await page.locator(`[data-testid="list-row"][data-list-id="${fair.id}"]`).getByRole('link', { name: 'Edit' }).click();
    await page.getByTestId('update-list').waitFor();
    const rows = page.getByTestId('list-order-row');
    const order = () => rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-product-id'))));
    expect(await order()).toEqual(fair.books.map((b) => b.id));

    // The last book to the top with ↑ three times on its handle; the focus stays on it.
    const [a, b, c, d] = fair.books.map((x) => x.id) as [number, number, number, number];
    await page.locator(`[data-handle="${d}"]`).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    await expect.poll(order).toEqual([d, a, b, c]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-handle'))).toBe(String(d));
    expect(await page.getByTestId('order-announcement').textContent()).toMatch(/position 1 of 4/);
    // The second book to the end with End; then the third row's "up" button, pressed with Enter.
    await page.locator(`[data-handle="${b}"]`).focus();
    await page.keyboard.press('End');
    await expect.poll(order).toEqual([d, a, c, b]);
    await page.getByRole('button', { name: new RegExp(`^Move .* up$`) }).nth(2).focus();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual([d, c, a, b]);
    await screenshot(page, 'lists-admin-order');

    await page.getByRole('button', { name: 'Update' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin-lists$/);
    expect((await api.json<{ products: number[] }>(staff, 'GET', `/api/list/${fair.id}/`)).body.products).toEqual([d, c, a, b]);
    await context.close();
    expect(errors).toEqual([]);
  });
});
