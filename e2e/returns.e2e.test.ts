/**
 * Returns in headless Chromium (issue 34). A customer asks for a return of a delivered order on
 * a 360 px phone — a line, a reason and a photo — and sees the request's state on /order; staff
 * approve it on /admin-returns and the customer gets the SMS. A packer takes in a parcel that came
 * back: booked with the Steadfast fake, reported cancelled through its webhook (the shop asks the
 * courier), the order is Returned with the goods on their way back and stock unchanged; pressing
 * "Received" on the order screen, with a condition per line, puts the stock back once, and the
 * return shows under "received today". On the order screen staff also make a return of a paid
 * order (received damaged: no stock, and the refund dialog follows, recorded by hand), exchange
 * a return for another book (a new order, the difference said), and record a partial delivery.
 */
import { describe, expect } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { notice, screenshot, shopTest, type ApiProduct, type ShopApi } from './harness';

const CUSTOMER = { name: 'ফেরত ক্রেতা', phone_number: '01955000555', password: 'return-pass-123' };
const PHONE = { width: 360, height: 740 };
const WEBHOOK_TOKEN = 'e2e-returns-webhook-token';

const test = shopTest
  .extend('shopOptions', { scope: 'file' }, async ({ steadfast }) => ({ env: { ...steadfast.env, STEADFAST_WEBHOOK_TOKEN: WEBHOOK_TOKEN }, customer: CUSTOMER, pageTimeout: 30_000 }))
  .extend('staff', { scope: 'file' }, async ({ api }) => (await api.adminHeaders()).authorization!.slice('Bearer '.length));

/** A book with stock to spare (not one another journey of the file took). */
async function bookInStock(api: ShopApi, skip: number[] = []): Promise<ApiProduct> {
  return (await api.products('type=books&page_size=100')).find((p) => p.is_active && p.units_stock >= 5 && p.price > 0 && !skip.includes(p.id))!;
}

async function stockOf(api: ShopApi, id: number): Promise<number> {
  return (await api.json<{ units_stock: number }>(undefined, 'GET', `/api/product/${id}/`)).body.units_stock;
}

type StaffOrder = { status: string; return_status: string | null; consignment_id: string | null; returns: { id: number; status: string }[] };

/** The customer's order, placed cash on delivery; answers its id. */
async function placeOrder(api: ShopApi, lines: { product: number; quantity: number }[]): Promise<number> {
  const token = await api.token(CUSTOMER.phone_number, CUSTOMER.password);
  return api.placeCodOrder(token, lines, { name: CUSTOMER.name, phone_number: CUSTOMER.phone_number });
}

const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('returns', () => {
  let requestedOrder = 0;

  test('a customer asks for a return with a photo on a 360 px phone, and sees it waiting', async ({ api, staff, browser, signIn, errors }) => {
    const book = await bookInStock(api);
    requestedOrder = await placeOrder(api, [{ product: book.id, quantity: 2 }]);
    expect((await api.json(staff, 'PUT', `/api/order/${requestedOrder}/`, { status: 'Delivered' })).status).toBe(200);

    const context = await browser.newContext({ viewport: PHONE });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, CUSTOMER, '/order');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${requestedOrder}"]`);
    await card.getByTestId('return-request-open').click();
    const form = card.getByTestId('return-form');
    await form.waitFor();

    // Refused in the browser with the server's own message: nothing chosen.
    await form.getByTestId('return-submit').click();
    await form.getByTestId('error-lines').waitFor();

    await form.getByTestId('return-line').first().locator('input[type="checkbox"]').check();
    await form.getByTestId('return-line').first().locator('select').selectOption('1');
    await form.locator('textarea[name="reason"]').fill('বইয়ের কয়েকটি পাতা ছেঁড়া।');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 60, b: 40 } } })
      .png()
      .toBuffer();
    const input = form.getByTestId('return-photos-input');
    expect(await input.getAttribute('accept')).toBe('image/*');
    expect(await input.getAttribute('capture')).toBe('environment');
    await input.setInputFiles({ name: 'torn-page.png', mimeType: 'image/png', buffer: photo });
    await form.getByTestId('return-photo-list').getByText('torn-page.png').waitFor();
    expect(await widthOf(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'returns-request-360');

    await form.getByTestId('return-submit').click();
    await notice(page, 'ফেরতের অনুরোধ').waitFor();
    const shown = card.getByTestId('customer-return');
    await expect.poll(() => shown.getAttribute('data-status')).toBe('requested');
    expect(await shown.getByTestId('customer-return-status').textContent()).toBe('অনুরোধ করা হয়েছে');
    expect(await widthOf(page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'returns-requested-360');

    // What the shop got: one line of one unit, the reason, and the photo re-encoded.
    const order = (await api.json<StaffOrder & { returns: { lines: { quantity: number }[]; photos: string[]; reason: string }[] }>(staff, 'GET', `/api/order/${requestedOrder}/`)).body;
    expect(order.returns).toHaveLength(1);
    expect(order.returns[0]!.lines.map((l) => l.quantity)).toEqual([1]);
    expect(order.returns[0]!.reason).toBe('বইয়ের কয়েকটি পাতা ছেঁড়া।');
    expect(order.returns[0]!.photos).toHaveLength(1);
    expect((await fetch(new URL(order.returns[0]!.photos[0]!, page.url()))).headers.get('content-type')).toContain('image/');
    await context.close();
    expect(errors).toEqual([]);
  });

  test('staff approve the request on /admin-returns; the customer gets the SMS and sees it approved', async ({ api, staff, adminPage, page, signIn, errors }) => {
    const { context, page: admin } = await adminPage('/admin-returns');
    const row = admin.locator(`[data-testid="return-request-row"][data-order-id="${requestedOrder}"]`);
    // The customer's photo, as the shop stored it.
    await expect.poll(() => row.getByTestId('return-photo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(admin, 'returns-admin-requests');
    await row.getByTestId('approve-return').click();
    await admin.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes, approve' }).click();
    await notice(admin, 'approved').waitFor();
    // Now on its way back, in the second list.
    await admin.locator(`[data-testid="return-transit-row"][data-order-id="${requestedOrder}"]`).waitFor();
    expect(await row.count()).toBe(0);
    await context.close();

    const sms = (await api.smsTo(CUSTOMER.phone_number, { authorization: `Bearer ${staff}` })).filter((m) => m.kind === 'return_decision');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain(`অর্ডার #${requestedOrder}-এর ফেরতের অনুরোধ গ্রহণ করা হয়েছে`);

    await signIn(page, CUSTOMER, '/order');
    const shown = page.locator(`[data-testid="order-card"][data-order-id="${requestedOrder}"]`).getByTestId('customer-return');
    expect(await shown.getAttribute('data-status')).toBe('approved');
    expect(errors).toEqual([]);
  });

  test('a packer receives a parcel the courier brought back: stock waits for "Received", then comes back once', async ({ api, staff, adminPage, steadfast, url, errors }) => {
    const book = await bookInStock(api);
    const before = await stockOf(api, book.id);
    const id = await placeOrder(api, [{ product: book.id, quantity: 2 }]);
    expect((await api.json(staff, 'POST', `/api/order/${id}/shipment/`, { courier: 'steadfast' })).status).toBe(200);
    const parcel = steadfast.byInvoice(id)!;

    // Steadfast cancels it (the customer refused it at the door) and says so through its webhook.
    steadfast.setStatus(parcel.consignment_id, 'cancelled');
    const hook = await fetch(url('/webhooks/steadfast'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${WEBHOOK_TOKEN}` },
      body: JSON.stringify({ notification_type: 'delivery_status', consignment_id: parcel.consignment_id, invoice: String(id), status: 'cancelled' }),
    });
    expect(hook.status).toBe(200);
    const returned = (await api.json<StaffOrder>(staff, 'GET', `/api/order/${id}/`)).body;
    expect(returned).toMatchObject({ status: 'Returned', return_status: 'in_transit' });
    // Nothing is back on the shelf while the parcel is on the road.
    expect(await stockOf(api, book.id)).toBe(before - 2);

    const { context, page } = await adminPage(`/order-invoice/${id}`);
    const panel = page.getByTestId('returns-panel');
    await panel.getByTestId('parcel-in-transit').waitFor();
    await screenshot(page, 'returns-parcel-in-transit');
    await panel.getByTestId('receive-parcel').click();
    const dialog = page.getByTestId('receive-dialog');
    expect(await dialog.getByTestId('receive-line').count()).toBe(1);
    expect(await dialog.getByTestId('receive-condition').inputValue()).toBe('resellable');
    await screenshot(page, 'returns-receive-dialog');
    await dialog.getByTestId('receive-submit').click();
    await notice(page, `Order #${id}: the parcel was received.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await api.json<StaffOrder>(staff, 'GET', `/api/order/${id}/`)).body.return_status).toBe('received');
    expect(await stockOf(api, book.id)).toBe(before);
    await expect.poll(() => panel.locator('[data-testid="order-return"]').getAttribute('data-status')).toBe('received');
    expect(await panel.getByTestId('parcel-in-transit').count()).toBe(0);
    // Nothing was paid for it, so no refund is offered.
    expect(await page.getByTestId('refund-dialog').count()).toBe(0);

    // A second press (another packer's stale screen) moves nothing.
    expect((await api.json(staff, 'POST', `/api/order/${id}/receive-parcel/`, {})).status).toBe(409);
    expect(await stockOf(api, book.id)).toBe(before);

    await page.goto(url('/admin-returns'), { waitUntil: 'networkidle' });
    const today = page.locator(`[data-testid="return-received-row"][data-order-id="${id}"]`);
    expect(await today.textContent()).toContain('Resellable');
    await screenshot(page, 'returns-admin-received-today');
    await context.close();
    expect(errors).toEqual([]);
  });
  test('staff take back a paid book on the order screen: received damaged, no stock back, and the refund is recorded at once', async ({ api, staff, adminPage, errors }) => {
    const book = await bookInStock(api);
    const id = await placeOrder(api, [{ product: book.id, quantity: 2 }]);
    expect((await api.json(staff, 'PUT', `/api/order/${id}/`, { status: 'Delivered' })).status).toBe(200);
    const before = await stockOf(api, book.id);

    const { context, page } = await adminPage(`/order-invoice/${id}`);
    const panel = page.getByTestId('returns-panel');
    await panel.getByTestId('create-return-open').click();
    const line = panel.getByTestId('create-return-line').first();
    await line.locator('input[type="number"]').fill('1');
    await panel.locator('textarea[name="reason"]').fill('Came back by hand: cover torn.');
    await panel.locator('input[name="refund_amount"]').fill(String(book.price));
    await screenshot(page, 'returns-create');
    await panel.getByTestId('create-return-submit').click();
    await panel.getByTestId('parcel-in-transit').waitFor();
    expect(await stockOf(api, book.id)).toBe(before);

    await panel.getByTestId('receive-parcel').click();
    const dialog = page.getByTestId('receive-dialog');
    await dialog.getByTestId('receive-condition').selectOption('damaged');
    await dialog.getByTestId('receive-submit').click();
    // Written off: the stock does not rise. The money follows, recorded by hand (a cash order).
    const refund = page.getByTestId('refund-dialog');
    await refund.getByTestId('refund-after-receive').waitFor();
    expect(await refund.locator('input[name="amount"]').inputValue()).toBe(String(book.price));
    expect(await stockOf(api, book.id)).toBe(before);
    await refund.getByTestId('refund-method').selectOption('cash');
    await refund.locator('textarea[name="reason"]').fill('Cash given back at the counter.');
    await screenshot(page, 'returns-refund-after-receive');
    await refund.getByTestId('refund-submit').click();
    await refund.waitFor({ state: 'detached' });
    await expect.poll(() => panel.locator('[data-testid="order-return"]').getAttribute('data-status')).toBe('refunded');
    const order = (await api.json<{ refunded_amount: number; returns: { status: string; refunded_amount: number }[] }>(staff, 'GET', `/api/order/${id}/`)).body;
    expect(order.refunded_amount).toBe(book.price);
    expect(order.returns[0]).toMatchObject({ status: 'refunded', refunded_amount: book.price });
    await context.close();
    expect(errors).toEqual([]);
  });

  test('staff exchange a return for another book: a new order linked to it, the difference said', async ({ api, staff, adminPage, url, errors }) => {
    const first = await bookInStock(api);
    const other = (await api.products('type=books&page_size=100')).find((p) => p.is_active && p.units_stock >= 3 && p.price > first.price && /^[\x20-\x7e]{6,}$/.test(p.english_title))!;
    const id = await placeOrder(api, [{ product: first.id, quantity: 1 }]);
    expect((await api.json(staff, 'PUT', `/api/order/${id}/`, { status: 'Delivered' })).status).toBe(200);
    const item = (await api.json<{ items: { id: number }[] }>(staff, 'GET', `/api/order/${id}/`)).body.items[0]!;
    expect((await api.json(staff, 'POST', `/api/order/${id}/returns/`, { lines: [{ order_item: item.id, quantity: 1 }], reason: 'Wants another title' })).status).toBe(201);

    const { context, page } = await adminPage(`/order-invoice/${id}`);
    await page.getByTestId('returns-panel').getByTestId('exchange-return').click();
    const dialog = page.getByTestId('exchange-dialog');
    await dialog.getByLabel('Add a product (title, author or ISBN)').fill(other.english_title.split(' ').slice(0, 3).join(' '));
    await dialog.locator(`[data-testid="product-hit"][data-product-id="${other.id}"]`).getByRole('button', { name: 'Add' }).click();
    await dialog.locator(`[data-testid="desk-line"][data-product-id="${other.id}"]`).waitFor();
    await screenshot(page, 'returns-exchange-dialog');
    await dialog.getByTestId('exchange-submit').click();
    await page.waitForURL((u) => /^\/order-invoice\/\d+$/.test(u.pathname) && u.pathname !== `/order-invoice/${id}`);
    const newId = Number(new URL(page.url()).pathname.split('/').pop());
    const made = (await api.json<{ exchange_of: number; difference_due: number }>(staff, 'GET', `/api/order/${newId}/`)).body;
    expect(made.exchange_of).toBe(id);
    expect(made.difference_due).toBeGreaterThan(0);
    const banner = page.getByTestId('exchange-of');
    expect(await banner.textContent()).toContain(`order #${id}`);
    expect(await banner.textContent()).toContain(`pays ৳ ${made.difference_due} more`);
    await page.goto(url(`/order-invoice/${id}`), { waitUntil: 'networkidle' });
    expect(await page.getByTestId('order-return').textContent()).toContain(`order #${newId}`);
    await context.close();
    expect(errors).toEqual([]);
  });

  test('staff record a partial delivery: the order is Delivered with what was collected, the rest on its way back', async ({ api, staff, adminPage, errors }) => {
    const book = await bookInStock(api);
    const id = await placeOrder(api, [{ product: book.id, quantity: 2 }]);
    expect((await api.json(staff, 'POST', `/api/order/${id}/shipment/`, { courier: 'steadfast' })).status).toBe(200);
    const { context, page } = await adminPage(`/order-invoice/${id}`);
    const panel = page.getByTestId('returns-panel');
    await panel.getByTestId('partial-delivery-open').click();
    const form = panel.getByTestId('partial-delivery');
    await form.locator('input[type="number"]').first().fill('1');
    const cod = Number(await form.locator('input[name="collected"]').inputValue());
    await form.locator('input[name="collected"]').fill(String(cod - book.price));
    await form.getByTestId('partial-delivery-submit').click();
    await panel.getByTestId('parcel-in-transit').waitFor();
    const order = (await api.json<StaffOrder & { paid_amount: number }>(staff, 'GET', `/api/order/${id}/`)).body;
    expect(order).toMatchObject({ status: 'Delivered', return_status: 'in_transit', paid_amount: cod - book.price });
    expect(order.returns.map((r) => r.status)).toEqual(['approved']);
    await context.close();
    expect(errors).toEqual([]);
  });
});
