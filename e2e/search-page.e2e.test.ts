/**
 * The /search page in headless Chromium on the demo shop: Enter in the header search opens it,
 * it shows the count, results and facets; a facet narrows to its own count and comes off as a
 * chip; a sort and the pager keep the words; a misspelt term offers "did you mean" and its link
 * finds products; on a phone the facets wait in the filter drawer; a book's ISBN finds that book.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { numberIn as number, screenshot, shopTest as test } from './harness';

const TERM = 'guide';

describe('the search page', () => {
  // The page's context, awaited: the harness closes it on the page's close without waiting, which can race the browser's close.
  const close = (page: Page) => page.context().close();
  const count = async (page: Page) => number(await page.getByTestId('result-count').textContent());
  /** Clicks the first link of facet `facet`, waits for the address to match, and answers the count the link showed. */
  const chooseFirst = async (page: Page, facet: string, address: RegExp) => {
    const link = page.locator(`[data-testid="facet-${facet}"] a`).first();
    const expected = number(await link.locator('span').last().textContent());
    await link.click();
    await page.waitForURL(address);
    return expected;
  };

  test('opens from the header with Enter; a facet narrows to its count and comes off as a chip; sort and pages keep the words', async ({ visit }) => {
    const { page, errors } = await visit('/books', { timeout: 15_000 });
    await page.locator('#site-search').fill(TERM);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === TERM);
    await page.getByTestId('search-facets').waitFor();
    // Enter closes the header's live results over the page and keeps the words in the box.
    await page.waitForTimeout(400);
    expect(await page.locator('[data-testid="search-results"]').count()).toBe(0);
    expect(await page.locator('#site-search').inputValue()).toBe(TERM);
    const all = await count(page);
    expect(all).toBeGreaterThan(20);
    expect(await page.locator('[data-testid="product-card"]').count()).toBe(20);
    await screenshot(page, 'search-page-1280');

    // A facet: its link's count is the count of the page it opens.
    const expected = await chooseFirst(page, 'author', /author=\d+/);
    await page.locator('[data-testid="facet-author"] a[aria-current="true"]').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(TERM);
    expect(await count(page)).toBe(expected);
    expect(expected).toBeLessThan(all);
    // Its chip takes it off again.
    await page.getByTestId('chip-author').click();
    await page.waitForURL((u) => u.pathname === '/search' && !u.searchParams.has('author'));
    await page.waitForFunction(() => !document.querySelector('[data-testid="chip-author"]'));
    expect(await count(page)).toBe(all);

    // A sort keeps the words and the filters, and orders the cards.
    await page.selectOption('#ordering', 'regular_price');
    await page.waitForURL(/ordering=regular_price/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(TERM);
    await page.locator('#ordering').evaluate((el: HTMLSelectElement) => el.value === 'regular_price');
    const prices = await page.locator('[data-testid="product-card"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-regular'))));
    expect(prices.length).toBe(20);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);

    // The next page keeps the words and the sort.
    await page.locator('nav[aria-label="পেজ"] a[rel="next"]').click();
    await page.waitForURL(/page=2/);
    await page.locator('nav[aria-label="পেজ"] a[aria-current="page"]', { hasText: '২' }).waitFor();
    const url = new URL(page.url());
    expect([url.searchParams.get('q'), url.searchParams.get('ordering')]).toEqual([TERM, 'regular_price']);
    const next = await page.locator('[data-testid="product-card"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-regular'))));
    expect(next[0]).toBeGreaterThanOrEqual(prices.at(-1)!);

    // A price range, from its facet.
    await page.locator('[data-testid="facet-price"] a').first().click();
    await page.waitForURL(/max_price=199/);
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    await page.getByTestId('chip-price').waitFor();
    expect(errors).toEqual([]);
    await close(page);
  });

  test('finds a book by its ISBN typed without hyphens in the header search, Enter opening that one book', async ({ api, visit }) => {
    const [book] = (await api.get<{ results: { id: number; english_title: string; isbn: string }[] }>('/api/product/?type=books&size=1')).results;
    const digits = book!.isbn.replace(/-/g, '');
    expect(digits).toMatch(/^97[89]\d{10}$/);
    const { page, errors } = await visit('/books', { timeout: 15_000 });
    await page.locator('#site-search').fill(digits);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === digits);
    // The address changes before React paints the new page (a transition), so the /books cards
    // can still be there: wait for the search page's own heading, which names the digits.
    await page.locator('main h1', { hasText: digits }).waitFor();
    await page.locator('[data-testid="product-card"]').first().waitFor();
    expect(await page.locator('[data-testid="product-card"]').count()).toBe(1);
    expect(await page.locator('[data-testid="product-card"]').textContent()).toContain(book!.english_title);
    expect(errors).toEqual([]);
    await close(page);
  });

  test('offers "did you mean" for a misspelt term, and its link finds products', async ({ server, visit }) => {
    const { page, errors } = await visit('/search?q=calclatr', { timeout: 15_000 });
    await page.getByText('Sorry, No result found!').waitFor();
    const link = page.getByTestId('did-you-mean').locator('a');
    expect(await page.getByTestId('did-you-mean').textContent()).toContain('আপনি কি খুঁজছেন');
    expect(await link.textContent()).toBe('calculator');
    await link.click();
    await page.waitForURL((u) => u.searchParams.get('q') === 'calculator');
    await page.getByTestId('result-count').waitFor();
    expect(await count(page)).toBeGreaterThan(0);
    expect(await page.getByTestId('did-you-mean').count()).toBe(0);
    // Nothing to suggest for nonsense.
    await page.goto(`${server.baseUrl}/search?q=zzqqxxnothing`);
    await page.getByText('Sorry, No result found!').waitFor();
    expect(await page.getByTestId('did-you-mean').count()).toBe(0);
    expect(errors).toEqual([]);
    await close(page);
  });

  test('keeps the facets in the filter drawer on a phone; choosing one closes it', async ({ visit }) => {
    const { page, errors } = await visit(`/search?q=${TERM}`, { viewport: { width: 360, height: 740 }, timeout: 15_000 });
    expect(await page.getByTestId('filter-drawer').isVisible()).toBe(false);
    await page.getByTestId('filter-button').click();
    await page.getByTestId('filter-drawer').waitFor();
    await screenshot(page, 'search-page-drawer-360');
    const expected = await chooseFirst(page, 'type', /type=\w+/);
    await page.getByTestId('filter-count').waitFor();
    expect(await page.getByTestId('filter-count').textContent()).toBe('১');
    await page.waitForFunction(() => !document.querySelector<HTMLInputElement>('#filters-toggle')?.checked);
    expect(await page.getByTestId('filter-drawer').isVisible()).toBe(false);
    expect(await count(page)).toBe(expected);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close(page);
  });
});
