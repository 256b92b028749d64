import { describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../media/storage';
import { productListJson } from './product-json';
import { toApiProduct, type ProductRow } from './products';

const storage = new LocalDiskStorage('/tmp/haat-product-json');

/** A product row with every nullable field filled or empty, and text that needs escaping. */
function row(over: Partial<ProductRow> = {}): ProductRow {
  return {
    id: 7,
    type: 'books',
    english_title: 'Rivers "of" Bengal \\ part 1\n',
    bangla_title: 'নদীর গান',
    description: 'A <b>book</b>\u2028 with a tab\t and an emoji 📚',
    category_id: 3,
    author_id: 4,
    publisher_id: 5,
    image: 'products/abc',
    alt_text: '',
    pdf: 'samples/abc.pdf',
    isbn: '978-984-000',
    edition: '2nd',
    language: 'বাংলা',
    country: 'Bangladesh',
    total_page: 240,
    model: '',
    brand: '',
    warranty: '',
    offer_type: 'percentage',
    percentage: 15,
    flat_discount: 0,
    purchase_from: 'Nilkhet',
    purchase_price: 350.5,
    regular_price: 999,
    discount_price: 849,
    units_stock: 0,
    units_sold: 12,
    is_active: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T03:04:05.678Z',
    rating_count: 3,
    rating_sum: 13,
    category_name: 'কবিতা',
    author_name: 'হুমায়ুন আহমেদ',
    publisher_name: null,
    ...over,
  };
}

const variants: ProductRow[] = [
  row(),
  row({ id: 8, type: 'electronics', image: null, pdf: null, total_page: null, category_id: null, author_id: null, publisher_id: null, category_name: null, author_name: null, rating_count: 0, rating_sum: 0, is_active: 0 }),
  row({ id: 9, type: 'stationary', regular_price: 10.25, discount_price: 0, offer_type: '', percentage: 0, units_stock: 5 }),
];

describe('product lists as JSON', () => {
  it('write the very text JSON.stringify writes, for shoppers and admins, as an array or in the envelope', () => {
    for (const admin of [false, true]) {
      const results = variants.map((r) => toApiProduct(r, storage, { admin }));
      expect(productListJson(results)).toBe(JSON.stringify(results));
      for (const envelope of [
        { count: 3, next: '/api/product/?page=2', previous: null, results },
        { count: 10_000, next: null, previous: '/x?page=1', results, count_capped: true },
        { count: 0, next: null, previous: null, results: [] },
      ])
        expect(productListJson(envelope)).toBe(JSON.stringify(envelope));
    }
  });

  it('still writes a field the product gains that the serializer does not list', () => {
    const results = [{ ...toApiProduct(row(), storage), badge: 'new', tags: ['a'] }];
    expect(JSON.parse(productListJson(results))).toEqual(results);
  });
});
