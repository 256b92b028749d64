/**
 * The catalogue in bulk, in a real browser: the admin uploads a 1,000-row CSV with 3 bad rows on
 * /admin-products-import, the dry run lists 997 to add and the 3 bad rows by line, nothing is
 * fixed, "Apply" writes the good rows (creating the new category, author and publisher), and
 * the export filtered to the new category downloads them back with the uploaded values.
 */
import fs from 'node:fs';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { screenshot, shopTest as test } from './harness';

const CATEGORY = 'আমদানি পরীক্ষা (E2E import)';
const ROWS = 1000;
/** Rows (0-based) made invalid; their CSV lines are index + 2 (the header is line 1). */
const BAD: Record<number, Record<string, string>> = {
  99: { regular_price: 'দুইশো' },
  499: { units_stock: '-3' },
  899: { english_title: '' },
};
const UPLOADED = ['type', 'english_title', 'bangla_title', 'category_name', 'author_name', 'publisher_name', 'isbn', 'purchase_price', 'regular_price', 'units_stock', 'is_active'] as const;

function rows(): Record<(typeof UPLOADED)[number], string>[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    type: 'books',
    english_title: `E2E import book ${i}`,
    bangla_title: `আমদানি বই ${i}, "খণ্ড" ${i % 7}`,
    category_name: CATEGORY,
    author_name: `লেখক ${i % 10}`,
    publisher_name: 'আমদানি প্রকাশনী',
    isbn: `E2E-${1000 + i}`,
    purchase_price: String(100 + i),
    regular_price: String(200 + i),
    units_stock: String(i % 50),
    is_active: 'true',
    ...BAD[i],
  }));
}

describe('catalogue import: 1,000 rows with 3 bad ones, dry run, apply, export back', () => {
  let admin: Page;
  const uploaded = rows();

  test('the dry run counts 997 to add and lists the 3 bad rows by line; nothing is written', async ({ api, adminPage }) => {
    ({ page: admin } = await adminPage('/admin-products-import', { acceptDownloads: true, timeout: 20_000 }));
    await admin.waitForLoadState('networkidle');

    const csv = Buffer.from('\uFEFF' + stringify(uploaded, { header: true, columns: [...UPLOADED] }));
    await admin.getByTestId('import-file').setInputFiles({ name: 'books.csv', mimeType: 'text/csv', buffer: csv });
    await admin.locator('input[name="create_missing"]').check();
    await admin.getByTestId('import-check').click();
    await admin.getByTestId('import-result').waitFor();
    expect(await admin.getByTestId('import-summary').textContent()).toContain('Dry run');
    expect(await admin.getByTestId('import-create').textContent()).toBe('997');
    expect(await admin.getByTestId('import-update').textContent()).toBe('0');
    const lines = await admin.locator('[data-testid="import-error"] td:first-child').allTextContents();
    expect(lines).toEqual(['101', '501', '901']);
    const fields = await admin.locator('[data-testid="import-error"] td:nth-child(2)').allTextContents();
    expect(fields).toEqual(['regular_price', 'units_stock', 'english_title']);
    await screenshot(admin, 'product-import-dry-run');
    const page = await api.get<{ count: number }>(`/api/product/?search=${encodeURIComponent('E2E import book')}`);
    expect(page.count).toBe(0);
  });

  test('"Apply" writes the 997 good rows', async () => {
    await admin.getByTestId('import-apply').click();
    await admin.getByTestId('import-applied').waitFor();
    expect(await admin.getByTestId('import-summary').textContent()).toContain('Applied');
    expect(await admin.getByTestId('import-applied').textContent()).toBe('997');
    expect(await admin.locator('[data-testid="import-error"]').count()).toBe(3);
  });

  test('the export filtered to the new category downloads them back with the uploaded values', async ({ errors }) => {
    await admin.reload({ waitUntil: 'networkidle' });
    const form = admin.getByTestId('export-form');
    await form.locator('select[name="category"]').selectOption({ label: CATEGORY });
    const [download] = await Promise.all([admin.waitForEvent('download'), form.getByRole('button', { name: 'Download CSV' }).click()]);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const exported = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    const good = uploaded.filter((_, i) => !BAD[i]);
    expect(exported).toHaveLength(good.length);
    const byIsbn = new Map(exported.map((r) => [r.isbn, r]));
    for (const row of good) {
      const back = byIsbn.get(row.isbn);
      expect(back && Object.fromEntries(UPLOADED.map((c) => [c, back[c]]))).toEqual(row);
    }
    expect(errors).toEqual([]);
  });
});
