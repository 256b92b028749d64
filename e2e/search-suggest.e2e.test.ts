/**
 * Suggestions as one types in the header box: titles, authors, publishers and categories from
 * the suggest API above the live results; arrow keys and Enter open a suggestion, Enter with
 * none chosen opens /search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';

describe('search suggestions in the header', () => {
  let server: RunningServer;
  let browser: Browser;
  let author: { path: string; name: string };
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const html = await (await fetch(`${server.baseUrl}/authors`)).text();
    const m = /href="(\/authors\/([^"?]+))"/.exec(html);
    if (!m) throw new Error('no author on /authors');
    author = { path: m[1]!, name: decodeURIComponent(m[2]!) };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.baseUrl}/books`);
    return page;
  }

  it("typing part of an author's name suggests the author; arrow down and Enter open their page", async () => {
    const page = await open();
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

  it('Enter with no suggestion chosen opens the search page for the words typed', async () => {
    const page = await open();
    const word = author.name.split(/\s+/)[0]!;
    await page.locator('#site-search').pressSequentially(word);
    await page.getByTestId('search-suggestions').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
    await page.close();
  });
});
