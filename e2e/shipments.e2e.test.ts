/**
 * Sending an order with a courier, in a real browser, against a loopback fake of Steadfast
 * started in this process: a customer places two cash-on-delivery orders; the admin checks the
 * couriers, books one Steadfast parcel from the order list and the other in bulk, and reads the
 * first under the invoice; Steadfast moves the parcel
 * to delivered and says so through its webhook (a signal: the shop asks Steadfast), which
 * delivers the order; the shopper follows it on /track from the header's link (Bengali, English,
 * without JavaScript, on a phone), and a wrong pair gets one message.
 */
import { describe, expect } from 'vitest';
import { screenshot, shopTest, type ApiProduct } from './harness';

const CUSTOMER = { name: 'রহিম উদ্দিন', phone_number: '01912345671', password: 'rahim-pass-123' };
const WEBHOOK_TOKEN = 'e2e-steadfast-webhook-token';
const WRONG_PAIR = 'অর্ডার নম্বর বা ফোন নম্বর মিলছে না';

const test = shopTest
  .extend('shopOptions', { scope: 'file' }, async ({ steadfast, pathao }) => ({
    env: { ...steadfast.env, ...pathao.env, STEADFAST_WEBHOOK_TOKEN: WEBHOOK_TOKEN },
    customer: CUSTOMER,
  }))
  /** Places a cash-on-delivery order for `book` (to ঢাকা, মিরপুর) and answers its id. */
  .extend('placeOrder', { scope: 'file' }, async ({ page, fillCheckout }) => async (book: ApiProduct): Promise<number> => {
    await fillCheckout(book.id, 'ক্যাশ অন ডেলিভারি');
    await page.getByTestId('place-order').click();
    await page.waitForURL((u) => u.pathname === '/order');
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    return Number(await card.getAttribute('data-order-id'));
  });

describe('courier shipments: book with Steadfast, delivered, tracked by the shopper', () => {
  let orderId = 0;
  let secondId = 0;
  let thirdId = 0;

  test('the customer places three cash-on-delivery orders', async ({ page, api, signIn, placeOrder }) => {
    const book = (await api.products('page_size=100')).find((p) => p.type === 'books' && p.is_active && p.units_stock > 5)!;
    await signIn(page, CUSTOMER, '/checkout');
    orderId = await placeOrder(book);
    secondId = await placeOrder(book);
    thirdId = await placeOrder(book);
    expect(orderId).toBeGreaterThan(0);
    expect(secondId).toBeGreaterThan(orderId);
  });

  test('the admin books a Steadfast parcel from the order list and reads it under the invoice', async ({ url, adminPage, steadfast, pathao }) => {
    const { context: admin, page: a } = await adminPage('/admin-couriers');

    // The couriers screen: both configured, and both answer the check.
    const courier = (id: string) => a.locator(`[data-testid="courier-row"][data-courier="${id}"]`);
    await courier('steadfast').waitFor();
    expect(await courier('steadfast').getAttribute('data-configured')).toBe('true');
    expect(await courier('pathao').getAttribute('data-configured')).toBe('true');
    await a.getByTestId('couriers-check').click();
    await expect.poll(() => courier('steadfast').getByTestId('courier-ok').textContent()).toBe('Yes');
    expect(await courier('pathao').getByTestId('courier-ok').textContent()).toBe('Yes');
    expect(steadfast.balanceCalls).toBeGreaterThan(0);
    await screenshot(a, 'shipments-admin-couriers');

    await a.goto(url('/admin-orders'), { waitUntil: 'networkidle' });
    const row = a.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    expect(await row.getByTestId('shipment-status').getAttribute('data-shipment-status')).toBe('');
    await row.getByTestId('book-parcel').click();
    const dialog = a.getByTestId('book-parcel-dialog');
    await dialog.getByLabel('Steadfast').waitFor();
    expect(await dialog.getByLabel('Steadfast').isChecked()).toBe(true);
    await screenshot(a, 'shipments-admin-book-dialog');
    await dialog.getByTestId('book-parcel-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('shipment-status').getAttribute('data-shipment-status')).toBe('booked');
    const parcel = steadfast.byInvoice(orderId)!;
    expect(parcel).toBeDefined();
    expect(await row.getByTestId('tracking-code').textContent()).toBe(parcel.tracking_code);
    expect(await row.getByTestId('book-parcel').count()).toBe(0);
    expect(await row.getByTestId('order-select').count()).toBe(0);
    await screenshot(a, 'shipments-admin-orders-booked');

    // The other order is ticked and booked in bulk; its result is listed.
    const second = a.locator(`[data-testid="order-row"][data-order-id="${secondId}"]`);
    await second.getByTestId('order-select').check();
    expect(await a.getByTestId('bulk-count').textContent()).toBe('1 selected');
    await a.getByTestId('bulk-courier').locator('option[value="steadfast"]').waitFor({ state: 'attached' });
    await a.getByTestId('bulk-submit').click();
    const result = a.locator(`[data-testid="bulk-result"][data-order-id="${secondId}"]`);
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.textContent()).toContain(String(steadfast.byInvoice(secondId)!.consignment_id));
    await expect.poll(() => second.getByTestId('shipment-status').getAttribute('data-shipment-status')).toBe('booked');
    await screenshot(a, 'shipments-admin-bulk');

    // The third goes with Pathao: city and zone prefilled from the order's Bengali address (ঢাকা, মিরপুর);
    // a refusal keeps Pathao's message in the dialog, then the booking goes through.
    const third = a.locator(`[data-testid="order-row"][data-order-id="${thirdId}"]`);
    await third.getByTestId('book-parcel').click();
    const pdialog = a.getByTestId('book-parcel-dialog');
    await pdialog.getByLabel('Pathao').check();
    const places = pdialog.getByTestId('pathao-places');
    await expect.poll(() => places.locator('select[name="recipient_city"]').inputValue()).toBe('1');
    await expect.poll(() => places.locator('select[name="recipient_zone"]').inputValue()).toBe('14');
    await places.locator('select[name="recipient_area"] option[value="141"]').waitFor({ state: 'attached' });
    await places.locator('select[name="recipient_area"]').selectOption('141');
    await screenshot(a, 'shipments-admin-book-pathao');
    pathao.failNext = 'The recipient phone is not valid.';
    await pdialog.getByTestId('book-parcel-submit').click();
    await expect.poll(() => pdialog.getByTestId('form-alert').textContent()).toContain('The recipient phone is not valid.');
    await pdialog.getByTestId('book-parcel-submit').click();
    await pdialog.waitFor({ state: 'detached' });
    await expect.poll(() => third.getByTestId('shipment-status').getAttribute('data-shipment-status')).toBe('booked');
    const sent = [...pathao.parcels.values()].find((x) => x.merchant_order_id === String(thirdId))!.sent;
    expect(sent).toMatchObject({ recipient_city: 1, recipient_zone: 14, recipient_area: 141 });
    expect(await third.textContent()).toContain('Pathao');

    await a.goto(url(`/order-invoice/${orderId}`), { waitUntil: 'networkidle' });
    const panel = a.getByTestId('shipment-panel');
    expect(await panel.getByTestId('shipment-tracking-code').textContent()).toBe(parcel.tracking_code);
    expect(await panel.getByTestId('shipment-consignment').textContent()).toBe(String(parcel.consignment_id));
    expect(await panel.getByTestId('shipment-event').count()).toBeGreaterThan(0);
    await screenshot(a, 'shipments-admin-invoice');

    // Steadfast delivers it and calls the webhook; the shop asks Steadfast and delivers the order.
    steadfast.setStatus(parcel.consignment_id, 'delivered');
    const forged = await fetch(url('/webhooks/steadfast'), { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer nope' }, body: JSON.stringify({ consignment_id: parcel.consignment_id }) });
    expect(forged.status).toBe(401);
    const hook = await fetch(url('/webhooks/steadfast'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${WEBHOOK_TOKEN}` },
      body: JSON.stringify({ notification_type: 'delivery_status', consignment_id: parcel.consignment_id, invoice: String(orderId), status: 'delivered' }),
    });
    expect(hook.status).toBe(200);
    await a.goto(url('/admin-orders'), { waitUntil: 'networkidle' });
    expect(await row.getByTestId('shipment-status').getAttribute('data-shipment-status')).toBe('delivered');
    expect(await row.getByTestId('order-status').textContent()).toBe('Delivered');
    expect(await second.getByTestId('shipment-status').getAttribute('data-shipment-status')).toBe('booked');

    // Filtered by parcel status: only the delivered one, then the two still booked.
    await a.getByTestId('filter-shipment_status').getByRole('link', { name: 'Delivered', exact: true }).click();
    await a.waitForURL(/shipment_status=delivered/);
    await expect.poll(() => a.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-order-id'))))).toEqual([orderId]);
    await a.getByTestId('filter-shipment_status').getByRole('link', { name: 'Booked', exact: true }).click();
    await a.waitForURL(/shipment_status=booked/);
    await expect.poll(() => a.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-order-id'))))).toEqual([thirdId, secondId]);
    await admin.close();
  });

  test('the customer sees the parcel on /order, and its link opens the timeline on /track', async ({ page, url, steadfast }) => {
    await page.goto(url('/order'), { waitUntil: 'networkidle' });
    const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    const parcel = card.getByTestId('order-parcel');
    expect(await parcel.getByTestId('shipment-status').getAttribute('data-shipment-status')).toBe('delivered');
    expect(await parcel.getByTestId('order-tracking-code').textContent()).toBe(steadfast.byInvoice(orderId)!.tracking_code);
    await Promise.all([page.waitForURL((u) => u.pathname === '/track'), parcel.getByTestId('order-track-link').click()]);
    await page.getByTestId('track-result').waitFor();
    expect(await page.getByTestId('track-result').getByTestId('shipment-status').getAttribute('data-shipment-status')).toBe('delivered');
  });

  test('the shopper follows the parcel on /track from the header, in Bengali and English', async ({ server, browser, url, errors, steadfast }) => {
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    visitor.setDefaultTimeout(15_000);
    const v = await visitor.newPage();
    v.on('pageerror', (e) => errors.push(e.message));
    await v.goto(url('/'), { waitUntil: 'networkidle' });
    await v.getByRole('link', { name: 'আমার অর্ডার ট্র্যাক করুন' }).click();
    await v.waitForURL((u) => u.pathname === '/track');

    // A wrong phone: one message, no hint which half was wrong.
    await v.getByLabel('অর্ডার নম্বর').fill(String(orderId));
    await v.getByLabel('ফোন নম্বর').fill('01812345678');
    await v.getByTestId('track-submit').click();
    await v.getByTestId('track-wrong').waitFor();
    expect(await v.getByTestId('track-wrong').textContent()).toBe(WRONG_PAIR);

    await v.getByLabel('ফোন নম্বর').fill(CUSTOMER.phone_number);
    await v.getByTestId('track-submit').click();
    const result = v.getByTestId('track-result');
    await result.waitFor();
    expect(v.url()).toContain(`order=${orderId}`);
    expect(await result.getByTestId('shipment-status').getAttribute('data-shipment-status')).toBe('delivered');
    expect(await result.getByTestId('shipment-status').textContent()).toBe('ডেলিভারি হয়েছে');
    expect(await result.getByTestId('track-order-status').textContent()).toBe('ডেলিভারড');
    expect(await result.getByTestId('payment-status').getAttribute('data-payment-status')).toBe('paid');
    const statuses = await result.getByTestId('shipment-event').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses[0]).toBe('Pending');
    expect(statuses).toContain('booked');
    expect(statuses).toContain('delivered');
    expect(await result.textContent()).toContain(steadfast.byInvoice(orderId)!.tracking_code);
    await screenshot(v, 'shipments-track-bn-1280');

    await visitor.addCookies([{ name: 'lang', value: 'en', url: server.baseUrl }]);
    await v.reload({ waitUntil: 'networkidle' });
    expect(await v.getByTestId('track-result').getByTestId('shipment-status').textContent()).toBe('Delivered');
    expect(await v.getByTestId('track-result').textContent()).toContain('Order placed');
    await screenshot(v, 'shipments-track-en-1280');
    await visitor.close();
  });

  test('works without JavaScript, and fits a phone at 360 px', async ({ browser, url, errors }) => {
    const plain = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const p = await plain.newPage();
    await p.goto(url('/track'));
    await p.getByLabel('অর্ডার নম্বর').fill(String(orderId));
    await p.getByLabel('ফোন নম্বর').fill(CUSTOMER.phone_number);
    await Promise.all([p.waitForURL(/\/track\?order=/), p.getByTestId('track-submit').click()]);
    expect(await p.getByTestId('track-result').getByTestId('shipment-status').getAttribute('data-shipment-status')).toBe('delivered');
    await plain.close();

    const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true });
    const m = await phone.newPage();
    m.on('pageerror', (e) => errors.push(e.message));
    await m.goto(url(`/track?order=${orderId}&phone=${CUSTOMER.phone_number}`), { waitUntil: 'networkidle' });
    await m.getByTestId('track-result').waitFor();
    expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(m, 'shipments-track-360');
    await phone.close();
    expect(errors).toEqual([]);
  });
});
