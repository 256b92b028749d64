/**
 * Paying online in a real browser, against loopback fakes of bKash and SSLCommerz started in
 * this process: a customer signs in, adds a book, chooses bKash online at checkout, pays on the
 * (fake) gateway page and comes back to /order to read that the order is paid; an SSLCommerz
 * payment cancelled on the gateway page is paid again from /order; an order whose payment bKash
 * would not open is kept, and paid from /order after a failed try. The admin then sees them in
 * /admin-orders (filtered by payment status), cancels the bKash order and refunds it from the
 * dialog offered at once, refunds part of the other, and reads it all under the invoice.
 */
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { toBengaliDigits } from '../domain/bengali-digits';
import { screenshot, shopTest } from './harness';

const CUSTOMER = { name: 'করিম মিয়া', phone_number: '01912345670', password: 'karim-pass-123' };
const DELIVERY = 60;
const bn = (n: number) => toBengaliDigits(n.toLocaleString('en-IN'));
const orderIdOf = (u: string) => Number(new URL(u).searchParams.get('order'));

/** Back from the gateway on /order with `outcome`: the result says it; answers the order's id and the result. */
async function backOnOrders(page: Page, outcome: string): Promise<{ orderId: number; result: Locator }> {
  await page.waitForURL(new RegExp(`/order\\?order=\\d+&payment=${outcome}$`));
  const orderId = orderIdOf(page.url());
  const result = page.getByTestId('payment-result');
  await result.waitFor();
  expect(await result.getAttribute('data-outcome')).toBe(outcome);
  return { orderId, result };
}

const test = shopTest
  // The shop is reached as localhost, the fakes as 127.0.0.1: the gateway pages are on another
  // site, so (as with a real gateway) the browser posts SSLCommerz's return without the
  // shop's SameSite=Lax session cookie.
  .extend('shopOptions', { scope: 'file' }, async ({ bkash, sslcommerz }) => ({
    env: { ...bkash.env, ...sslcommerz.env, PAYMENT_HOLD_MINUTES: '30' },
    publicHost: 'localhost',
    customer: CUSTOMER,
  }))
  /** A book with plenty in stock. */
  .extend('book', { scope: 'file', auto: true }, async ({ api }) => {
    const book = (await api.products('page_size=100')).find((p) => p.type === 'books' && p.is_active && p.units_stock > 10)!;
    expect(book).toBeDefined();
    return book;
  });

describe('online payments: bKash and SSLCommerz, pay again, refunds', () => {
  let bkashOrder = 0;
  let sslOrder = 0;
  let thirdOrder = 0;

  test('signs the customer in and offers both gateways at checkout', async ({ page, url, signIn }) => {
    await signIn(page, CUSTOMER, '/checkout');
    const settings = (await (await fetch(url('/api/settings/'))).json()) as { payment_options: { id: string; online?: boolean }[] };
    expect(settings.payment_options.filter((o) => o.online).map((o) => o.id)).toEqual(['bkash_online', 'sslcommerz']);
  });

  test('pays with bKash online: to the gateway page and back to a paid order', async ({ server, page, fillCheckout, bkash, book }) => {
    await fillCheckout(book.id, 'বিকাশ (অনলাইন পেমেন্ট)');
    expect(await page.getByTestId('online-payment-note').textContent()).toContain('পেমেন্ট পেজে পাঠানো হবে');
    expect(await page.getByTestId('summary-total').textContent()).toContain(bn(book.price + DELIVERY));
    await screenshot(page, 'payments-checkout-bkash-1280');
    await page.getByTestId('place-order').click();

    await page.waitForURL((u) => u.origin === bkash.origin);
    const payment = [...bkash.payments.values()].at(-1)!;
    expect(Number(payment.amount)).toBe(book.price + DELIVERY);
    await screenshot(page, 'payments-bkash-gateway');
    await page.locator('#success').click();

    const { orderId, result } = await backOnOrders(page, 'paid');
    bkashOrder = orderId;
    expect(await result.textContent()).toContain('পেমেন্ট সম্পন্ন হয়েছে');
    const trxID = bkash.payments.get(payment.paymentID)!.trxID!;
    expect(trxID).toBeTruthy();
    expect(await page.getByTestId('payment-result-reference').textContent()).toBe(trxID);
    const card = page.locator(`[data-testid="order-card"][data-order-id="${bkashOrder}"]`);
    expect(await card.getByTestId('payment-status').getAttribute('data-payment-status')).toBe('paid');
    expect(await card.getByTestId('payment-status').textContent()).toBe('পরিশোধিত');
    expect(await card.getByTestId('order-payment-reference').textContent()).toContain(trxID);
    expect(await card.getByTestId('pay-again').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('local_cart'))).toBe('{}');
    await screenshot(page, 'payments-order-paid-1280');

    // The same page in English.
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.baseUrl }]);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByTestId('payment-result').textContent()).toContain('Payment complete!');
    expect(await card.getByTestId('payment-status').textContent()).toBe('Paid');
    await page.context().addCookies([{ name: 'lang', value: 'bn', url: server.baseUrl }]);
  });

  test('a payment cancelled on the SSLCommerz page is paid again from /order', async ({ page, fillCheckout, sslcommerz, book }) => {
    await fillCheckout(book.id, 'কার্ড / মোবাইল ব্যাংকিং / নেট ব্যাংকিং');
    await page.getByTestId('place-order').click();
    await page.waitForURL((u) => u.href.startsWith(sslcommerz.url) && u.pathname.startsWith('/pay/'));
    await page.locator('#cancel').click();

    const { orderId, result } = await backOnOrders(page, 'cancelled');
    sslOrder = orderId;
    expect(await result.textContent()).toContain('পেমেন্ট বাতিল করা হয়েছে');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${sslOrder}"]`);
    expect(await card.getByTestId('payment-status').getAttribute('data-payment-status')).toBe('failed');
    expect(await card.getByTestId('pay-again').count()).toBe(1);
    // The order is held for PAYMENT_HOLD_MINUTES: the card says until when.
    expect(await card.getByTestId('order-pay-by').textContent()).toContain('বাতিল হয়ে যাবে');
    await screenshot(page, 'payments-order-cancelled-1280');

    await result.getByTestId('pay-again').click();
    await page.waitForURL((u) => u.href.startsWith(sslcommerz.url) && u.pathname.startsWith('/pay/'));
    await page.locator('#success').click();
    await page.waitForURL(new RegExp(`/order\\?order=${sslOrder}&payment=paid$`));
    expect(await page.getByTestId('payment-result').getAttribute('data-outcome')).toBe('paid');
    expect(await card.getByTestId('payment-status').getAttribute('data-payment-status')).toBe('paid');
  });

  test('when bKash will not open the payment the order is kept; a failed payment is paid again', async ({ page, fillCheckout, bkash, book }) => {
    bkash.createFails = { httpStatus: 503 };
    await fillCheckout(book.id, 'বিকাশ (অনলাইন পেমেন্ট)');
    await page.getByTestId('place-order').click();
    const notStarted = page.getByTestId('payment-not-started');
    await notStarted.waitFor();
    expect(await notStarted.textContent()).toContain('পেমেন্ট শুরু করা যায়নি');
    expect(await page.evaluate(() => localStorage.getItem('local_cart'))).toBe('{}');
    bkash.createFails = null;
    await notStarted.getByRole('link').click();
    const { orderId, result } = await backOnOrders(page, 'failed');
    thirdOrder = orderId;

    // Paid again, but the payment fails on bKash's page: still open to another try.
    await result.getByTestId('pay-again').click();
    await page.waitForURL((u) => u.origin === bkash.origin);
    await page.locator('#failure').click();
    await page.waitForURL(new RegExp(`/order\\?order=${thirdOrder}&payment=failed$`));
    expect(await page.getByTestId('payment-result').textContent()).toContain('আবার পেমেন্ট করুন');
    await page.getByTestId('payment-result').getByTestId('pay-again').click();
    await page.waitForURL((u) => u.origin === bkash.origin);
    await page.locator('#success').click();
    await page.waitForURL(new RegExp(`/order\\?order=${thirdOrder}&payment=paid$`));
    expect(await page.getByTestId('payment-result').getAttribute('data-outcome')).toBe('paid');
  });

  test('fits a phone: the paid order at 360 px', async ({ browser, page, url }) => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, storageState: await page.context().storageState() });
    const p = await phone.newPage();
    await p.goto(url(`/order?order=${sslOrder}&payment=paid`), { waitUntil: 'networkidle' });
    await p.getByTestId('payment-result').waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(p, 'payments-order-paid-360');
    await phone.close();
  });

  test('the admin sees the payments, cancels the bKash order and refunds it, and refunds part of the other', async ({ url, adminPage, bkash, book }) => {
    const { context: admin, page: a } = await adminPage('/admin-orders');

    // Filtered by payment status: the three orders are paid.
    await a.getByTestId('filter-payment_status').getByRole('link', { name: 'Paid', exact: true }).click();
    await a.waitForURL(/payment_status=paid/);
    await expect.poll(() => a.getByTestId('order-row').count()).toBe(3);
    const row = (id: number) => a.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
    const trxID = [...bkash.payments.values()].find((p) => p.trxID && p.merchantInvoiceNumber.startsWith(`H${bkashOrder}-`))?.trxID ?? '';
    expect(trxID).not.toBe('');
    expect(await row(bkashOrder).getByTestId('payment-reference').textContent()).toBe(trxID);
    await screenshot(a, 'payments-admin-orders-1280');

    // Cancelling the paid bKash order offers its refund at once.
    await a.goto(url('/admin-orders'), { waitUntil: 'networkidle' });
    await row(bkashOrder).getByRole('button', { name: 'Cancelled' }).click();
    const confirm = a.getByTestId('confirm-dialog');
    expect(await confirm.textContent()).toContain('paid online');
    await confirm.getByRole('button', { name: 'Yes, change it' }).click();
    const dialog = a.getByTestId('refund-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Order #${bkashOrder} is now Cancelled`);
    await dialog.getByTestId('refund-submit').click();
    expect(await dialog.getByTestId('error-reason').textContent()).toContain('Give a reason');
    await dialog.getByLabel('Reason').fill('Order cancelled: the book is out of print');
    await screenshot(a, 'payments-admin-refund-dialog');
    await dialog.getByTestId('refund-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row(bkashOrder).getByTestId('payment-status').getAttribute('data-payment-status')).toBe('refunded');
    expect(await row(bkashOrder).getByTestId('order-status').textContent()).toBe('Cancelled');
    expect(bkash.refundCalls).toBe(1);

    // Part of the SSLCommerz payment goes back from the row's Refund button; more than is left is refused.
    const total = book.price + DELIVERY;
    await row(sslOrder).getByTestId('refund-open').click();
    await dialog.waitFor();
    await dialog.getByLabel('Amount (৳)').fill(String(total + 1));
    await dialog.getByLabel('Reason').fill('One copy arrived damaged');
    await dialog.getByTestId('refund-submit').click();
    expect(await dialog.getByTestId('error-amount').textContent()).toContain(String(total));
    await dialog.getByLabel('Amount (৳)').fill('50');
    await dialog.getByTestId('refund-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row(sslOrder).getByTestId('payment-status').getAttribute('data-payment-status')).toBe('partially_refunded');
    expect(await row(sslOrder).getByTestId('payment-refunded').textContent()).toBe('Refunded ৳ 50');

    // The invoice: payment status and reference, and (off paper) the attempts and the refund.
    await a.goto(url(`/order-invoice/${sslOrder}`), { waitUntil: 'networkidle' });
    expect(await a.getByTestId('invoice-payment-status').textContent()).toBe('Partly refunded');
    expect(await a.getByTestId('invoice-payment-reference').textContent()).toBeTruthy();
    const attempts = a.getByTestId('payment-attempt');
    await expect.poll(() => attempts.count()).toBe(2);
    expect(await a.getByTestId('payment-refund').count()).toBe(1);
    expect(await a.getByTestId('payment-refund').textContent()).toContain('One copy arrived damaged');
    await screenshot(a, 'payments-admin-invoice-1280');
    await admin.close();
  });

  test("the customer's order page shows the refunds", async ({ page, url }) => {
    await page.goto(url('/order'), { waitUntil: 'networkidle' });
    const status = (id: number) => page.locator(`[data-testid="order-card"][data-order-id="${id}"]`).getByTestId('payment-status');
    expect(await status(bkashOrder).textContent()).toBe('টাকা ফেরত দেওয়া হয়েছে');
    expect(await status(sslOrder).getAttribute('data-payment-status')).toBe('partially_refunded');
  });

  test('builds absolute URLs from PUBLIC_URL, whatever host the request names', async ({ server, url, errors, book }) => {
    const sitemap = await (await fetch(url('/sitemap.xml'), { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } })).text();
    expect(sitemap).not.toContain('evil.example');
    expect(sitemap).toContain(`<loc>${server.baseUrl}/books/${book.id}</loc>`);
    expect(errors).toEqual([]);
  });
});
