/**
 * Back in stock, in a real browser: the admin sells a book out (stock 0 over the API); a guest
 * opens it, asks "স্টকে এলে জানান" with a phone number, types the code the SMS outbox holds and
 * is told it is recorded; the admin raises the stock and the outbox then holds one SMS to that
 * number with the book's link — and raising it again sends nothing more. A second guest does the
 * same without JavaScript.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, launchBrowser, screenshot, startServer, type RunningServer } from './harness';
import { openShopperPage } from './shopper';

interface ApiProduct {
  id: number;
  type: string;
  english_title: string;
  units_stock: number;
  is_active: boolean;
}

interface Sms {
  id: number;
  to: string;
  text: string;
  kind: string;
}

const GUEST_PHONE = '01911223344';
const NOJS_PHONE = '01611223355';

describe('back in stock: a guest asks for a sold-out book and is texted when it is back', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let book: ApiProduct;
  let admin: Record<string, string>;
  const errors: string[] = [];
  const url = (p: string) => `${server.baseUrl}${p}`;

  const setStock = async (units_stock: number) => {
    const res = await fetch(url(`/api/product/${book.id}/`), { method: 'PUT', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ units_stock }) });
    expect(res.status).toBe(200);
  };
  const outbox = async (kind: string, phone = GUEST_PHONE): Promise<Sms[]> => {
    const res = await fetch(url(`/api/sms/?phone_number=${phone}`), { headers: admin });
    return ((await res.json()) as { results: Sms[] }).results.filter((m) => m.kind === kind);
  };
  /** The admin's outbox masks codes; the log driver's stored text has it. */
  const codeSentTo = async (phone: string): Promise<string> => {
    const [sms] = await outbox('restock_code', phone);
    expect(sms!.text).not.toMatch(/\d{6}/);
    const db = new Database(path.join(server.dataDir, 'haat.db'), { readonly: true });
    const stored = db.prepare('select text from sms_outbox where id = ?').get(sms!.id) as { text: string };
    db.close();
    return /(\d{6})/.exec(stored.text)![1]!;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const login = await fetch(url('/login/'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone_number: ADMIN.phone, password: ADMIN.password }) });
    admin = { authorization: `Bearer ${((await login.json()) as { token: { access: string } }).token.access}` };
    for (let p = 1; p <= 5 && !book; p++) {
      const list = (await (await fetch(url(`/api/product/?page=${p}&page_size=100`))).json()) as { results: ApiProduct[] };
      book = list.results.find((r) => r.type === 'books' && r.is_active && r.units_stock > 0)!;
    }
    expect(book).toBeDefined();
    await setStock(0);
    ({ page } = await openShopperPage(browser, errors));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a guest asks with a phone number and the code from the SMS', async () => {
    await page.goto(url(`/books/${book.id}`), { waitUntil: 'networkidle' });
    const main = page.locator('main');
    // The book's own button comes first (related books below may be sold out too).
    expect(await main.getByRole('button', { name: 'Stock out!' }).first().isDisabled()).toBe(true);
    await main.getByRole('button', { name: 'স্টকে এলে জানান' }).click();
    await main.getByLabel('আপনার মোবাইল নাম্বার').fill(GUEST_PHONE);
    await main.getByRole('button', { name: 'কোড পাঠান' }).click();
    await expect.poll(() => page.getByTestId('restock-message').textContent()).toContain('কোড পাঠানো হয়েছে');

    const code = await codeSentTo(GUEST_PHONE);
    // A wrong code first: refused in Bengali, the form stays.
    await main.locator('input[name="otp"]').fill(code === '000000' ? '111111' : '000000');
    await main.getByRole('button', { name: 'নিশ্চিত করুন' }).click();
    await expect.poll(() => page.getByTestId('restock-message').textContent()).toContain('ও.টি.পি মেলেনি');
    await main.locator('input[name="otp"]').fill(code);
    await main.getByRole('button', { name: 'নিশ্চিত করুন' }).click();
    await expect.poll(() => page.getByTestId('restock-message').textContent()).toContain('স্টকে এলে আপনাকে এসএমএস করে জানানো হবে');
    await screenshot(page, 'back-in-stock-recorded');
    // The back office counts the waiting request.
    const waiting = (await (await fetch(url('/api/restock/'), { headers: admin })).json()) as { results: { product: number; waiting: number }[] };
    expect(waiting.results).toContainEqual(expect.objectContaining({ product: book.id, waiting: 1 }));
  });

  it('works without JavaScript: the same forms post to the product page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const plain = await context.newPage();
    await plain.goto(url(`/books/${book.id}`));
    const main = plain.locator('main');
    await main.getByRole('button', { name: 'স্টকে এলে জানান' }).click();
    await main.getByLabel('আপনার মোবাইল নাম্বার').fill(NOJS_PHONE);
    await main.getByRole('button', { name: 'কোড পাঠান' }).click();
    await main.getByText('কোড পাঠানো হয়েছে').waitFor();
    await main.locator('input[name="otp"]').fill(await codeSentTo(NOJS_PHONE));
    await main.getByRole('button', { name: 'নিশ্চিত করুন' }).click();
    await main.getByText('স্টকে এলে আপনাকে এসএমএস করে জানানো হবে').waitFor();
    await context.close();
  });

  it('raising the stock texts the number once with the book link; raising it again sends nothing', async () => {
    await setStock(5);
    await expect.poll(async () => (await outbox('back_in_stock')).length, { timeout: 10_000 }).toBe(1);
    const [sms] = await outbox('back_in_stock');
    expect(sms!.to).toBe(GUEST_PHONE);
    expect(sms!.text).toContain(url(`/books/${book.id}`));
    await expect.poll(async () => (await outbox('back_in_stock', NOJS_PHONE)).length, { timeout: 10_000 }).toBe(1);

    await setStock(0);
    await setStock(8);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await outbox('back_in_stock')).toHaveLength(1);
    expect(await outbox('back_in_stock', NOJS_PHONE)).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
