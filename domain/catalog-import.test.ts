import { describe, expect, it } from 'vitest';
import { headerErrors, rowToForm, CSV_COLUMNS } from './catalog-import';

const book = { type: 'books', english_title: 'Himu', purchase_price: '100', regular_price: '200', units_stock: '3' };
const refs = { category: 1, author: 2, publisher: 3 };

describe('catalogue import rows', () => {
  it('a new row is checked by the add form, without an image (images are not imported)', () => {
    const r = rowToForm({ ...book, image: '/media/x.webp', discount_price: '1', category_name: 'x' }, 2, refs);
    expect(r).toMatchObject({ ok: true, type: 'books', form: { english_title: 'Himu', regular_price: 200, category: 1, author: 2, publisher: 3 } });
    if (r.ok) expect(r.form.image).toBeUndefined();
  });

  it('reports the form’s messages with the line and the CSV column', () => {
    expect(rowToForm({ ...book, regular_price: '' }, 7, { author: 2, publisher: 3 })).toEqual({
      ok: false,
      errors: [
        { line: 7, field: 'category_name', message: 'Category field is required!' },
        { line: 7, field: 'regular_price', message: 'Regular Price is required*' },
      ],
    });
    expect(rowToForm({ ...book, type: 'cars' }, 3, refs)).toEqual({ ok: false, errors: [{ line: 3, field: 'type', message: expect.stringContaining('books') }] });
    expect(rowToForm({ ...book, percentage: '101', offer_type: 'Percentage' }, 4, refs)).toMatchObject({ ok: false, errors: [{ line: 4, field: 'percentage' }] });
  });

  it('an update keeps what a blank cell leaves out, and checks the offer against the stored price', () => {
    const stored = { type: 'books' as const, regular_price: 100, offer_type: '', percentage: 0, flat_discount: 0 };
    expect(rowToForm({ english_title: '', units_stock: '4' }, 2, {}, stored)).toMatchObject({ ok: true, form: { units_stock: 4, english_title: undefined } });
    expect(rowToForm({ offer_type: 'Flat Discount', flat_discount: '150' }, 2, {}, stored)).toEqual({
      ok: false,
      errors: [{ line: 2, field: 'flat_discount', message: 'Flat discount must be less than the regular price.' }],
    });
    expect(rowToForm({ type: 'electronics' }, 5, {}, stored)).toMatchObject({ ok: false, errors: [{ line: 5, field: 'type' }] });
  });

  it('the header: the export’s columns are all known; others and a file without type or id are refused', () => {
    expect(headerErrors(CSV_COLUMNS)).toEqual([]);
    expect(headerErrors(['english_title', 'colour']).map((e) => [e.line, e.field])).toEqual([
      [1, 'colour'],
      [1, 'type'],
    ]);
  });
});
