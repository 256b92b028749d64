import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app';
import { openProductAdmin, type ProductAdminContext } from '../test/catalog-admin';
import { testDialect } from '../test/database';
import { filesOfImageUrl, mediaFiles, multipart, pdfBytes, pngFile } from '../test/media-fixtures';

describe(`admin product writes: adding products (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let category: number;
  let author: number;
  let publisher: number;
  let createBook: ProductAdminContext['createBook'];

  beforeAll(async () => {
    ({ t, admin, category, author, publisher, createBook } = await openProductAdmin());
  });
  afterAll(() => t.close());

  it('adds a book with its image in three WebP sizes and its sample PDF: 201 Book added Successfully!', async () => {
    const res = await createBook({ pdf: { filename: 'sample.pdf', content: pdfBytes(), type: 'application/pdf' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 201, message: 'Book added Successfully!' });
    const p = body.product;
    expect(p).toMatchObject({
      type: 'books',
      english_title: 'Himu',
      category,
      author,
      publisher,
      regular_price: 999,
      discount_price: 0,
      units_stock: 12,
      units_sold: 0,
      is_active: true,
      alt_text: 'Himu',
      purchase_price: 200,
    });
    expect(p.image).toMatch(/^\/media\/products\/[0-9a-f]{24}-detail\.webp$/);
    expect(filesOfImageUrl(t.database.dataDir, p.image)).toHaveLength(3);
    expect(p.pdf).toMatch(/^\/media\/pdfs\/[0-9a-f]{24}\.pdf$/);
    expect(fs.readFileSync(path.join(t.database.dataDir, p.pdf.replace('/media/', 'media/'))).subarray(0, 5).toString()).toBe('%PDF-');
    // The stored file is served with long-lived cache headers.
    const served = await t.app.inject(p.images.thumb);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('computes a percentage offer on the server, truncated: 999 at 15 % → 849, flat 0', async () => {
    const res = await createBook({ offer_type: 'Percentage', percentage: 15, flat_discount: 30, discount_price: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ offer_type: 'Percentage', percentage: 15, flat_discount: 0, discount_price: 849, price: 849 });
  });

  it('computes a flat offer: 999 − 100 → 899, percentage 0', async () => {
    const res = await createBook({ offer_type: 'Flat Discount', flat_discount: 100, percentage: 20 });
    expect(res.json().product).toMatchObject({ offer_type: 'Flat Discount', percentage: 0, flat_discount: 100, discount_price: 899 });
  });

  it('refuses a percentage above 100, a flat discount not below the regular price, and negative or fractional numbers', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ offer_type: 'Percentage', percentage: 101 }, 'percentage', 'Percentage must be a whole number from 0 to 100.'],
      [{ offer_type: 'Percentage', percentage: '' }, 'percentage', 'Percentage is required for a percentage offer.'],
      [{ offer_type: 'Flat Discount', flat_discount: 999 }, 'flat_discount', 'Flat discount must be less than the regular price.'],
      [{ regular_price: -1 }, 'regular_price', 'Regular Price must be a whole number, 0 or more.'],
      [{ units_stock: '2.5' }, 'units_stock', 'Units of Stock must be a whole number, 0 or more.'],
      [{ purchase_price: 'abc' }, 'purchase_price', 'Purchase Price must be a whole number, 0 or more.'],
      [{ offer_type: 'Half price' }, 'offer_type', 'Offer type must be none, Percentage or Flat Discount.'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await createBook(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors[field]).toContain(message);
    }
  });

  it('answers each required book field with the message clients of the first version show', async () => {
    const cases: [string, string][] = [
      ['english_title', 'Book english title is required*'],
      ['image', 'Books image is required*'],
      ['purchase_price', 'Purchase Price is required*'],
      ['regular_price', 'Regular Price is required*'],
      ['units_stock', 'Units of Stock is required*'],
      ['category', 'Category field is required!'],
      ['author', 'Author field is required!'],
      ['publisher', 'Publisher field is required!'],
    ];
    for (const [field, message] of cases) {
      const res = await createBook({ [field]: field === 'image' ? undefined : '' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
      expect(res.json().errors[field]).toEqual([message]);
    }
    const none = await t.app.inject({ method: 'POST', url: '/create-book/', ...multipart({ type: 'books' }, admin) });
    expect(none.json().message).toBe('Book english title is required*');
    expect(Object.keys(none.json().errors).sort()).toEqual(['author', 'category', 'english_title', 'image', 'publisher', 'purchase_price', 'regular_price', 'units_stock']);
  });

  it('refuses a book whose category, author or publisher does not exist: 400 with the message', async () => {
    const res = await createBook({ category: 99999, author: 99998, publisher: 99997 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      category: ['Category 99999 does not exist.'],
      author: ['Author 99998 does not exist.'],
      publisher: ['Publisher 99997 does not exist.'],
    });
  });

  it('refuses unknown fields (strict) such as is_admin; a served read-only id is ignored, never assigned', async () => {
    expect((await createBook({ is_admin: 'true' })).statusCode).toBe(400);
    const res = await createBook({ id: 999999 });
    expect(res.statusCode).toBe(201);
    expect(res.json().product.id).not.toBe(999999);
  });

  it('keeps is_active when set to false; leaves no files behind when validation fails', async () => {
    const before = mediaFiles(t.database.dataDir);
    const bad = await createBook({ regular_price: '' });
    expect(bad.statusCode).toBe(400);
    expect(mediaFiles(t.database.dataDir)).toEqual(before);
    const off = await createBook({ is_active: 'false' });
    expect(off.json().product.is_active).toBe(false);
  });

  it('adds electronics (with warranty) and stationery with their own messages', async () => {
    const e = await t.app.inject({
      method: 'POST',
      url: '/create-electronics/',
      ...multipart({ english_title: 'Calculator', type: 'electronics', model: 'FX-991', brand: 'Casio', warranty: '1 year', purchase_price: 900, regular_price: 1500, units_stock: 3, image: await pngFile() }, admin),
    });
    expect(e.statusCode).toBe(201);
    expect(e.json()).toMatchObject({ status: 201, message: 'Electronics added Successfully!', product: { type: 'electronics', warranty: '1 year', brand: 'Casio', category: null, author: null } });
    const s = await t.app.inject({
      method: 'POST',
      url: '/create-stationary/',
      ...multipart({ english_title: 'Pen', category, purchase_price: 5, regular_price: 10, units_stock: 100, units_sold: '', image: await pngFile() }, admin),
    });
    expect(s.statusCode).toBe(201);
    expect(s.json()).toMatchObject({ message: 'Stationary added Successfully!', product: { type: 'stationary', units_sold: 0, category } });
    const missing = await t.app.inject({ method: 'POST', url: '/create-stationary/', ...multipart({ brand: 'x' }, admin) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      english_title: ['Product english title is required*'],
      image: ['Product image is required*'],
      units_stock: ['Units of Stock is required*'],
      purchase_price: ['Purchase Price is required*'],
      regular_price: ['Regular Price is required*'],
    });
    // Stationery has no warranty field, and a form may not change the type it adds.
    const warranty = await t.app.inject({ method: 'POST', url: '/create-stationary/', ...multipart({ english_title: 'Pen', warranty: '1y', purchase_price: 1, regular_price: 2, units_stock: 1, image: await pngFile() }, admin) });
    expect(warranty.statusCode).toBe(400);
    const wrongType = await t.app.inject({ method: 'POST', url: '/create-electronics/', ...multipart({ type: 'books', english_title: 'X', purchase_price: 1, regular_price: 2, units_stock: 1, image: await pngFile() }, admin) });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.type).toBeTruthy();
  });
});
