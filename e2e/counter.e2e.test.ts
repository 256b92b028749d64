/**
 * The counter in headless Chromium (issue 36): on /admin-pos a scanner types a book's ISBN and
 * Enter, and the line appears within 300 ms (measured in the page, from the Enter keydown to the
 * line painted); the book is sold and its receipt opens. Then the network goes off: a sale is
 * queued in IndexedDB and shown as queued; the network comes back and the sale arrives once
 * (one order with its client_ref). Screenshots at 1280 and 360 px.
 */
import { describe, expect } from 'vitest';
import { screenshot, shopTest } from './harness';

const test = shopTest.extend('staff', { scope: 'file' }, async ({ api }) => (await api.adminHeaders()).authorization!.slice('Bearer '.length));

type Book = { id: number; is_active: boolean; units_stock: number; isbn: string; english_title: string };
type CounterOrder = { id: number; client_ref: string | null; source: string; status: string; payment_status: string };

declare global {
  interface Window {
    posLatency?: Promise<number>;
  }
}

describe('the counter', () => {
  test('a scanned ISBN shows its line within 300 ms; sells online, and offline once the network is back', async ({ api, staff, adminPage, url, errors }) => {
    const books = (await api.get<{ results: Book[] }>('/api/product/?type=books&page_size=100')).results;
    const book = books.find((b) => b.is_active && b.units_stock >= 4 && b.isbn.replace(/\D/g, '').length >= 10)!;
    expect(book).toBeTruthy();

    const { context, page } = await adminPage('/admin-pos');
    const field = page.getByTestId('pos-input');
    await expect.poll(() => page.getByTestId('pos-screen').getAttribute('data-items').then(Number)).toBeGreaterThan(0);
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);

    // The scanner: digits typed as fast as the keyboard goes, then Enter; timed inside the page.
    await page.evaluate(() => {
      window.posLatency = new Promise<number>((resolve) => {
        let start = 0;
        document.getElementById('pos-code')!.addEventListener('keydown', (e) => e.key === 'Enter' && (start = performance.now()), { capture: true });
        const seen = new MutationObserver(() => {
          if (!start || !document.querySelector('[data-testid="pos-line"]')) return;
          seen.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        seen.observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.keyboard.type(book.isbn.replace(/-/g, ''));
    await page.keyboard.press('Enter');
    const latency = await page.evaluate(() => window.posLatency!);
    expect(latency).toBeLessThan(300);
    await expect.poll(() => page.getByTestId('pos-line').first().getAttribute('data-product')).toBe(String(book.id));
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);

    await screenshot(page, 'counter-scanned-1280');

    // Sold online, with change; the receipt is a page for the printer.
    await page.getByTestId('pos-tendered').fill('5000');
    await page.getByTestId('pos-sell').click();
    const receipt = page.getByTestId('pos-receipt');
    await expect.poll(() => receipt.count()).toBe(1);
    const receiptUrl = await receipt.getAttribute('href');
    const printed = await page.request.get(url(receiptUrl!.replace('?print=1', '')));
    expect(printed.status()).toBe(200);
    expect(await printed.text()).toContain('@page{size:80mm auto');
    const saleId = Number(/sales\/(\d+)\//.exec(receiptUrl!)![1]);
    expect((await api.json<CounterOrder>(staff, 'GET', `/api/order/${saleId}/`)).body).toMatchObject({ source: 'counter', status: 'Delivered', payment_status: 'paid' });
    await screenshot(page, 'counter-sold-1280');
    const slip = await context.newPage();
    await slip.setViewportSize({ width: 360, height: 640 });
    await slip.goto(url(receiptUrl!.replace('?print=1', '')), { waitUntil: 'networkidle' });
    expect(await slip.getByTestId('receipt').getAttribute('data-order-id')).toBe(String(saleId));
    await screenshot(slip, 'counter-receipt-360');
    await slip.close();

    // The network goes: the sale is queued, shown as queued.
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('pos-online').getAttribute('data-online')).toBe('false');
    await field.fill(book.isbn);
    await field.press('Enter');
    await expect.poll(() => page.getByTestId('pos-line').count()).toBe(1);
    await page.getByTestId('pos-method-bkash').click();
    await page.getByTestId('pos-sell').click();
    await expect.poll(() => page.getByTestId('pos-queue').getAttribute('data-queued')).toBe('1');
    const ref = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const req = indexedDB.open('haat-counter');
          req.onsuccess = () => {
            const all = req.result.transaction('queue').objectStore('queue').getAll();
            all.onsuccess = () => resolve((all.result as { client_ref: string }[])[0]!.client_ref);
            all.onerror = () => reject(all.error);
          };
          req.onerror = () => reject(req.error);
        }),
    );
    await screenshot(page, 'counter-queued-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'counter-queued-360');

    // Back online: sent once, off the queue.
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('pos-queue').getAttribute('data-queued'), { timeout: 30_000 }).toBe('0');
    const counterOrders = (await api.json<{ results: CounterOrder[] }>(staff, 'GET', '/api/order/?source=counter&page_size=100')).body.results;
    expect(counterOrders.filter((o) => o.client_ref === ref)).toHaveLength(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'counter-sent-1280');
    await context.close();
    expect(errors).toEqual([]);
  });
});
