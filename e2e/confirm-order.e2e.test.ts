/**
 * A customer confirms a cash-on-delivery order by the link in its SMS (issue 33), on a 360 px
 * phone: the shop asks for confirmation by SMS, the customer orders, the link is read from the
 * SMS outbox, the page shows the order and one button, and pressing it confirms the order — with
 * JavaScript off (a plain form POST), and again with it on. The link then says it no longer works.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { screenshot, shopTest, type ApiProduct } from './harness';

const CUSTOMER = { name: 'Link Buyer', phone_number: '01944000444', password: 'buyer-pass-123' };
const PHONE = { width: 360, height: 740 };

const test = shopTest
  .extend('shopOptions', { scope: 'file' }, async () => ({ customer: CUSTOMER }))
  .extend('admin', { scope: 'file' }, async ({ api }) => {
    const admin = await api.adminHeaders();
    // The shop asks for confirmation by SMS.
    expect((await api.json(admin.authorization!.slice('Bearer '.length), 'PUT', '/api/settings/', { order_confirmation: 'sms' })).status).toBe(200);
    return admin;
  })
  .extend('book', { scope: 'file' }, async ({ api }) => (await api.products('type=books&page_size=100')).find((p: ApiProduct) => p.is_active && p.units_stock >= 4 && p.price > 0)!)
  /** Orders the book as the customer (cash on delivery) and answers the order and the link its SMS carries. */
  .extend('orderWithLink', { scope: 'file' }, async ({ api, admin, book, url }) => async () => {
    const token = await api.token(CUSTOMER.phone_number, CUSTOMER.password);
    const id = await api.placeCodOrder(token, [{ product: book.id, quantity: 1 }]);
    const sms = (await api.smsTo(CUSTOMER.phone_number, admin)).find((m) => m.kind === 'order_confirmation' && m.text.includes(`#${id}`))!;
    // The back office shows the link masked; the stored text (kept whole by SMS_LOG_CODES) holds the token.
    expect(sms.text).toContain(`${url('/c/')}••••••`);
    const text = api.storedSms(sms.id);
    const link = new RegExp(`${url('/c/').replace(/[.]/g, '\\.')}[A-Za-z0-9_-]{43}`).exec(text)?.[0];
    expect(link, text).toBeDefined();
    return { id, link: link! };
  })
  .extend('orderOf', { scope: 'file' }, async ({ api, admin }) => async (id: number) => api.get<{ confirmation: string; confirmation_method: string | null }>(`/api/order/${id}/`, admin));

describe('confirming an order by the SMS link', () => {
  test('on a 360 px phone without JavaScript: the order and one button; pressing it confirms the order', async ({ browser, orderWithLink, orderOf }) => {
    const { id, link } = await orderWithLink();
    expect(await orderOf(id)).toMatchObject({ confirmation: 'unconfirmed' });
    const context: BrowserContext = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    const shown = await page.goto(link);
    expect(shown?.status()).toBe(200);
    expect(shown?.headers()['cache-control']).toContain('no-store');
    // No Referer carries the token; the button's POST keeps its Origin (app/routes/store/confirm.tsx).
    expect(shown?.headers()['referrer-policy']).toBe('strict-origin');
    await page.getByTestId('confirm-ask').waitFor();
    expect(await page.getByTestId('confirm-order').textContent()).toContain(`(Order #${id})`);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'confirm-link-360');

    await page.getByRole('button', { name: /হ্যাঁ, অর্ডারটি চাই/ }).click();
    await page.getByTestId('confirm-done').waitFor();
    expect(await page.getByTestId('confirm-done').textContent()).toContain('অর্ডারটি কনফার্ম হয়েছে');
    await screenshot(page, 'confirm-link-done-360');
    expect(await orderOf(id)).toMatchObject({ confirmation: 'confirmed', confirmation_method: 'sms' });

    // Used once: the link now answers 404 with a friendly page.
    const again = await page.goto(link);
    expect(again?.status()).toBe(404);
    await page.getByTestId('confirm-gone').waitFor();
    await context.close();
  });

  test('with JavaScript on, the same button confirms, with no page errors; the order page tells the customer it waits until then', async ({ page: shopper, signIn, visit, orderWithLink, orderOf }) => {
    const { id, link } = await orderWithLink();
    await signIn(shopper, CUSTOMER, '/order');
    const card = shopper.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
    await card.getByTestId('order-unconfirmed').waitFor();
    const { page, errors } = await visit(link.replace(/^https?:\/\/[^/]+/, ''), { viewport: PHONE });
    await page.getByRole('button', { name: /হ্যাঁ, অর্ডারটি চাই/ }).click();
    await page.getByTestId('confirm-done').waitFor();
    expect(await orderOf(id)).toMatchObject({ confirmation: 'confirmed', confirmation_method: 'sms' });
    expect(errors).toEqual([]);
    await page.close();
    await shopper.reload({ waitUntil: 'networkidle' });
    await card.waitFor();
    expect(await card.getByTestId('order-unconfirmed').count()).toBe(0);
  });
});
