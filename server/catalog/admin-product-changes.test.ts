import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app';
import { openProductAdmin, type ProductAdminContext } from '../test/catalog-admin';
import { testDialect } from '../test/database';
import { filesOfImageUrl, multipart, pdfBytes, pngFile } from '../test/media-fixtures';
import { insertOrder } from '../test/orders-fixtures';

describe(`admin product writes: updating and deleting products (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  let category: number;
  let author: number;
  let publisher: number;
  let bookFields: ProductAdminContext['bookFields'];
  let createBook: ProductAdminContext['createBook'];

  beforeAll(async () => {
    ({ t, admin, customer, category, author, publisher, bookFields, createBook } = await openProductAdmin());
  });
  afterAll(() => t.close());

  it('updates a product: blank fields keep their values, the offer is recomputed, the image only when a new one is sent', async () => {
    const created = (await createBook({ offer_type: 'Percentage', percentage: 10, alt_text: 'Cover of Himu' })).json().product;
    expect(created.discount_price).toBe(899);
    // Blank fields (as the form sends them) keep everything; a new regular price re-applies the 10 %.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${created.id}/`,
      ...multipart({ english_title: '', bangla_title: '', regular_price: 500, offer_type: '', percentage: '', units_sold: '7', alt_text: '', image: created.image }, admin),
    });
    expect(res.statusCode).toBe(200);
    const p = res.json().product;
    expect(res.json()).toMatchObject({ status: 200, message: 'Book updated Successfully!' });
    expect(p).toMatchObject({ english_title: 'Himu', bangla_title: 'হিমু', regular_price: 500, offer_type: 'Percentage', percentage: 10, discount_price: 450, units_sold: 7, alt_text: 'Cover of Himu', image: created.image, category, author, publisher });

    // Switch to a flat discount, then remove the offer with "none".
    const flat = await t.app.inject({ method: 'PUT', url: `/api/product/${created.id}/`, ...multipart({ offer_type: 'Flat Discount', flat_discount: 50 }, admin) });
    expect(flat.json().product).toMatchObject({ offer_type: 'Flat Discount', flat_discount: 50, percentage: 0, discount_price: 450 });
    const lower = await t.app.inject({ method: 'PUT', url: `/api/product/${created.id}/`, ...multipart({ regular_price: 40 }, admin) });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors.flat_discount).toEqual(['Flat discount must be less than the regular price.']);
    const none = await t.app.inject({ method: 'PUT', url: `/api/product/${created.id}/`, ...multipart({ offer_type: 'none' }, admin) });
    expect(none.json().product).toMatchObject({ offer_type: '', percentage: 0, flat_discount: 0, discount_price: 0, price: 500 });

    // A new image replaces the old files, which are removed.
    const oldFiles = filesOfImageUrl(t.database.dataDir, created.image);
    expect(oldFiles).toHaveLength(3);
    const img = await t.app.inject({ method: 'PUT', url: `/api/product/${created.id}/`, ...multipart({ image: await pngFile('new.jpg') }, admin) });
    expect(img.statusCode).toBe(200);
    expect(img.json().product.image).not.toBe(created.image);
    expect(oldFiles.filter((f) => fs.existsSync(f))).toEqual([]);
    expect(filesOfImageUrl(t.database.dataDir, img.json().product.image)).toHaveLength(3);
  });

  it('updates electronics with "Product updated Successfully!" and accepts a JSON body too', async () => {
    const e = (await t.app.inject({ method: 'POST', url: '/create-electronics/', ...multipart({ english_title: 'Mouse', purchase_price: 100, regular_price: 300, units_stock: 3, image: await pngFile() }, admin) })).json().product;
    const res = await t.app.inject({ method: 'PUT', url: `/api/product/${e.id}/`, headers: admin, payload: { units_stock: 9, warranty: '6 months' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Product updated Successfully!', product: { units_stock: 9, warranty: '6 months', english_title: 'Mouse' } });
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/product/999999/', headers: admin, payload: { units_stock: 1 } });
    expect(unknown.statusCode).toBe(404);
  });

  it('deletes a product and its files ("Book deleted!", "Electronics deleted!", "Stationaries deleted!")', async () => {
    const book = (await createBook({ pdf: { filename: 's.pdf', content: pdfBytes() } })).json().product;
    const files = filesOfImageUrl(t.database.dataDir, book.image);
    const pdf = path.join(t.database.dataDir, book.pdf.replace('/media/', 'media/'));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/product/${book.id}/`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200, message: 'Book deleted!', deleted: true });
    expect(files.filter((f) => fs.existsSync(f))).toEqual([]);
    expect(fs.existsSync(pdf)).toBe(false);
    expect(await t.services.database.db.selectFrom('products').select('id').where('id', '=', book.id).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/product/${book.id}/`, headers: admin })).statusCode).toBe(404);

    for (const [url, message] of [
      ['/create-electronics/', 'Electronics deleted!'],
      ['/create-stationary/', 'Stationaries deleted!'],
    ]) {
      const p = (await t.app.inject({ method: 'POST', url, ...multipart({ english_title: 'X', purchase_price: 1, regular_price: 2, units_stock: 1, image: await pngFile() }, admin) })).json().product;
      const del = await t.app.inject({ method: 'DELETE', url: `/api/product/${p.id}/`, headers: admin });
      expect(del.json().message).toBe(message);
    }
  });

  it('deactivates instead of deleting a product that appears on orders, and says so', async () => {
    const book = (await createBook()).json().product;
    const db = t.services.database.db;
    await insertOrder(db, [book.id]);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/product/${book.id}/`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: false, deactivated: true });
    expect(res.json().message).toContain('deactivated');
    const row = await db.selectFrom('products').select(['is_active', 'image']).where('id', '=', book.id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
    expect(filesOfImageUrl(t.database.dataDir, book.image)).toHaveLength(3);
  });

  it('shows every write in the public (cached) reads at once', async () => {
    const book = (await createBook()).json().product;
    const first = await t.app.inject(`/api/product/${book.id}/`);
    expect(first.json().price).toBe(999);
    await t.app.inject({ method: 'PUT', url: `/api/product/${book.id}/`, ...multipart({ offer_type: 'Percentage', percentage: 50 }, admin) });
    const second = await t.app.inject({ url: `/api/product/${book.id}/`, headers: { 'if-none-match': first.headers.etag as string } });
    expect(second.statusCode).toBe(200);
    expect(second.json().price).toBe(499);
    await t.app.inject({ method: 'PUT', url: `/api/product/${book.id}/`, ...multipart({ is_active: 'false' }, admin) });
    expect((await t.app.inject(`/api/product/${book.id}/`)).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `/api/product/${book.id}/`, headers: admin });
    expect((await t.app.inject({ url: `/api/product/${book.id}/`, headers: admin })).statusCode).toBe(404);
  });

  it('lets only admins write products: 401 anonymous, 403 customer', async () => {
    const body = multipart(await bookFields());
    const calls = [
      { method: 'POST', url: '/create-book/' },
      { method: 'POST', url: '/create-electronics/' },
      { method: 'POST', url: '/create-stationary/' },
      { method: 'PUT', url: '/api/product/1/' },
      { method: 'DELETE', url: '/api/product/1/' },
    ] as const;
    for (const c of calls) {
      const anon = await t.app.inject({ ...c, payload: body.payload, headers: body.headers });
      expect(anon.statusCode, `${c.method} ${c.url}`).toBe(401);
      const cust = await t.app.inject({ ...c, payload: body.payload, headers: { ...body.headers, ...customer } });
      expect(cust.statusCode, `${c.method} ${c.url}`).toBe(403);
    }
  });
});
