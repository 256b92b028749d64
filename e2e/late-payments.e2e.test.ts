/**
 * A payment that lands on a cancelled order whose stock is gone, seen in the back office: a
 * customer opens an SSLCommerz payment, the shop cancels the order and sells the last copy
 * elsewhere, the customer then pays. The admin finds the order under "Refund due" with its flag,
 * cannot accept the money, refunds it from the row, and the flag is gone. Set up over the API
 * (as a customer's browser and the shop's staff would), checked in the browser.
 */
import { describe, expect } from 'vitest';
import { checkoutBody } from '../server/test/orders-fixtures';
import { ADMIN, screenshot, shopTest } from './harness';

const CUSTOMER = { name: 'রহিমা খাতুন', phone_number: '01912345681', password: 'rahima-pass-123' };

const test = shopTest.extend('shopOptions', { scope: 'file' }, async ({ sslcommerz }) => ({ env: { ...sslcommerz.env, PAYMENT_HOLD_MINUTES: '30' } }));

describe('a late payment on a cancelled order: flagged, refunded from the back office', () => {
  let orderId = 0;

  test('holds the money of a cancelled order whose stock is gone, with a refund due', async ({ url, api, sslcommerz }) => {
    await api.register(CUSTOMER);
    const customer = await api.token(CUSTOMER.phone_number, CUSTOMER.password);
    const admin = await api.token(ADMIN.phone, ADMIN.password);
    const book = (await api.products('page_size=100')).find((p) => p.type === 'books' && p.is_active && p.units_stock > 2)!;

    const placed = await api.call(customer, 'POST', '/checkout/', checkoutBody([{ product: book.id, quantity: 1 }], { payment_option: 'sslcommerz', email: 'rahima@example.com' }));
    expect(placed.status).toBe(200);
    const { order_id, payment_url } = (await placed.json()) as { order_id: number; payment_url: string };
    orderId = order_id;
    const tranId = sslcommerz.sessions.get(new URL(payment_url).pathname.split('/').pop()!)!.tran_id;

    // The shop cancels it while the customer is still on the gateway's page, and the shelf empties.
    expect((await api.call(admin, 'PUT', `/api/order/${orderId}/`, { status: 'Cancelled' })).status).toBe(200);
    expect((await api.call(admin, 'PUT', `/api/product/${book.id}/`, { units_stock: 0 })).status).toBe(200);

    // The customer pays; the gateway's IPN arrives.
    sslcommerz.payOnGateway(tranId);
    const ipn = await fetch(url('/payment/sslcommerz/ipn'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(sslcommerz.callbackFields(tranId)).toString() });
    expect(ipn.status).toBe(200);
    const order = (await (await api.call(admin, 'GET', `/api/order/${orderId}/`)).json()) as Record<string, unknown>;
    expect(order).toMatchObject({ status: 'Cancelled', payment_status: 'review', refund_due: true });
  });

  test('shows the admin the order under "Refund due", and refunds it from the row', async ({ url, errors, adminPage, sslcommerz }) => {
    const { context, page: a } = await adminPage('/admin-orders');

    await a.getByTestId('filter-refund_due').getByRole('link', { name: 'Refund due', exact: true }).click();
    await a.waitForURL(/refund_due=1/);
    await expect.poll(() => a.getByTestId('order-row').count()).toBe(1);
    const row = a.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    expect(await row.getByTestId('refund-due').textContent()).toContain('Refund due');
    // Money for a cancelled order is never accepted: no review buttons, only a refund.
    expect(await row.getByTestId('review-accept').count()).toBe(0);
    await screenshot(a, 'late-payment-refund-due-1400');

    await row.getByTestId('refund-open').click();
    const dialog = a.getByTestId('refund-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Reason').fill('Paid after the order was cancelled; the book sold out');
    await dialog.getByTestId('refund-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await a.goto(url('/admin-orders'), { waitUntil: 'networkidle' });
    await expect.poll(() => row.getByTestId('payment-status').getAttribute('data-payment-status')).toBe('refunded');
    expect(await row.getByTestId('refund-due').count()).toBe(0);
    expect(sslcommerz.refundCalls).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
