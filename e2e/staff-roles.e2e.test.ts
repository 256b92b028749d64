/**
 * A team with roles in headless Chromium (issue 35). The owner adds a packer on /admin-staff;
 * the packer signs in, sees only their screens (Packing, no Settings), is shown the 403 page on
 * /admin-settings and refused the settings call, and prints the labels of a booked parcel. The
 * owner makes an accountant, who signs in, opens /admin-orders for this month's Dhaka days and
 * downloads the orders export as CSV: one row per line, the month's order in it; the month's
 * reports draw the sales chart and the top books.
 */
import fs from 'node:fs';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { notice, screenshot, shopTest, type Shopper } from './harness';

const CUSTOMER = { name: 'Team Buyer', phone_number: '01944000444', password: 'team-buyer-123' };
const PACKER: Shopper = { name: 'Packer Palash', phone_number: '01955000555', password: 'packer-pass-123' };
const ACCOUNTANT: Shopper = { name: 'Accountant Anika', phone_number: '01955000666', password: 'accountant-pass-123' };

const test = shopTest
  .extend('shopOptions', { scope: 'file' }, async ({ steadfast }) => ({ env: { ...steadfast.env }, customer: CUSTOMER, pageTimeout: 30_000 }))
  .extend('staff', { scope: 'file' }, async ({ api }) => (await api.adminHeaders()).authorization!.slice('Bearer '.length));

/** Today's Dhaka calendar day, and the first of its month (YYYY-MM-DD). */
function dhakaMonth(): { from: string; to: string } {
  const today = new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

const sidebar = (page: Page) => page.getByTestId('admin-sidebar').locator('nav a').allInnerTexts();

describe('a team with roles', () => {
  test('the owner adds a packer, who prints labels but is refused the settings', async ({ api, staff, adminPage, shopperPage, signIn, url, errors }) => {
    const { context: owner, page } = await adminPage('/admin-staff');
    const form = page.getByTestId('staff-invite');
    await form.locator('input[name="phone_number"]').fill(PACKER.phone_number);
    await form.locator('input[name="name"]').fill(PACKER.name);
    await form.locator('select[name="role"]').selectOption('packer');
    await form.locator('input[name="password"]').fill(PACKER.password);
    await form.getByRole('button', { name: 'Add to the team' }).click();
    await notice(page, 'Added to the team.').waitFor();
    await expect.poll(() => page.getByTestId(`staff-${PACKER.phone_number}`).locator('select').inputValue()).toBe('packer');
    await screenshot(page, 'staff-team');
    await owner.close();

    // A booked parcel to print.
    const book = (await api.products('type=books&page_size=100')).find((p) => p.is_active && p.units_stock >= 3 && p.price > 0)!;
    const buyer = await api.token(CUSTOMER.phone_number, CUSTOMER.password);
    const orderId = await api.placeCodOrder(buyer, [{ product: book.id, quantity: 1 }]);
    expect((await api.json(staff, 'POST', `/api/order/${orderId}/shipment/`, { courier: 'steadfast' })).status).toBe(200);

    const { context, page: packer } = await shopperPage();
    await signIn(packer, PACKER, '/admin-packing');
    const links = await sidebar(packer);
    expect(links).toEqual(expect.arrayContaining(['Orders', 'Packing']));
    expect(links).not.toContain('Settings');
    expect(links).not.toContain('Books');
    expect(await packer.getByTestId('admin-role').innerText()).toBe('Packer');
    const labels = await packer.getByTestId('print-to-pack').getByTestId('print-labels-a4').first().getAttribute('href');
    expect(labels).toContain(String(orderId));
    const pdf = await packer.request.get(url(labels!));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(packer, 'staff-packer-desk');

    const refused = await packer.goto(url('/admin-settings'));
    expect(refused?.status()).toBe(403);
    expect(await packer.getByTestId('admin-error-403').innerText()).toContain('Not for your role');
    await screenshot(packer, 'staff-packer-refused-settings');
    const token = await api.token(PACKER.phone_number, PACKER.password);
    expect((await api.call(token, 'PUT', '/api/settings/', { shop_name: 'Taken over' })).status).toBe(403);
    await context.close();
    expect(errors).toEqual([]);
  });

  test("an accountant exports the month's orders", async ({ api, staff, shopperPage, signIn, url, errors }) => {
    const made = await api.json<{ user: { role: string } }>(staff, 'POST', '/makeAdmin/', { ...ACCOUNTANT, role: 'accountant' });
    expect(made.status).toBe(200);
    expect(made.body.user.role).toBe('accountant');
    const book = (await api.products('type=books&page_size=100')).find((p) => p.is_active && p.units_stock >= 3 && p.price > 0)!;
    const buyer = await api.token(CUSTOMER.phone_number, CUSTOMER.password);
    const orderId = await api.placeCodOrder(buyer, [{ product: book.id, quantity: 2 }]);

    const { from, to } = dhakaMonth();
    const { context, page } = await shopperPage();
    await signIn(page, ACCOUNTANT, '/admin-orders');
    await page.goto(url(`/admin-orders?from=${from}&to=${to}`), { waitUntil: 'networkidle' });
    const links = await sidebar(page);
    expect(links).toEqual(expect.arrayContaining(['Orders', 'Reports', 'Courier payouts']));
    expect(links).not.toContain('Settings');
    const csvLink = page.getByTestId('export-csv');
    expect(await csvLink.getAttribute('href')).toBe(`/api/order/export.csv?from=${from}&to=${to}`);
    const [download] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = text.slice(1).trim().split(/\r?\n/);
    expect(rows[0]!.split(',').slice(0, 3)).toEqual(['order_id', 'placed_at', 'status']);
    const mine = rows.filter((r) => r.startsWith(`${orderId},`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain(`,${book.id},`);
    await screenshot(page, 'staff-accountant-orders');

    // The month's reports: the sales chart and the top books drawn, the order's book among them.
    await page.goto(url(`/admin-reports?from=${from}&to=${to}`), { waitUntil: 'networkidle' });
    expect(await page.getByTestId('sales-chart').locator('rect').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('top-product-chart').locator('rect').count()).toBeGreaterThan(0);
    expect(await page.locator('main').innerText()).toContain(book.english_title);
    await screenshot(page, 'staff-accountant-reports');
    await context.close();
    expect(errors).toEqual([]);
  });
});
