/**
 * The packing desk in headless Chromium (issue 35): two cash-on-delivery orders are booked with
 * the Steadfast fake; on /admin-packing both wait under "Booked, not packed" and their labels
 * open as a PDF; the packer scans the first label's order number, scans the book's ISBN (the
 * line is ticked) and presses Enter to mark it packed; the second is found by its consignment
 * id, its line ticked from the keyboard and "Mark packed" pressed. On /admin-orders, ticked
 * booked orders offer their labels and packing slips.
 */
import { describe, expect } from 'vitest';
import { screenshot, shopTest } from './harness';

const CUSTOMER = { name: 'প্যাকিং ক্রেতা', phone_number: '01966000777', password: 'packing-pass-123' };

const test = shopTest
  .extend('shopOptions', { scope: 'file' }, async ({ steadfast }) => ({ env: { ...steadfast.env }, customer: CUSTOMER, pageTimeout: 30_000 }))
  .extend('staff', { scope: 'file' }, async ({ api }) => (await api.adminHeaders()).authorization!.slice('Bearer '.length));

type Book = { id: number; type: string; is_active: boolean; units_stock: number; isbn: string };

describe('the packing desk', () => {
  test('scan a label, scan the book, mark packed; print the day’s labels', async ({ api, staff, adminPage, url, errors }) => {
    const books = (await api.get<{ results: Book[] }>('/api/product/?type=books&page_size=100')).results;
    const book = books.find((b) => b.is_active && b.units_stock >= 4 && b.isbn)!;
    const buyer = await api.token(CUSTOMER.phone_number, CUSTOMER.password);
    const ids = [await api.placeCodOrder(buyer, [{ product: book.id, quantity: 1 }]), await api.placeCodOrder(buyer, [{ product: book.id, quantity: 1 }])];
    for (const id of ids) expect((await api.json(staff, 'POST', `/api/order/${id}/shipment/`, { courier: 'steadfast' })).status).toBe(200);
    const second = (await api.json<{ consignment_id: string }>(staff, 'GET', `/api/order/${ids[1]}/`)).body;

    const { context, page } = await adminPage('/admin-packing');
    const toPack = page.getByTestId('print-to-pack');
    expect(Number(await toPack.getAttribute('data-count'))).toBeGreaterThanOrEqual(2);
    const labels = await toPack.getByTestId('print-labels-a4').first().getAttribute('href');
    for (const id of ids) expect(labels).toContain(String(id));
    const pdf = await page.request.get(url(labels!));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // The first parcel: its label's number, then the book's ISBN, then Enter.
    const field = page.getByTestId('scan-input');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.fill(String(ids[0]));
    await field.press('Enter');
    const open = page.getByTestId('pack-order');
    await expect.poll(() => open.getAttribute('data-order-id')).toBe(String(ids[0]));
    expect(await page.getByTestId('mark-packed').isDisabled()).toBe(true);
    await field.fill(book.isbn.replace(/-/g, ''));
    await field.press('Enter');
    await expect.poll(() => page.getByTestId('pack-line').first().getAttribute('data-done')).toBe('true');
    expect(await page.getByTestId('mark-packed').isEnabled()).toBe(true);
    await screenshot(page, 'packing-ticked');
    await field.press('Enter');
    await expect.poll(() => open.getAttribute('data-packed')).toBe('true');
    expect((await api.json<{ packed_at: string | null }>(staff, 'GET', `/api/order/${ids[0]}/`)).body.packed_at).toBeTruthy();

    // The second: the courier's consignment id; the line ticked from the keyboard.
    await field.fill(second.consignment_id);
    await field.press('Enter');
    await expect.poll(() => open.getAttribute('data-order-id')).toBe(String(ids[1]));
    await expect.poll(() => open.getAttribute('data-packed')).toBe('false');
    await page.getByTestId('pack-line-tick').first().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('pack-line').first().getAttribute('data-done')).toBe('true');
    await page.getByTestId('mark-packed').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => open.getAttribute('data-packed')).toBe('true');
    await screenshot(page, 'packing-packed');

    // The order list: booked orders are ticked for printing, and their labels and slips offered.
    await page.goto(url('/admin-orders'), { waitUntil: 'networkidle' });
    for (const id of ids) await page.locator(`[data-testid="order-row"][data-order-id="${id}"]`).getByTestId('order-print-select').check();
    const bar = page.getByTestId('print-selected');
    expect(await bar.getByTestId('print-count').textContent()).toBe('2 to print');
    const slips = await bar.getByTestId('print-slips').getAttribute('href');
    expect(slips).toBe(`/api/order/packing-slips.pdf?ids=${ids.join(',')}`);
    await screenshot(page, 'packing-order-list-print');
    await context.close();
    expect(errors).toEqual([]);
  });
});
