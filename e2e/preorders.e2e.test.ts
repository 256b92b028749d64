/**
 * Pre-orders in a real browser (issue 36): the shop makes a sold-out book a pre-order; a customer
 * sees "প্রি-অর্ডার" and the release date on its page (360 px, screenshot) and its card, puts it in
 * the cart with no stock, is told at checkout it is cash on delivery, and places the order; staff
 * record a stock receipt over the API, and the customer's one SMS is in the outbox.
 */
import { describe, expect } from 'vitest';
import { screenshot, shopTest, type ApiProduct } from './harness';
import { releaseDateText } from '../domain/preorders';

const CUSTOMER = { name: 'Pre Order Buyer', phone_number: '01944000636', password: 'buyer-pass-123' };
const RELEASE = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);

const test = shopTest
  .extend('shopOptions', { scope: 'file' }, async () => ({ customer: CUSTOMER }))
  .extend('admin', { scope: 'file' }, async ({ api }) => api.adminHeaders())
  /** A book made a sold-out pre-order of 3 units over the API. */
  .extend('book', { scope: 'file' }, async ({ api, url, admin }) => {
    const book = (await api.products('type=books&page_size=100')).find((p: ApiProduct) => p.is_active && p.price > 0)!;
    const res = await fetch(url(`/api/product/${book.id}/`), {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ units_stock: 0, preorder: { release_date: RELEASE, limit: 3 } }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return book;
  });

describe('pre-orders: placed with no stock, texted when the stock arrives', () => {
  let orderId = 0;

  test('the product page shows the pre-order and its date at 360 px; a customer orders it cash on delivery', async ({ page, url, visit, signIn, book, api, admin, errors }) => {
    const phone = await visit(`/books/${book.id}`, { viewport: { width: 360, height: 740 } });
    const badge = phone.page.getByTestId('preorder-badge').first();
    expect(await badge.textContent()).toContain('প্রি-অর্ডার');
    expect(await badge.textContent()).toContain(releaseDateText(RELEASE, 'bn'));
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(phone.page, 'preorder-product-360');
    expect(phone.errors).toEqual([]);

    await signIn(page, CUSTOMER, `/books/${book.id}`);
    await page.waitForLoadState('networkidle');
    await page.getByTestId('product-actions').getByRole('button', { name: 'প্রি-অর্ডার করুন' }).click();
    await page.goto(url('/checkout'), { waitUntil: 'networkidle' });
    await page.getByTestId('place-order').waitFor();
    expect(await page.getByTestId('preorder-note').textContent()).toContain('শুধু ক্যাশ অন ডেলিভারিতে');
    await page.getByLabel('জেলা', { exact: true }).fill('ঢাকা');
    await page.getByLabel('উপজেলা/থানা', { exact: true }).fill('মিরপুর');
    await page.getByLabel('ডেলিভারি এড্রেস', { exact: true }).fill('বাড়ি ১২, রোড ৩, মিরপুর ১০');
    await page.getByLabel('ক্যাশ অন ডেলিভারি', { exact: true }).check();
    await page.getByTestId('place-order').click();
    await page.waitForURL((u) => u.pathname === '/order');
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    orderId = Number(await card.getAttribute('data-order-id'));
    const order = await api.get<{ preorder: unknown; items: { preorder: string | null }[] }>(`/api/order/${orderId}/`, admin);
    expect(order.preorder).toEqual({ release_date: RELEASE, waiting: true });
    expect(order.items.map((i) => i.preorder)).toEqual(['waiting']);
    expect(errors).toEqual([]);
  });

  test('a listing card shows it as a pre-order with its date', async ({ visit, book }) => {
    const { page, errors } = await visit(`/search?q=${encodeURIComponent(book.english_title)}`);
    const card = page.getByTestId('product-card').filter({ has: page.getByTestId('preorder-badge') }).first();
    await card.waitFor();
    expect(await card.getByTestId('preorder-badge').textContent()).toContain(releaseDateText(RELEASE, 'bn'));
    expect(errors).toEqual([]);
  });

  test('staff record a stock receipt over the API: the order is filled and its customer gets one SMS', async ({ url, api, admin, book }) => {
    const res = await fetch(url('/api/stock/receipts/'), {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ supplier: 'অন্যপ্রকাশ', reference: 'BOI-MELA-1', lines: [{ product: book.id, quantity: 5 }] }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const filled = async () => (await api.smsTo(CUSTOMER.phone_number, admin)).filter((m) => m.kind === 'preorder_filled');
    await expect.poll(async () => (await filled()).length, { timeout: 10_000 }).toBe(1);
    expect((await filled())[0]!.text).toContain(`#${orderId}`);
    const order = await api.get<{ preorder: unknown }>(`/api/order/${orderId}/`, admin);
    expect(order.preorder).toEqual({ release_date: RELEASE, waiting: false });
  });
});
