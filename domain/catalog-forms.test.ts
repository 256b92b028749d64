import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, STOCK_MAX, bannerFormSchema, categoryFormSchema, isSafeLink, personFormSchema, productFormSchema, resolveOffer, stockOutOfRangeMessage } from './catalog-forms';

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('resolveOffer', () => {
  it('truncates the percentage price (999 at 15 % → 849) and zeroes the flat discount', () => {
    expect(resolveOffer({ regular_price: 999, offer_type: 'Percentage', percentage: 15, flat_discount: 40 })).toEqual({
      offer: { offer_type: 'Percentage', percentage: 15, flat_discount: 0, discount_price: 849 },
    });
  });
  it('subtracts a flat discount below the regular price and zeroes the percentage', () => {
    expect(resolveOffer({ regular_price: 500, offer_type: 'Flat Discount', percentage: 10, flat_discount: 499 })).toEqual({
      offer: { offer_type: 'Flat Discount', percentage: 0, flat_discount: 499, discount_price: 1 },
    });
  });
  it('refuses a flat discount equal to or above the regular price', () => {
    expect(resolveOffer({ regular_price: 500, offer_type: 'Flat Discount', percentage: undefined, flat_discount: 500 })).toEqual({
      errors: { flat_discount: ['Flat discount must be less than the regular price.'] },
    });
  });
  it('needs the amount of the chosen offer', () => {
    expect(resolveOffer({ regular_price: 5, offer_type: 'Percentage', percentage: undefined, flat_discount: 1 })).toHaveProperty('errors.percentage');
    expect(resolveOffer({ regular_price: 5, offer_type: 'Flat Discount', percentage: 1, flat_discount: undefined })).toHaveProperty('errors.flat_discount');
  });
  it('zeroes every offer field for "none" or a blank offer type', () => {
    for (const offer_type of ['none', '']) {
      expect(resolveOffer({ regular_price: 500, offer_type, percentage: 30, flat_discount: 20 })).toEqual({
        offer: { offer_type: '', percentage: 0, flat_discount: 0, discount_price: 0 },
      });
    }
  });
});

describe('productFormSchema', () => {
  it('reads multipart text: numbers from digits, blank as not given, is_active from true/false', () => {
    const r = productFormSchema('books', 'update').parse({ regular_price: ' 120 ', units_sold: '', is_active: 'false', english_title: '  ' });
    expect(r).toEqual({ regular_price: 120, units_sold: undefined, is_active: false, english_title: undefined });
  });
  it('gives the specification messages for a blank add-book form', () => {
    const r = productFormSchema('books', 'create').safeParse({ english_title: '', regular_price: '', image: '' });
    expect(errorsOf(r)).toMatchObject({
      english_title: 'Book english title is required*',
      image: 'Books image is required*',
      purchase_price: 'Purchase Price is required*',
      regular_price: 'Regular Price is required*',
      units_stock: 'Units of Stock is required*',
      category: 'Category field is required!',
      author: 'Author field is required!',
      publisher: 'Publisher field is required!',
    });
  });
  it('gives the product messages for electronics and stationery, which need no category', () => {
    const r = productFormSchema('electronics', 'create').safeParse({});
    expect(errorsOf(r)).toEqual({
      english_title: 'Product english title is required*',
      image: 'Product image is required*',
      purchase_price: 'Purchase Price is required*',
      regular_price: 'Regular Price is required*',
      units_stock: 'Units of Stock is required*',
    });
  });
  it('treats a browser empty file input as no file', () => {
    const r = productFormSchema('stationary', 'create').safeParse({ image: { size: 0, name: '' } });
    expect(errorsOf(r).image).toBe('Product image is required*');
  });
  it('refuses negative, fractional and non-numeric numbers and unknown fields', () => {
    const r = productFormSchema('books', 'update').safeParse({ regular_price: '-1', units_stock: '1.5', total_page: 'many', percentage: '101', is_admin: 'true' });
    const e = errorsOf(r);
    expect(e.regular_price).toBe('Regular Price must be a whole number, 0 or more.');
    expect(e.units_stock).toBe('Units of Stock must be a whole number, 0 or more.');
    expect(e.total_page).toBeTruthy();
    expect(e.percentage).toBe('Percentage must be a whole number from 0 to 100.');
    expect(e['']).toBeTruthy(); // the unknown key
  });
});

describe('other back-office forms', () => {
  it('asks for author, publisher and category names in Bengali', () => {
    expect(errorsOf(personFormSchema('author', 'create').safeParse({ name: '' })).name).toBe('লেখকের নাম আবশ্যক*');
    expect(errorsOf(personFormSchema('publisher', 'create').safeParse({})).name).toBe('প্রকাশকের নাম আবশ্যক*');
    expect(personFormSchema('author', 'update').parse({ name: '' })).toEqual({ name: undefined });
    expect(errorsOf(categoryFormSchema.safeParse({ name: ' ' })).name).toBe('ক্যাটাগরির নাম আবশ্যক*');
  });
  it('reads a category parent as an id, blank/null as top level, absent as unchanged', () => {
    expect(categoryFormSchema.parse({ name: 'ক', parent: '7' })).toEqual({ name: 'ক', parent: 7 });
    expect(categoryFormSchema.parse({ name: 'ক', parent: '' })).toEqual({ name: 'ক', parent: null });
    expect(categoryFormSchema.parse({ name: 'ক', parent: null })).toEqual({ name: 'ক', parent: null });
    expect(categoryFormSchema.parse({ name: 'ক' })).toEqual({ name: 'ক' });
  });
  it('accepts banner links to web addresses and shop paths only', () => {
    expect(isSafeLink('https://haat.example/x')).toBe(true);
    expect(isSafeLink('/category-all-book/বই/')).toBe(true);
    expect(isSafeLink('//evil.example')).toBe(false);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
    expect(errorsOf(bannerFormSchema.safeParse({ image: {} })).image).toBeUndefined();
    expect(errorsOf(bannerFormSchema.safeParse({})).image).toBe('Banner image required*');
  });
});

describe('dangerous values in catalogue forms', () => {
  it('refuses banner links browsers would send to another site: //host, /\\host, a slash after whitespace, javascript:, data:', () => {
    for (const url of ['/\\evil.example', '//evil', '/\t/evil.example', '/ /evil', '\\\\evil.example', 'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'https:evil.example', 'http://', '/a\\b'])
      expect(isSafeLink(url), url).toBe(false);
    expect(isSafeLink('/books?author=3')).toBe(true);
    expect(isSafeLink('http://haat.example')).toBe(true);
    expect(errorsOf(bannerFormSchema.safeParse({ image: {}, url: '/\\evil.example' })).url).toBe(FORM_MESSAGES.bannerUrl);
  });

  it('refuses ids above the largest 32-bit id for a category parent and a product reference', () => {
    expect(errorsOf(categoryFormSchema.safeParse({ name: 'ক', parent: 2_147_483_648 })).parent).toBe('Choose a parent category from the list.');
    expect(categoryFormSchema.parse({ name: 'ক', parent: '2147483647' }).parent).toBe(2_147_483_647);
    expect(errorsOf(productFormSchema('books', 'update').safeParse({ category: '99999999999' })).category).toBeDefined();
    expect(errorsOf(productFormSchema('books', 'update').safeParse({ author: 2 ** 31 })).author).toBeDefined();
  });
});

describe('update forms take back what the API served', () => {
  it('drops served read-only product fields and empty fields of other product types', () => {
    const served = { id: 9, category_name: 'x', author_name: 'y', publisher_name: 'z', images: { thumb: '/m/a' }, price: 5, updated_at: 'now', created_at: 'then', image: '/media/a.webp' };
    expect(productFormSchema('books', 'update').parse({ ...served, model: '', brand: null, warranty: '', english_title: 'T' })).toMatchObject({ english_title: 'T', id: undefined, price: undefined });
    const gadget = productFormSchema('electronics', 'update').parse({ ...served, isbn: '', author: null, publisher: null, total_page: null, pdf: null, warranty: '1 year' });
    expect(gadget.warranty).toBe('1 year');
  });

  it('still refuses unknown keys and values in another type’s fields', () => {
    expect(errorsOf(productFormSchema('books', 'update').safeParse({ is_admin: true }))).toHaveProperty('');
    expect(errorsOf(productFormSchema('electronics', 'update').safeParse({ isbn: '978' })).isbn).toBe(FORM_MESSAGES.otherType);
    expect(categoryFormSchema.safeParse({ name: 'ক', is_admin: true }).success).toBe(false);
    expect(personFormSchema('author', 'update').safeParse({ is_admin: true }).success).toBe(false);
  });

  it('an update takes the stock the form loaded (expected_units_stock) as a whole number; a create drops it', () => {
    expect(productFormSchema('books', 'update').parse({ units_stock: '15', expected_units_stock: '10' })).toMatchObject({ units_stock: 15, expected_units_stock: 10 });
    expect(errorsOf(productFormSchema('books', 'update').safeParse({ expected_units_stock: '-1' }))).toHaveProperty('expected_units_stock');
    expect(productFormSchema('stationary', 'create').parse({ english_title: 'Pen', purchase_price: 1, regular_price: 2, units_stock: 3, image: {}, expected_units_stock: 3 }).expected_units_stock).toBeUndefined();
  });

  it('says which way a stock difference goes out of range', () => {
    expect(stockOutOfRangeMessage(1, -3)).toContain('(Stock would go below 0: 1 in stock now, change -3)');
    expect(stockOutOfRangeMessage(STOCK_MAX, 1)).toContain(`(Stock would go above ${STOCK_MAX}`);
  });

  it('drops served category and person fields', () => {
    expect(categoryFormSchema.parse({ id: 3, name: 'ক', parent: null, parent_name: null, children_count: 2, children: [{ id: 4 }] })).toEqual({ name: 'ক', parent: null });
    expect(personFormSchema('publisher', 'update').parse({ id: 3, name: 'ক', images: null, image: '/media/x.webp', description: '', alt_text: 'ক' })).toEqual({ name: 'ক', alt_text: 'ক' });
  });
});
