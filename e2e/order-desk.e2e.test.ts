/**
 * The COD order desk in headless Chromium (issue 33): staff take a phone order for a new number
 * on /admin-orders/new (product search, the address pickers, the server's figures before saving),
 * then edit it on the order screen before booking — a quantity changed, the figures and the stock
 * follow — and once it is booked it can no longer be edited; a number with a returned order shows
 * the "returns before" badge in /admin-orders, whose form filters by source and Dhaka days; and
 * with confirmation by staff set on the settings screen, the "to confirm" view is worked from the
 * keyboard (j to the row, c to confirm it, x asks before cancelling, Enter opens it).
 */
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { notice, screenshot, shopTest, taka, type ApiProduct, type ShopApi } from './harness';

const NEW_NUMBER = '01911000111';
const RETURNER = '01922000222';
const CUSTOMER = { name: 'Web Buyer', phone_number: '01933000333', password: 'buyer-pass-123' };

const test = shopTest.extend('shopOptions', { scope: 'file' }, async ({ steadfast }) => ({ env: { ...steadfast.env }, customer: CUSTOMER, pageTimeout: 30_000 }));

type Order = { id: number; total: number; subtotal: number; source: string; confirmation: string; items: { product: number; quantity: number }[] };

async function stockOf(api: ShopApi, id: number): Promise<number> {
  return (await api.json<{ units_stock: number }>(undefined, 'GET', `/api/product/${id}/`)).body.units_stock;
}

/** The admin's API token, signed in once for the file. */
let adminToken = '';
async function staffToken(api: ShopApi): Promise<string> {
  return (adminToken ||= (await api.adminHeaders()).authorization!.slice(7));
}

async function orderOf(api: ShopApi, id: number): Promise<Order> {
  return (await api.json<Order>(await staffToken(api), 'GET', `/api/order/${id}/`)).body;
}

/** A book with stock to spare that the search box finds by its title. */
async function bookInStock(api: ShopApi, skip: number[] = []): Promise<ApiProduct> {
  return (await api.products('type=books&page_size=100')).find((p) => p.is_active && p.units_stock >= 6 && p.price > 0 && !skip.includes(p.id) && /^[\x20-\x7e]{6,}$/.test(p.english_title))!;
}

/** The figures box once the server has answered for what is on screen. */
async function figuresTotal(page: Page, testId: string): Promise<number> {
  await page.locator(`[data-testid="${testId}"][data-state="ok"]`).waitFor();
  return taka(await page.getByTestId(`${testId}-total`).textContent());
}

async function staffOrder(api: ShopApi, token: string, phone: string, product: number) {
  const res = await api.json<{ order: { id: number } }>(token, 'POST', '/api/order/', {
    customer_phone: phone,
    name: 'Returning Buyer',
    district: 'Dhaka',
    upazila_thana: 'Mirpur',
    delivery_address: 'House 3, Road 4',
    delivery_option: 'dhaka_home',
    payment_option: 'cod',
    lines: [{ product, quantity: 1 }],
    source: 'facebook',
  });
  expect(res.status).toBe(201);
  return res.body.order.id;
}

describe('the order desk', () => {
  test('staff take a phone order for a new number, see the figures and save it; then edit it before booking', async ({ api, adminPage, url, errors }) => {
    const book = await bookInStock(api);
    const before = await stockOf(api, book.id);
    const { context, page } = await adminPage('/admin-orders/new');

    // Usable on a phone: nothing wider than 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('new-order-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'order-desk-new-360');
    await page.setViewportSize({ width: 1280, height: 900 });

    const form = page.getByTestId('new-order-form');
    // Refused in the browser with the server's own message, under the field.
    await form.getByRole('button', { name: 'Save order' }).click();
    await form.getByTestId('error-customer_phone').waitFor();

    await form.locator('input[name="customer_phone"]').fill(NEW_NUMBER);
    await form.getByLabel('Name', { exact: true }).fill('Phone Buyer');
    await form.getByLabel('Order came by').selectOption('phone');
    await form.getByLabel('Add a product (title, author or ISBN)').fill(book.english_title.split(' ').slice(0, 3).join(' '));
    await form.locator(`[data-testid="product-hit"][data-product-id="${book.id}"]`).getByRole('button', { name: 'Add' }).click();
    await form.locator(`[data-testid="desk-line"][data-product-id="${book.id}"]`).waitFor();
    await form.locator('input[name="district"]').fill('Dhaka');
    await form.locator('input[name="upazila_thana"]').fill('Mirpur');
    await form.locator('textarea[name="delivery_address"]').fill('House 12, Road 3, Mirpur 10');
    await form.getByLabel('Staff note (only staff see it)').fill('Called at 10; wants it before Friday.');

    // The server's figures for one copy with home delivery in Dhaka, before saving.
    const quoted = await figuresTotal(page, 'desk-figures');
    expect(taka(await page.getByTestId('desk-figures-subtotal').textContent())).toBe(book.price);
    expect(taka(await page.getByTestId('desk-figures-delivery').textContent())).toBe(60);
    await screenshot(page, 'order-desk-new-1280');
    await form.getByRole('button', { name: 'Save order' }).click();
    await page.waitForURL((u) => /^\/order-invoice\/\d+$/.test(u.pathname));
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    const placed = await orderOf(api, id);
    expect(placed).toMatchObject({ total: quoted, source: 'phone', confirmation: 'confirmed' });
    expect(await stockOf(api, book.id)).toBe(before - 1);
    // The order screen: where it came from, the staff note, a new buyer's record.
    const desk = page.getByTestId('desk-panel');
    expect(await desk.getByTestId('order-source').textContent()).toBe('Phone');
    expect(await desk.getByTestId('staff-note').textContent()).toContain('wants it before Friday');
    expect(await desk.getByTestId('buyer-badge').getAttribute('data-badge')).toBe('new');
    expect(taka(await page.getByTestId('invoice-total').textContent())).toBe(quoted);

    // Edit before booking: three copies; the server's new figures show before saving.
    await page.getByTestId('edit-order').locator('summary').click();
    const edit = page.getByTestId('edit-order');
    await edit.getByTestId('desk-line-quantity').fill('3');
    await expect.poll(async () => taka(await edit.getByTestId('edit-figures-subtotal').textContent())).toBe(book.price * 3);
    const edited = await figuresTotal(page, 'edit-figures');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await notice(page, 'The order was updated.').waitFor();
    await expect.poll(async () => taka(await page.getByTestId('invoice-total').textContent())).toBe(edited);
    const after = await orderOf(api, id);
    expect(after.total).toBe(edited);
    expect(after.items.map((i) => [i.product, i.quantity])).toEqual([[book.id, 3]]);
    expect(await stockOf(api, book.id)).toBe(before - 3);
    // The edit's history row: who, and the lines and figures before and after.
    const history = page.getByTestId('order-edit');
    await expect.poll(() => history.count()).toBe(1);
    expect(await history.textContent()).toContain(`${book.english_title} × 3`);
    expect(await history.textContent()).toContain(String(edited));
    await screenshot(page, 'order-desk-edited');
    // The buyer's record, the note and the edit panel stay off paper.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('desk-panel').isVisible()).toBe(false);
    expect(await page.getByTestId('edit-order').isVisible()).toBe(false);
    expect(await page.getByTestId('invoice').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Booked, it can no longer be edited.
    await page.getByTestId('shipment-panel').getByTestId('book-parcel').click();
    const dialog = page.getByTestId('book-parcel-dialog');
    await dialog.getByLabel('Steadfast').check();
    await dialog.getByTestId('book-parcel-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(url(`/order-invoice/${id}`), { waitUntil: 'networkidle' });
    await page.getByTestId('desk-panel').waitFor();
    expect(await page.getByTestId('edit-order').count()).toBe(0);
    await context.close();
    expect(errors).toEqual([]);
  });

  test('a number with a returned order shows "returns before" in the order list, which filters by source and Dhaka day', async ({ api, adminPage, errors }) => {
    const token = await staffToken(api);
    const book = await bookInStock(api);
    const first = await staffOrder(api, token, RETURNER, book.id);
    expect((await api.json(token, 'PUT', `/api/order/${first}/`, { status: 'Returned' })).status).toBe(200);
    const second = await staffOrder(api, token, RETURNER, book.id);

    const { context, page } = await adminPage(`/admin-orders?search=${RETURNER}`);
    const row = page.locator(`[data-testid="order-row"][data-order-id="${second}"]`);
    const badge = row.getByTestId('buyer-badge');
    expect(await badge.getAttribute('data-badge')).toBe('returns');
    expect(await badge.textContent()).toContain('Returns before');
    expect(await badge.getAttribute('title')).toContain('1 returned');
    // The phone number rings the buyer; the order opens from its number.
    expect(await row.getByTestId('order-phone').getAttribute('href')).toBe(`tel:${RETURNER}`);
    await screenshot(page, 'order-desk-badge');

    // The filter form: orders that came by Facebook today (a Dhaka day); the phone order of the first journey is left out.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
    await page.getByRole('link', { name: 'Clear' }).first().click();
    await page.waitForURL((u) => !u.search.includes('search='));
    const filters = page.getByTestId('order-filter-form');
    await filters.locator('select[name="source"]').selectOption('facebook');
    await filters.locator('input[name="from"]').fill(today);
    await filters.locator('input[name="to"]').fill(today);
    await filters.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL((u) => u.searchParams.get('source') === 'facebook' && u.searchParams.get('from') === today);
    await expect.poll(() => page.getByTestId('order-row').evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-order-id'))))).toEqual([second, first]);
    await context.close();
    expect(errors).toEqual([]);
  });

  test('the settings ask staff to confirm; the "to confirm" view lists those orders oldest first and confirms one from the keyboard', async ({ api, adminPage, url, errors }) => {
    const token = await staffToken(api);
    const { context, page } = await adminPage('/admin-settings');
    const settings = page.getByTestId('desk-settings');
    await settings.locator('select[name="order_confirmation"]').selectOption('staff');
    await settings.locator('input[name="unconfirmed_cancel_hours"]').fill('24');
    await settings.locator('textarea[name="new_order_alert_phones"]').fill('01711000000\n12345');
    await page.getByRole('button', { name: 'Save settings' }).click();
    expect(await settings.getByTestId('error-new_order_alert_phones').textContent()).toContain('01XXXXXXXXX');
    await settings.locator('textarea[name="new_order_alert_phones"]').fill('01711000000');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await notice(page, 'Settings saved!').waitFor();
    await screenshot(page, 'order-desk-settings');
    const saved = (await api.json<Record<string, unknown>>(token, 'GET', '/api/settings/')).body;
    expect(saved).toMatchObject({ order_confirmation: 'staff', unconfirmed_cancel_hours: 24, new_order_alert_phones: ['01711000000'] });

    const buyer = await api.token(CUSTOMER.phone_number, CUSTOMER.password);
    const book = await bookInStock(api);
    const placed: number[] = [];
    for (let i = 0; i < 2; i++) {
      placed.push(await api.placeCodOrder(buyer, [{ product: book.id, quantity: 1 }], { name: CUSTOMER.name, phone_number: CUSTOMER.phone_number }));
    }

    await page.goto(url('/admin-orders'), { waitUntil: 'networkidle' });
    expect(Number(await page.getByTestId('to-confirm-count').textContent())).toBe(2);
    await page.getByTestId('to-confirm').click();
    await page.waitForURL((u) => u.searchParams.get('confirmation') === 'unconfirmed' && u.searchParams.get('ordering') === 'id');
    await page.getByTestId('shortcut-legend').waitFor();
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-order-id'))))).toEqual(placed);

    // Keys rest while typing in the search box.
    await page.getByRole('searchbox').focus();
    await page.keyboard.press('j');
    expect(await page.locator('[data-testid="order-row"][data-focused="true"]').count()).toBe(0);
    await page.getByRole('searchbox').blur();

    await page.keyboard.press('j');
    await expect.poll(() => page.locator('[data-focused="true"]').getAttribute('data-order-id')).toBe(String(placed[0]));
    await screenshot(page, 'order-desk-to-confirm');
    await page.keyboard.press('c');
    await notice(page, `Order #${placed[0]} confirmed.`).waitFor();
    await expect.poll(async () => (await orderOf(api, placed[0]!)).confirmation).toBe('confirmed');
    await expect.poll(() => page.getByTestId('to-confirm-count').textContent()).toBe('1');

    // x asks before it cancels; No leaves the order as it was.
    await expect.poll(() => page.locator('[data-focused="true"]').getAttribute('data-order-id')).toBe(String(placed[1]));
    await page.keyboard.press('x');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'No' }).click();
    expect((await orderOf(api, placed[1]!)).confirmation).toBe('unconfirmed');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/order-invoice/${placed[1]}`);
    // Its screen offers the call's confirmation, not a parcel, until it is confirmed.
    await page.getByTestId('desk-panel').getByTestId('confirm-order').waitFor();
    expect(await page.getByTestId('shipment-panel').getByTestId('book-parcel').count()).toBe(0);
    await page.getByTestId('confirm-note').fill('Asked for delivery after 5 pm.');
    await page.getByTestId('desk-panel').getByTestId('confirm-order').click();
    await expect.poll(() => page.getByTestId('desk-panel').getByTestId('confirmation').getAttribute('data-confirmation')).toBe('confirmed');
    expect(await page.getByTestId('staff-note').textContent()).toContain('Asked for delivery after 5 pm.');
    await page.getByTestId('shipment-panel').getByTestId('book-parcel').waitFor();
    await context.close();
    expect((await api.json(token, 'PUT', '/api/settings/', { order_confirmation: 'none', new_order_alert_phones: [] })).status).toBe(200);
    expect(errors).toEqual([]);
  });
});
