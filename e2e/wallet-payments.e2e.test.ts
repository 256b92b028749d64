/**
 * Wallet order → admin verifies the TrxID → parcel booked with the rest as COD (issue 30, item 2),
 * in a real browser, against a loopback fake of Steadfast started in this process: a customer
 * checks out with bKash (the manual wallet option), sending the delivery charge and typing its
 * TrxID; the order is unverified. The admin opens the order, sees the claim, verifies it at the
 * amount found (partly paid), books the parcel with Steadfast from the same screen, and the fake
 * courier was asked to collect the total less the verified money, which the printed invoice shows.
 */
import { describe, expect } from 'vitest';
import { screenshot, shopTest, taka } from './harness';

const CUSTOMER = { name: 'করিম মিয়া', phone_number: '01912345681', password: 'karim-pass-123' };
const TRX_ID = '9BK7WALLET1';
const SENT = 60;

const test = shopTest.extend('shopOptions', { scope: 'file' }, async ({ steadfast }) => ({ env: { ...steadfast.env }, customer: CUSTOMER }));

describe('wallet order → admin verifies the TrxID → parcel booked with the rest as COD', () => {
  let orderId = 0;

  test('the customer pays the delivery charge by bKash and types the TrxID at checkout', async ({ page, api, signIn, fillCheckout }) => {
    const book = (await api.products('page_size=100')).find((p) => p.type === 'books' && p.is_active && p.units_stock > 2)!;
    await signIn(page, CUSTOMER, '/checkout');
    await fillCheckout(book.id, 'বিকাশ পেমেন্ট');
    await page.getByLabel('বিকাশ পেমেন্ট — ট্রানজেকশন আইডি', { exact: true }).fill(TRX_ID.toLowerCase());
    await page.getByLabel('টাকার পরিমাণ', { exact: true }).fill(String(SENT));
    await page.getByTestId('place-order').click();
    await page.waitForURL((u) => u.pathname === '/order');
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    orderId = Number(await card.getAttribute('data-order-id'));
    expect(orderId).toBeGreaterThan(0);
  });

  test('the admin verifies the claim, books it with Steadfast, and the courier collects the rest', async ({ url, errors, adminPage, steadfast }) => {
    const { context: admin, page: a } = await adminPage('/admin-orders?payment_status=unverified');

    // The unverified filter lists the wallet order; its name opens the order.
    const row = a.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('payment-status').getAttribute('data-payment-status')).toBe('unverified');
    await a.goto(url(`/order-invoice/${orderId}`), { waitUntil: 'networkidle' });
    const total = taka(await a.getByTestId('invoice-total').textContent());
    expect(total).toBeGreaterThan(SENT);
    expect(taka(await a.getByTestId('invoice-cod').textContent())).toBe(total);

    // The claim: method, TrxID and amount; the form is filled with them.
    const panel = a.getByTestId('wallet-payments');
    const claim = panel.getByTestId('wallet-claim');
    expect(await claim.getByTestId('wallet-claim-trx').textContent()).toBe(TRX_ID);
    expect(await claim.textContent()).toContain(`৳ ${SENT}`);
    const verify = panel.getByTestId('record-payment');
    expect(await verify.locator('select[name="method"]').inputValue()).toBe('bkash');
    expect(await verify.locator('input[name="transaction_id"]').inputValue()).toBe(TRX_ID);
    expect(await verify.locator('input[name="amount"]').inputValue()).toBe(String(SENT));
    await screenshot(a, 'wallet-admin-claim');
    await verify.getByTestId('record-payment-submit').click();
    await expect.poll(() => a.getByTestId('invoice-payment-status').textContent()).toBe('Partly paid');
    expect(await panel.getByTestId('wallet-claim').count()).toBe(0);
    expect(await panel.locator('[data-testid="wallet-payment-row"][data-verified="true"]').count()).toBe(1);
    expect(await panel.getByTestId('wallet-due').textContent()).toContain(`due ৳ ${total - SENT}`);

    // Booked from the same screen: Steadfast is asked to collect the total less the verified money.
    await a.getByTestId('shipment-panel').getByTestId('book-parcel').click();
    const dialog = a.getByTestId('book-parcel-dialog');
    await dialog.getByLabel('Steadfast').waitFor();
    await dialog.getByLabel('Steadfast').check();
    await dialog.getByTestId('book-parcel-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => steadfast.byInvoice(orderId)?.cod_amount).toBe(total - SENT);
    await a.reload({ waitUntil: 'networkidle' });
    expect(taka(await a.getByTestId('invoice-cod').textContent())).toBe(total - SENT);
    expect(await panel.getByTestId('wallet-cod').textContent()).toContain(`৳ ${total - SENT}`);
    await screenshot(a, 'wallet-admin-booked');
    await admin.close();
    expect(errors).toEqual([]);
  });
});
