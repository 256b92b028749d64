import { describe, expect, it } from 'vitest';
import { bulkPriceSchema, changedPrice, headerErrors, rowToForm, CSV_COLUMNS } from './catalog-import';

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

describe('bulk price change', () => {
  const p = (regular_price: number, offer_type = '', percentage = 0, flat_discount = 0) => ({ type: 'books' as const, regular_price, offer_type, percentage, flat_discount });

  it('a percentage is rounded to the taka; the offer is kept and its discount price worked out again', () => {
    expect(changedPrice(p(999, 'Percentage', 15), { percentage: 10 })).toEqual({ offer: { regular_price: 1099, offer_type: 'Percentage', percentage: 15, flat_discount: 0, discount_price: 934 } });
    expect(changedPrice(p(205), { percentage: -10 })).toEqual({ offer: { regular_price: 185, offer_type: '', percentage: 0, flat_discount: 0, discount_price: 0 } });
    expect(changedPrice(p(300, 'Flat Discount', 0, 100), { amount: 20 })).toMatchObject({ offer: { regular_price: 320, discount_price: 220 } });
  });

  it('refuses a price below 0 and a flat discount not below the new price', () => {
    expect(changedPrice(p(100), { amount: -101 })).toEqual({ error: 'The price would be -1, below 0.' });
    expect(changedPrice(p(300, 'Flat Discount', 0, 100), { amount: -200 })).toMatchObject({ error: expect.stringContaining('flat discount') });
  });

  it('the request: one of percentage and amount, and a category or a publisher', () => {
    expect(bulkPriceSchema.safeParse({ percentage: 5, category: 1 }).success).toBe(true);
    expect(bulkPriceSchema.safeParse({ percentage: 5, amount: 3, category: 1 }).success).toBe(false);
    expect(bulkPriceSchema.safeParse({ amount: 3 }).success).toBe(false);
    expect(bulkPriceSchema.safeParse({ percentage: 2.5, publisher: 1 }).success).toBe(false);
  });
});
