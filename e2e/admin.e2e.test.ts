/**
 * The back office in headless Chromium: an admin signs in, files a new book with an
 * image and a percentage offer, sees it in the shop, changes its stock, works two customer
 * orders through their statuses and prints the invoice; a customer is shown the 403 page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, notice, screenshot, shopTest, submitAdminSignIn, type ShopApi } from './harness';

const CATEGORY = 'ই২ই-পরীক্ষা';
const AUTHOR = 'E2E Author Rahman';
const PUBLISHER = 'E2E Publisher Prokash';
const TITLE = 'E2E Admin Journey Book';
const CUSTOMER = { name: 'E2E Customer', phone_number: '01812345678', password: 'customer-pass-1' };

const test = shopTest
  // The admin's page keeps Playwright's own 30 s wait.
  .extend('shopOptions', { scope: 'file' }, { pageTimeout: 30_000 })
  /** A folder with a PNG cover and a text file that is not a picture. */
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from its destructured first parameter
  .extend('tmp', { scope: 'file' }, async ({}, { onCleanup }) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-admin-e2e-'));
    onCleanup(() => fs.rmSync(tmp, { recursive: true, force: true }));
    await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 20, g: 110, b: 100 } } })
      .png()
      .toFile(path.join(tmp, 'cover.png'));
    fs.writeFileSync(path.join(tmp, 'not-an-image.txt'), 'plain text, not a picture');
    return tmp;
  });

describe('back office', () => {
  let bookId = 0;
  let customerToken = '';

  const noticed = (page: Page, text: string) => notice(page, text).waitFor({ timeout: 15_000 });

  async function order(api: ShopApi): Promise<number> {
    return api.placeCodOrder(customerToken, [{ product: bookId, quantity: 1 }], {
      name: CUSTOMER.name,
      phone_number: CUSTOMER.phone_number,
      district: 'Dhaka',
      upazila_thana: 'Dhanmondi',
      delivery_address: 'Road 1, House 2',
      subtotal: 849,
      delivery_charge: 60,
      total: 909,
    });
  }

  async function stock(api: ShopApi): Promise<number> {
    return (await api.json<{ units_stock: number }>(undefined, 'GET', `/api/product/${bookId}/`)).body.units_stock;
  }

  test('sends a visitor to /login and back to the admin page after signing in', async ({ page, url }) => {
    await page.goto(url('/admin-books'), { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin-books');
    await submitAdminSignIn(page);
    await page.waitForURL((u) => u.pathname === '/admin-books', { timeout: 20_000 });
    await page.getByTestId('admin-sidebar').waitFor();
  });

  test('shows the dashboard counts and the profile with the admin phone', async ({ page, url }) => {
    await page.goto(url('/admin'), { waitUntil: 'networkidle' });
    expect(await page.getByTestId('count-card').count()).toBe(8);
    await expect.poll(() => page.getByTestId('count-card').filter({ hasText: 'Total books' }).innerText()).toMatch(/\d{2,}/);
    for (const link of ['/', '/admin', '/admin-customers', '/admin-books', '/admin-electronics', '/admin-stationary', '/admin-categories', '/admin-orders', '/admin-authors', '/admin-publishers', '/admin-logo', '/admin-banner', '/make-admin']) {
      expect(await page.getByTestId('admin-sidebar').locator(`a[href="${link}"]`).count()).toBe(1);
    }
    await screenshot(page, 'admin-dashboard-1280');
    await page.getByRole('button', { name: 'Profile' }).click();
    expect(await page.getByTestId('profile-phone').innerText()).toBe(ADMIN.phone);
    await page.getByTestId('profile-dialog').getByRole('button', { name: 'Close' }).click();
  });

  test('adds a category under বই, an author and a publisher', async ({ page, url }) => {
    await page.goto(url('/admin-categories'), { waitUntil: 'networkidle' });
    await page.locator('summary', { hasText: 'Add category' }).click();
    const form = page.getByTestId('add-category');
    await form.getByRole('button', { name: 'Add category' }).click();
    await expect.poll(() => page.getByTestId('error-name').innerText()).toBe('ক্যাটাগরির নাম আবশ্যক*');
    await form.locator('input[name="name"]').fill(CATEGORY);
    await form.locator('select[name="parent"]').selectOption({ label: 'বই' });
    await form.getByRole('button', { name: 'Add category' }).click();
    await noticed(page, 'Category added Successfully!');

    await page.goto(url('/admin-authors'), { waitUntil: 'networkidle' });
    await page.locator('summary', { hasText: 'Add author' }).click();
    await page.getByTestId('add-author').locator('input[name="name"]').fill(AUTHOR);
    await page.getByTestId('add-author').locator('textarea[name="description"]').fill('Writes end-to-end tests.');
    await page.getByTestId('add-author').getByRole('button', { name: 'Add author' }).click();
    await noticed(page, 'Author added Successfully!');

    await page.goto(url('/admin-publishers'), { waitUntil: 'networkidle' });
    await page.locator('summary', { hasText: 'Add publisher' }).click();
    await page.getByTestId('add-publisher').locator('input[name="name"]').fill(PUBLISHER);
    await page.getByTestId('add-publisher').getByRole('button', { name: 'Add publisher' }).click();
    await noticed(page, 'Publisher added Successfully!');
    await page.goto(url(`/admin-publishers?search=${encodeURIComponent('Prokash')}`));
    expect(await page.getByTestId('publisher-list').innerText()).toContain(PUBLISHER);
  });

  test('adds a book with an image and a 15 % offer, previewing the discount price', async ({ page, url, tmp }) => {
    await page.goto(url('/admin-books'), { waitUntil: 'networkidle' });
    await page.locator('summary', { hasText: 'Add book' }).click();
    const form = page.getByTestId('add-product');
    // Required fields are refused in the browser with the API's own messages, and nothing typed is lost.
    await form.locator('input[name="english_title"]').fill(TITLE);
    await form.getByRole('button', { name: 'Add book' }).click();
    await expect.poll(() => form.getByTestId('error-image').innerText()).toBe('Books image is required*');
    expect(await form.getByTestId('error-regular_price').innerText()).toBe('Regular Price is required*');
    expect(await form.locator('input[name="english_title"]').inputValue()).toBe(TITLE);

    await form.locator('input[name="bangla_title"]').fill('ই২ই বই');
    await form.locator('select[name="category"]').selectOption({ label: `বই -> ${CATEGORY}` });
    await form.locator('select[name="author"]').selectOption({ label: AUTHOR });
    await form.locator('select[name="publisher"]').selectOption({ label: PUBLISHER });
    await form.locator('input[name="purchase_from"]').fill('Banglabazar wholesale');
    await form.locator('input[name="purchase_price"]').fill('600');
    await form.locator('input[name="regular_price"]').fill('999');
    await form.locator('select[name="offer_type"]').selectOption('Percentage');
    await form.locator('input[name="percentage"]').fill('15');
    await expect.poll(() => form.getByTestId('discount-preview').innerText()).toContain('৳ 849');
    await form.locator('input[name="units_stock"]').fill('50');

    // A non-image is refused before uploading; a real PNG is previewed.
    await form.locator('input[name="image"]').setInputFiles(path.join(tmp, 'not-an-image.txt'));
    await expect.poll(() => form.getByTestId('error-image').innerText()).toContain('Choose an image file');
    expect(await form.getByTestId('preview-image').count()).toBe(0);
    await form.locator('input[name="image"]').setInputFiles(path.join(tmp, 'cover.png'));
    await form.getByTestId('preview-image').waitFor();

    await form.getByRole('button', { name: 'Add book' }).click();
    await noticed(page, 'Book added Successfully!');

    await page.goto(url(`/admin-books?search=${encodeURIComponent(TITLE)}`), { waitUntil: 'networkidle' });
    const row = page.getByTestId('search-table').getByTestId('product-row').first();
    const cells = await row.locator('td').allInnerTexts();
    bookId = Number(cells[0]);
    expect(bookId).toBeGreaterThan(0);
    expect(cells).toContain(TITLE);
    expect(cells).toContain(CATEGORY);
    expect(cells).toContain('999');
    expect(cells).toContain('849');
    expect(cells).toContain('50');
    expect(await row.locator('img').count()).toBe(1);
    await screenshot(page, 'admin-books-1280');

    await page.goto(url('/admin-books?search=zzzz-no-such-book-qqq'));
    expect(await page.getByTestId('search-table').getByTestId('empty').innerText()).toBe('Sorry, No result found!');
  });

  test('shows the book in the shop with the right price and badge; a stock of 3 shows the low-stock notice', async ({ server, page, url }) => {
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.baseUrl }]);
    const shop = await page.context().newPage();
    await shop.goto(url(`/books/${bookId}`));
    const text = await shop.locator('#main').innerText();
    expect(text).toContain(TITLE);
    expect(text).toContain('849');
    expect(text).toContain('999');
    expect(text).toContain('15% off');
    expect(text).not.toContain('pcs in stock');

    await page.goto(url(`/update-book/${bookId}`), { waitUntil: 'networkidle' });
    const form = page.getByTestId('update-product');
    expect(await form.locator('input[name="english_title"]').inputValue()).toBe(TITLE);
    expect(await form.locator('select[name="offer_type"]').inputValue()).toBe('Percentage');
    expect(await form.locator('input[name="percentage"]').inputValue()).toBe('15');
    await form.locator('input[name="units_stock"]').fill('3');
    await form.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL((u) => u.pathname === '/admin-books');
    await noticed(page, 'Book updated Successfully!');

    await shop.goto(url(`/books/${bookId}`));
    expect(await shop.locator('#main').innerText()).toContain('Last 3 pcs in stock!');
    await shop.close();
  });

  test('refuses to delete a category that still holds books, with the reason', async ({ page, url }) => {
    await page.goto(url(`/admin-categories?search=${encodeURIComponent(CATEGORY)}`), { waitUntil: 'networkidle' });
    const row = page.getByTestId('category-list').locator('tr', { hasText: CATEGORY }).first();
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    expect(await dialog.innerText()).toContain('Are you sure to delete category?');
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await row.getByTestId('category-in-use').waitFor();
    expect(await row.getByTestId('category-in-use').innerText()).toContain('1 products');
  });

  test('works two customer orders: Delivered with an invoice, Cancelled with the stock put back', async ({ page, url, api }) => {
    const reg = await api.json<{ token: { access: string } }>(undefined, 'POST', '/register_user/', CUSTOMER);
    expect(reg.status).toBeLessThan(300);
    customerToken = reg.body.token.access;
    const first = await order(api);
    const second = await order(api);
    expect(await stock(api)).toBe(1);

    await page.goto(url('/admin-orders'), { waitUntil: 'networkidle' });
    await page.getByRole('search').locator('input[name="search"]').fill(CUSTOMER.phone_number);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/search=/);
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(2);

    const firstRow = page.locator(`[data-testid="order-row"][data-order-id="${first}"]`);
    expect(await firstRow.getByTestId('order-status').innerText()).toBe('Pending');
    await firstRow.getByRole('button', { name: 'Delivered' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes, change it' }).click();
    await expect.poll(() => firstRow.getByTestId('order-status').innerText()).toBe('Delivered');
    for (const name of ['Delivered', 'Returned', 'Cancelled']) expect(await firstRow.getByRole('button', { name }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-orders-1280');

    // The number rings the customer (a tel: link); the name opens the order.
    await firstRow.getByRole('link', { name: CUSTOMER.name }).click();
    await page.waitForURL(new RegExp(`/order-invoice/${first}$`));
    const invoice = page.getByTestId('invoice');
    const text = await invoice.innerText();
    expect(text).toContain(`#${first}`);
    expect(text).toContain(TITLE);
    expect(text).toContain(CUSTOMER.name);
    expect(await page.getByTestId('invoice-total').innerText()).toBe('৳ 909');
    expect(await page.getByTestId('invoice-status').innerText()).toBe('Delivered');
    await screenshot(page, 'admin-invoice-1280');
    // On paper: no sidebar, no buttons, no store header.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('admin-sidebar').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await invoice.isVisible()).toBe(true);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.byteLength).toBeGreaterThan(1000);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((u) => u.pathname === '/admin-orders');

    const secondRow = page.locator(`[data-testid="order-row"][data-order-id="${second}"]`);
    await secondRow.getByRole('button', { name: 'Cancelled' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes, change it' }).click();
    await expect.poll(() => secondRow.getByTestId('order-status').innerText()).toBe('Cancelled');
    expect(await secondRow.getByRole('button', { name: 'Delivered' }).isDisabled()).toBe(true);
    expect(await stock(api)).toBe(2);
  });

  test('lists the cancellation text message in the SMS log', async ({ page, url }) => {
    await page.goto(url(`/admin-sms?phone_number=${CUSTOMER.phone_number}`), { waitUntil: 'networkidle' });
    expect(await page.getByTestId('sms-row').count()).toBeGreaterThan(0);
  });

  test('adds a logo with a preview and deletes it after the confirm', async ({ page, url, tmp }) => {
    await page.goto(url('/admin-logo'), { waitUntil: 'networkidle' });
    const before = await page.getByTestId('logo-list').locator('tbody tr').count();
    await page.getByRole('button', { name: 'Add logo' }).click();
    await expect.poll(() => page.getByTestId('error-image').innerText()).toBe('Logo image required*');
    await page.locator('input[name="image"]').setInputFiles(path.join(tmp, 'cover.png'));
    await page.getByTestId('preview-image').waitFor();
    await page.locator('input[name="alt_text"]').fill('E2E logo');
    await page.getByRole('button', { name: 'Add logo' }).click();
    await noticed(page, 'Logo added Successfully!');
    const row = page.getByTestId('logo-list').locator('tr', { hasText: 'E2E logo' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    expect(await page.getByTestId('confirm-dialog').innerText()).toContain('Are you sure to delete logo?');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await noticed(page, 'Logo deleted!');
    await expect.poll(() => page.getByTestId('logo-list').locator('tr', { hasText: 'E2E logo' }).count()).toBe(0);
    expect(await page.getByTestId('logo-list').locator('tbody tr').count()).toBe(Math.max(before, 1));
  });

  test('opens an electronics product prefilled and Cancel goes back to the list', async ({ page, url }) => {
    await page.goto(url('/admin-electronics'), { waitUntil: 'networkidle' });
    const first = page.getByTestId('product-list').getByTestId('product-row').first();
    const title = (await first.locator('td').nth(1).innerText()).trim();
    await first.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/update-electronics/'));
    const form = page.getByTestId('update-product');
    await form.waitFor();
    expect(await form.locator('input[name="english_title"]').inputValue()).toBe(title.replace(/\s*inactive$/, ''));
    expect(await form.locator('input[name="warranty"]').count()).toBe(1);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((u) => u.pathname === '/admin-electronics');
  });

  test('saves the shop settings (a delivery charge) through PUT /api/settings/', async ({ page, url, api }) => {
    await page.goto(url('/admin-settings'), { waitUntil: 'networkidle' });
    await page.locator('input[name="delivery_charge_1"]').fill('90');
    await page.locator('input[name="shop_name"]').fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByTestId('error-shop_name').waitFor();
    expect(await page.locator('input[name="delivery_charge_1"]').inputValue()).toBe('90');
    await page.locator('input[name="shop_name"]').fill('হাট বুকশপ');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await noticed(page, 'Settings saved!');
    const settings = await api.json<{ delivery_options: { charge: number }[] }>(undefined, 'GET', '/api/settings/');
    expect(settings.body.delivery_options[1]?.charge).toBe(90);
  });

  test('lists the customer, and makes an admin (the server refusing a taken phone keeps what was typed)', async ({ page, url }) => {
    await page.goto(url(`/admin-customers?search=${CUSTOMER.phone_number}`), { waitUntil: 'networkidle' });
    const row = page.getByTestId('customer-list').locator('tbody tr').first();
    expect(await row.innerText()).toContain(CUSTOMER.phone_number);
    expect(await row.innerText()).toContain('Customer');

    await page.goto(url('/make-admin'), { waitUntil: 'networkidle' });
    const form = page.getByTestId('make-admin');
    await form.locator('input[name="name"]').fill('Second Admin');
    await form.locator('input[name="phone_number"]').fill(ADMIN.phone);
    await form.locator('input[name="password"]').fill('second-admin-pass');
    await form.getByRole('button', { name: 'Create admin' }).click();
    await expect.poll(() => form.getByTestId('error-phone_number').innerText()).toContain('Phone Number is already exist!');
    expect(await form.locator('input[name="name"]').inputValue()).toBe('Second Admin');
    await form.locator('input[name="phone_number"]').fill('01911222333');
    await form.getByRole('button', { name: 'Create admin' }).click();
    await noticed(page, 'Admin created Successfully!');
    await expect.poll(() => page.getByTestId('admin-list').innerText()).toContain('01911222333');
  });

  test('shows a customer the 403 page on /admin-books', async ({ browser, url }) => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const res = await ctx.request.post(url('/login/'), { data: { phone_number: CUSTOMER.phone_number, password: CUSTOMER.password } });
    expect(res.status()).toBe(200);
    const customerPage = await ctx.newPage();
    const answer = await customerPage.goto(url('/admin-books'));
    expect(answer?.status()).toBe(403);
    expect(await customerPage.getByTestId('admin-error-403').innerText()).toContain('403');
    expect(await customerPage.getByTestId('admin-sidebar').count()).toBe(0);
    expect(await customerPage.locator('body').innerText()).not.toContain(TITLE);
    await ctx.close();
  });

  test('raised no errors in the page', ({ errors }) => {
    expect(errors).toEqual([]);
  });
});
