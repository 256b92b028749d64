/**
 * Suggestions as one types in the header box: titles, authors, publishers and categories from
 * the suggest API above the live results; arrow keys and Enter open a suggestion, Enter with
 * none chosen opens /search.
 */
import { describe, expect } from 'vitest';
import { shopTest } from './harness';

/** The first author on /authors: their page and their name. */
const test = shopTest.extend('author', { scope: 'file', auto: true }, async ({ url }) => {
  const html = await (await fetch(url('/authors'))).text();
  const m = /href="(\/authors\/([^"?]+))"/.exec(html);
  if (!m) throw new Error('no author on /authors');
  return { path: m[1]!, name: decodeURIComponent(m[2]!) };
});

describe('search suggestions in the header', () => {
  const desktop = { viewport: { width: 1280, height: 800 }, timeout: 15_000 };

  test("typing part of an author's name suggests the author; arrow down and Enter open their page", async ({ visit, author }) => {
    const { page } = await visit('/books', desktop);
    const word = author.name.split(/\s+/)[0]!;
    await page.locator('#site-search').pressSequentially(word);
    const list = page.getByTestId('search-suggestions');
    await list.waitFor();
    const options = list.getByRole('option');
    expect(await options.count()).toBeGreaterThan(0);
    expect(await options.count()).toBeLessThanOrEqual(8);
    const texts = await options.allTextContents();
    const index = texts.findIndex((t) => t.includes(author.name));
    expect(index, texts.join(' | ')).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= index; i += 1) await page.keyboard.press('ArrowDown');
    expect(await options.nth(index).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === decodeURIComponent(author.path));
    await page.close();
  });

  test('Enter with no suggestion chosen opens the search page for the words typed', async ({ visit, author }) => {
    const { page } = await visit('/books', desktop);
    const word = author.name.split(/\s+/)[0]!;
    await page.locator('#site-search').pressSequentially(word);
    await page.getByTestId('search-suggestions').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
    await page.close();
  });
});
