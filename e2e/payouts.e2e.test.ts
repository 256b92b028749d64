/**
 * The courier's cash in headless Chromium (issue 34): the owner sets Steadfast's parcel charge on
 * the settings screen (used when its booking answer names none); two cash-on-delivery parcels are booked
 * with the Steadfast fake and delivered (its webhook; the shop asks the courier), and show as
 * outstanding on /admin-payouts; the accountant uploads Steadfast's payout sheet — one parcel
 * paid in full, one paid short, and a consignment the shop never booked — and sees one matched,
 * one short line (expected against got) and one unknown consignment; the parcel paid in full is no
 * longer outstanding while the short one still is, the batch is listed, and the same sheet twice is refused.
 */
import { describe, expect } from 'vitest';
import { notice, screenshot, shopTest, type ShopApi } from './harness';

const CUSTOMER = { name: 'Payout Buyer', phone_number: '01966000666', password: 'payout-pass-123' };
const WEBHOOK_TOKEN = 'e2e-payouts-webhook-token';
const UNKNOWN = '77770001';

const test = shopTest
  .extend('shopOptions', { scope: 'file' }, async ({ steadfast }) => ({ env: { ...steadfast.env, STEADFAST_WEBHOOK_TOKEN: WEBHOOK_TOKEN }, customer: CUSTOMER, pageTimeout: 30_000 }))
  .extend('staff', { scope: 'file' }, async ({ api }) => (await api.adminHeaders()).authorization!.slice('Bearer '.length));

type Parcel = { id: number; status: string; consignment_id: string; cod_amount: number; delivery_fee: number | null; cod_settled_at: string | null };

async function orderOf(api: ShopApi, staff: string, id: number): Promise<Parcel> {
  return (await api.json<Parcel>(staff, 'GET', `/api/order/${id}/`)).body;
}

describe('courier payouts', () => {
  test('the owner sets the days for return requests and a courier’s parcel charge on the settings screen', async ({ api, staff, adminPage, errors }) => {
    const { context, page } = await adminPage('/admin-settings');
    const box = page.getByTestId('returns-settings');
    await box.locator('input[name="return_days"]').fill('10');
    await box.locator('input[name="courier_rate_steadfast"]').fill('6.5');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByTestId('error-courier_rates').waitFor();
    await box.locator('input[name="courier_rate_steadfast"]').fill('70');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await notice(page, 'Settings saved!').waitFor();
    await screenshot(page, 'payouts-settings');
    const saved = (await api.json<{ return_days: number; courier_rates: Record<string, number> }>(staff, 'GET', '/api/settings/')).body;
    expect(saved.return_days).toBe(10);
    expect(saved.courier_rates).toEqual({ steadfast: 70 });
    await context.close();
    expect(errors).toEqual([]);
  });

  test('an accountant uploads a payout sheet and sees one short and one unknown line', async ({ api, staff, adminPage, steadfast, url, errors }) => {
    const book = (await api.products('type=books&page_size=100')).find((p) => p.is_active && p.units_stock >= 4 && p.price > 0)!;
    const buyer = await api.token(CUSTOMER.phone_number, CUSTOMER.password);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const id = await api.placeCodOrder(buyer, [{ product: book.id, quantity: 1 }], { name: CUSTOMER.name, phone_number: CUSTOMER.phone_number });
      expect((await api.json(staff, 'POST', `/api/order/${id}/shipment/`, { courier: 'steadfast' })).status).toBe(200);
      const parcel = steadfast.byInvoice(id)!;
      steadfast.setStatus(parcel.consignment_id, 'delivered');
      const hook = await fetch(url('/webhooks/steadfast'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${WEBHOOK_TOKEN}` },
        body: JSON.stringify({ notification_type: 'delivery_status', consignment_id: parcel.consignment_id, invoice: String(id), status: 'delivered', cod_amount: parcel.cod_amount }),
      });
      expect(hook.status).toBe(200);
      ids.push(id);
    }
    const [full, short] = await Promise.all(ids.map((id) => orderOf(api, staff, id)));
    expect(full!.status).toBe('Delivered');
    expect(short!.status).toBe('Delivered');
    // Steadfast's booking answer names no charge: the rate set on the settings screen holds.
    expect(full!.delivery_fee).toBe(70);

    const { context, page } = await adminPage('/admin-payouts');
    // Both are outstanding until a payout covers them.
    const outstanding = page.locator('[data-testid="outstanding-order"]');
    await expect.poll(() => outstanding.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-order-id'))).sort((a, b) => a - b))).toEqual(ids);
    await screenshot(page, 'payouts-outstanding');

    // Steadfast's sheet: the first paid in full, the second 100 taka short, and one consignment not ours.
    const sheet = Buffer.from(
      ['consignment_id,cod_amount,delivery_fee', `${full!.consignment_id},${full!.cod_amount},60`, `${short!.consignment_id},${short!.cod_amount - 100},60`, `${UNKNOWN},450,60`, ''].join('\r\n'),
    );
    const form = page.getByTestId('payout-upload');
    // Refused in the browser: no courier, no file.
    await form.getByTestId('payout-submit').click();
    await form.getByTestId('error-file').waitFor();
    await form.locator('select[name="courier"]').selectOption('steadfast');
    await form.locator('input[name="reference"]').fill('SF-PAYOUT-2211');
    await form.getByTestId('payout-file').setInputFiles({ name: 'steadfast-payout.csv', mimeType: 'text/csv', buffer: sheet });
    await form.getByTestId('payout-submit').click();

    const result = page.getByTestId('payout-result');
    await result.waitFor();
    expect(await result.getByTestId('payout-matched').textContent()).toBe('1');
    const shortLines = result.getByTestId('payout-short-line');
    expect(await shortLines.count()).toBe(1);
    expect(await shortLines.getAttribute('data-order-id')).toBe(String(short!.id));
    expect(await shortLines.textContent()).toContain(`৳ ${short!.cod_amount}`);
    expect(await shortLines.textContent()).toContain(`৳ ${short!.cod_amount - 100}`);
    const unknown = result.getByTestId('payout-unknown-line');
    expect(await unknown.count()).toBe(1);
    expect(await unknown.textContent()).toBe(UNKNOWN);
    await screenshot(page, 'payouts-result');

    // The batch is listed; the parcel paid in full is settled, the short one is still owed its rest.
    const batch = page.getByTestId('payout-batch').first();
    await expect.poll(() => batch.textContent()).toContain('SF-PAYOUT-2211');
    await expect.poll(() => outstanding.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-order-id'))))).toEqual([short!.id]);
    expect((await orderOf(api, staff, full!.id)).cod_settled_at).not.toBeNull();
    expect((await orderOf(api, staff, short!.id)).cod_settled_at).toBeNull();
    // The sheet's own charge replaces the rate.
    expect((await orderOf(api, staff, full!.id)).delivery_fee).toBe(60);

    // Its lines open again from the list.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('payout-batch').first().getByTestId('payout-open').click();
    await expect.poll(() => page.getByTestId('payout-result').getByTestId('payout-unknown-line').textContent()).toBe(UNKNOWN);

    // The same sheet again is refused, and nothing new is listed.
    await form.locator('select[name="courier"]').selectOption('steadfast');
    await form.getByTestId('payout-file').setInputFiles({ name: 'steadfast-payout.csv', mimeType: 'text/csv', buffer: sheet });
    await form.getByTestId('payout-submit').click();
    await expect.poll(() => page.getByTestId('form-alert').textContent()).toContain('already uploaded');
    expect(await page.getByTestId('payout-batch').count()).toBe(1);
    await expect.poll(() => notice(page, 'already uploaded').count()).toBeGreaterThan(0);
    await context.close();
    expect(errors).toEqual([]);
  });
});
