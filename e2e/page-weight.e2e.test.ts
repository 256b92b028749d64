/**
 * What a new shopper's phone downloads, as sizes (never times: those are `npm run bench:pages`'s):
 * the home page, /books and a book page each ship at most 110 KiB of JavaScript compressed, the
 * home page at most 300 KiB in all, and every script, stylesheet and page comes compressed.
 */
import { describe, expect } from 'vitest';
import { shopTest } from './harness';

const KIB = 1024;
const JS_BUDGET = 110 * KIB;
const HOME_BUDGET = 300 * KIB;
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

interface Weight {
  scripts: number;
  total: number;
  uncompressed: string[];
}

const test = shopTest.extend('weigh', { scope: 'file' }, async ({ browser, server }) => {
  /** A first visit in a fresh context: bytes as sent (compressed bodies), from the browser's own resource timing. */
  return async (path: string): Promise<Weight> => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const encodings = new Map<string, string>();
    page.on('response', (res) => encodings.set(res.url(), res.headers()['content-encoding'] ?? ''));
    await page.goto(server.baseUrl + path, { waitUntil: 'networkidle' });
    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => {
        const r = e as PerformanceResourceTiming;
        return { name: r.name, size: r.encodedBodySize, decoded: r.decodedBodySize };
      }),
    );
    await context.close();
    const textual = (url: string) => /\.(js|css)$/.test(new URL(url).pathname) || url === server.baseUrl + path;
    return {
      scripts: entries.filter((e) => new URL(e.name).pathname.endsWith('.js')).reduce((sum, e) => sum + e.size, 0),
      total: entries.reduce((sum, e) => sum + e.size, 0),
      uncompressed: entries.filter((e) => textual(e.name) && e.decoded > 1024 && !encodings.get(e.name)).map((e) => e.name),
    };
  };
});

describe('page weight on a phone', () => {
  test('home, /books and a book page ship at most 110 KiB of JavaScript, compressed', async ({ server, weigh }) => {
    const book = /href="(\/books\/\d+)"/.exec(await (await fetch(`${server.baseUrl}/books`)).text())?.[1];
    expect(book).toBeTruthy();
    for (const path of ['/', '/books', book!]) {
      const weight = await weigh(path);
      // The figure itself, for the notes: the book page sits close to its budget.
      console.info(`page weight ${path}: ${(weight.scripts / KIB).toFixed(1)} KiB of JavaScript (budget ${JS_BUDGET / KIB})`);
      expect(weight.scripts, `${path}: ${(weight.scripts / KIB).toFixed(1)} KiB of JavaScript`).toBeGreaterThan(50 * KIB);
      expect(weight.scripts, `${path}: ${(weight.scripts / KIB).toFixed(1)} KiB of JavaScript`).toBeLessThanOrEqual(JS_BUDGET);
      expect(weight.uncompressed, `${path}: sent without compression`).toEqual([]);
    }
  });

  test('the home page moves at most 300 KiB in all on a first visit', async ({ weigh }) => {
    const weight = await weigh('/');
    expect(weight.total, `${(weight.total / KIB).toFixed(1)} KiB`).toBeLessThanOrEqual(HOME_BUDGET);
  });
});
