/**
 * Selling more with a coupon, in a real browser: the admin creates a 10 % coupon BOIMELA10 in the
 * back office (typed in lower case: codes are matched without regard to case), a wrong code is
 * refused first (taken code under its field, then the list shows the new one); a shopper puts a
 * book in the cart, types the code at checkout, sees the saving and the lower total (a wrong code
 * gets the Bengali message), orders cash on delivery and sees the discount on /order; the admin
 * reads the coupon and the saving on the order's invoice.
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, shopTest, taka } from './harness';

const SHOPPER = { name: 'নাসরিন আক্তার', phone_number: '01912345682', password: 'nasrin-pass-123' };
const CODE = 'BOIMELA10';
const UNKNOWN_CODE = 'কুপন কোডটি সঠিক নয়';

const test = shopTest.extend('shopOptions', { scope: 'file' }, { customer: SHOPPER });

describe('promotions: an admin creates a coupon, a shopper saves with it on the order and the invoice', () => {
  let admin: Page;
  let orderId = 0;
  let saving = 0;

  test('the admin creates the 10 % coupon through the back-office form', async ({ adminPage }) => {
    ({ page: admin } = await adminPage('/admin-promotions'));
    // The demo shop's own coupon is listed.
    await admin.locator('[data-testid="promotion-row"][data-code="WELCOME10"]').waitFor();

    await admin.getByRole('link', { name: 'New promotion' }).click();
    await admin.waitForURL((u) => u.pathname === '/admin-promotions/new');
    const form = admin.getByTestId('add-promotion');
    await form.locator('input[name="name"]').fill('বইমেলা ১০% (Boimela 10 %)');
    // The kind shows only its own fields: free delivery has no value, buy X get Y has quantities.
    await form.locator('select[name="kind"]').selectOption('free_delivery');
    expect(await form.locator('input[name="value"]').count()).toBe(0);
    await form.locator('select[name="kind"]').selectOption('buy_x_get_y');
    await form.locator('input[name="buy_quantity"]').waitFor();
    await form.locator('select[name="kind"]').selectOption('percentage');
    expect(await form.locator('input[name="buy_quantity"]').count()).toBe(0);
    // Checked in the browser with the server's schema: no value yet, a code with a space.
    await form.locator('input[name="code"]').fill('boimela 10');
    await form.getByRole('button', { name: 'Add promotion' }).click();
    await form.getByTestId('error-value').waitFor();
    await form.getByTestId('error-code').waitFor();
    await form.locator('input[name="value"]').fill('10');
    // A taken code (the demo's, in lower case) is refused by the server under the code field.
    await form.locator('input[name="code"]').fill('welcome10');
    await form.getByRole('button', { name: 'Add promotion' }).click();
    await expect.poll(() => form.getByTestId('error-code').textContent()).toContain('already used');
    await form.locator('input[name="code"]').fill(CODE.toLowerCase());
    await form.locator('input[name="applies_types"][value="books"]').check();
    await form.locator('input[name="ends_at"]').fill('2099-12-31T23:59');
    await form.locator('input[name="per_customer_limit"]').fill('1');
    await screenshot(admin, 'promotions-admin-form');
    await form.getByRole('button', { name: 'Add promotion' }).click();
    await admin.waitForURL((u) => u.pathname === '/admin-promotions');

    const row = admin.locator(`[data-testid="promotion-row"][data-code="${CODE}"]`);
    await row.waitFor();
    expect(await row.getByTestId('promotion-kind').textContent()).toContain('10% off');
    expect(await row.textContent()).toContain('2099-12-31 23:59');
    expect(await row.getByTestId('promotion-uses').textContent()).toContain('0 / ∞');
    await screenshot(admin, 'promotions-admin-list');

    // Off and on again in place; the edit page reads the Dhaka time back as it was typed.
    await row.getByTestId('promotion-active').click();
    await expect.poll(() => row.getByTestId('promotion-active').textContent()).toBe('Off');
    await row.getByTestId('promotion-active').click();
    await expect.poll(() => row.getByTestId('promotion-active').textContent()).toBe('On');
    await row.getByRole('link', { name: 'Edit' }).click();
    const edit = admin.getByTestId('update-promotion');
    await edit.waitFor();
    expect(await edit.locator('input[name="ends_at"]').inputValue()).toBe('2099-12-31T23:59');
    expect(await edit.locator('input[name="code"]').inputValue()).toBe(CODE);
    expect(await edit.locator('input[name="applies_types"][value="books"]').isChecked()).toBe(true);
  });

  test('the shopper applies the code at checkout, sees the saving and orders', async ({ page, api, signIn, fillCheckout }) => {
    const book = (await api.products('page_size=100&type=books')).find((p) => p.type === 'books' && p.is_active && p.units_stock > 5 && p.price >= 100)!;
    await signIn(page, SHOPPER, '/checkout');
    await fillCheckout(book.id, 'ক্যাশ অন ডেলিভারি');
    const total = page.getByTestId('summary-total');
    await expect.poll(async () => taka(await total.textContent())).toBeGreaterThan(0);
    const before = taka(await total.textContent());

    // A wrong code: the Bengali reason, nothing taken off.
    await page.getByTestId('coupon-input').fill('NOSUCHCODE');
    await page.getByTestId('apply-coupon').click();
    await expect.poll(() => page.getByTestId('coupon-error').textContent()).toContain(UNKNOWN_CODE);
    expect(taka(await total.textContent())).toBe(before);

    await page.getByTestId('coupon-input').fill(CODE.toLowerCase());
    await page.getByTestId('apply-coupon').click();
    const line = page.getByTestId('discount-line').filter({ hasText: CODE });
    await line.waitFor();
    saving = taka((await line.locator('dd').textContent()) ?? '');
    expect(saving).toBe(Math.floor(book.price / 10));
    await expect.poll(async () => taka(await total.textContent())).toBe(before - saving);
    await screenshot(page, 'promotions-checkout-coupon');

    await page.getByTestId('place-order').click();
    await page.waitForURL((u) => u.pathname === '/order');
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    orderId = Number(await card.getAttribute('data-order-id'));
    const discounts = card.getByTestId('order-discounts');
    expect(await discounts.textContent()).toContain(CODE);
    expect(taka(await card.getByTestId('order-total').textContent())).toBe(before - saving);
    await screenshot(page, 'promotions-order');
  });

  test('the admin sees the coupon and the saving on the invoice, and its use on the list', async ({ url, errors }) => {
    expect(orderId).toBeGreaterThan(0);
    await admin.goto(url(`/order-invoice/${orderId}`), { waitUntil: 'networkidle' });
    const discount = admin.getByTestId('order-discounts').filter({ hasText: CODE });
    await discount.waitFor();
    expect(await discount.textContent()).toContain(`− ৳ ${saving}`);
    await screenshot(admin, 'promotions-invoice');

    await admin.goto(url(`/admin-promotions?search=${CODE.toLowerCase()}`), { waitUntil: 'networkidle' });
    const row = admin.locator(`[data-testid="promotion-row"][data-code="${CODE}"]`);
    expect(await row.getByTestId('promotion-uses').textContent()).toContain('1 / ∞');
    expect(await admin.getByTestId('promotion-row').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
