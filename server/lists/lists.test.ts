/**
 * Issue 36, curated lists in the back office: `/api/list/` makes, reads, changes and deletes a
 * list with its products in the order given; a slug is unique (409), bad input is 400 per field,
 * an unknown product 400 at its place; only managers and owners may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { insertProduct } from '../test/orders-fixtures';
import { LIST_MAX_PRODUCTS, LIST_MESSAGES } from '../../domain/lists';
import type { Role } from '../../domain/roles';

describe(`curated lists in the back office (${testDialect})`, () => {
  let t: TestApp;
  let manager: Signed;
  let slugs = 0;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await t.signIn({ role: 'manager' });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.services.database.db;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Signed | null = manager) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const slug = () => `boi-mela-${++slugs}`;
  const make = async (fields: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/list/', { title: 'বইমেলার নতুন বই', title_en: 'New at the book fair', slug: slug(), ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('201 makes a list with its products in the order given; GET answers it the same', async () => {
    const [a, b, c] = [await insertProduct(db()), await insertProduct(db()), await insertProduct(db())];
    const made = await make({ products: [c, a, b], starts_at: '2026-02-01T00:00:00+06:00', ends_at: '2026-03-01T00:00:00+06:00', show_on_home: true, home_position: 2 });
    expect(made).toMatchObject({
      title: 'বইমেলার নতুন বই',
      title_en: 'New at the book fair',
      products: [c, a, b],
      starts_at: '2026-01-31T18:00:00.000Z',
      ends_at: '2026-02-28T18:00:00.000Z',
      is_active: true,
      show_on_home: true,
      home_position: 2,
    });
    const got = await call('GET', `/api/list/${made.id}/`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(made);
  });

  it('PUT changes only the fields sent; a new products array replaces the order', async () => {
    const [a, b, c] = [await insertProduct(db()), await insertProduct(db()), await insertProduct(db())];
    const made = await make({ products: [a, b, c] });
    const renamed = await call('PUT', `/api/list/${made.id}/`, { title_en: 'Fair favourites' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: made.title, title_en: 'Fair favourites', slug: made.slug, products: [a, b, c] });
    const reordered = await call('PUT', `/api/list/${made.id}/`, { products: [c, b] });
    expect(reordered.json().products).toEqual([c, b]);
    expect((await call('GET', `/api/list/${made.id}/`)).json().products).toEqual([c, b]);
  });

  it('lists newest first in the envelope, found by title or slug', async () => {
    const first = await make({ title: 'কিশোর উপন্যাস', slug: 'kishor-novels' });
    const second = await make({ title: 'কবিতা', slug: 'poetry-picks' });
    const page = (await call('GET', '/api/list/?page_size=2')).json();
    expect(page.results.map((l: { id: number }) => l.id)).toEqual([second.id, first.id]);
    expect(page.count).toBeGreaterThanOrEqual(2);
    const found = (await call('GET', '/api/list/?search=KISHOR')).json();
    expect(found.results.map((l: { id: number }) => l.id)).toEqual([first.id]);
  });

  it('a slug another list has is 409 on slug, on create and on update', async () => {
    const taken = await make();
    const again = await call('POST', '/api/list/', { title: 'আরেকটি', slug: taken.slug });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ slug: [LIST_MESSAGES.slugTaken] });
    const other = await make();
    const moved = await call('PUT', `/api/list/${other.id}/`, { slug: taken.slug });
    expect(moved.statusCode).toBe(409);
    expect((await call('GET', `/api/list/${other.id}/`)).json().slug).toBe(other.slug);
  });

  it('bad input is 400 with a message per field, and nothing is written', async () => {
    const before = (await call('GET', '/api/list/')).json().count;
    const res = await call('POST', '/api/list/', { title: ' ', title_en: 'x'.repeat(201), slug: 'Boi Mela!', products: [1, 'two'], starts_at: 'soon', is_active: 'yes', home_position: -1 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['home_position', 'is_active', 'products.1', 'slug', 'starts_at', 'title', 'title_en']);
    const dates = await call('POST', '/api/list/', { title: 'ক', slug: slug(), starts_at: '2026-03-01T00:00:00Z', ends_at: '2026-02-01T00:00:00Z' });
    expect(dates.json().errors).toEqual({ ends_at: [LIST_MESSAGES.dates] });
    const unknownField = await call('POST', '/api/list/', { title: 'ক', slug: slug(), colour: 'red' });
    expect(unknownField.statusCode).toBe(400);
    expect((await call('GET', '/api/list/')).json().count).toBe(before);
  });

  it('products: an unknown id is 400 at its place, one twice is 400, more than the limit is 400', async () => {
    const a = await insertProduct(db());
    const unknown = await call('POST', '/api/list/', { title: 'ক', slug: slug(), products: [a, 99999999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'products.1': [LIST_MESSAGES.unknownProduct(99999999)] });
    const twice = await call('POST', '/api/list/', { title: 'ক', slug: slug(), products: [a, a] });
    expect(twice.json().errors).toEqual({ 'products.1': [LIST_MESSAGES.duplicate(a)] });
    const many = await call('POST', '/api/list/', { title: 'ক', slug: slug(), products: Array.from({ length: LIST_MAX_PRODUCTS + 1 }, (_, i) => i + 1) });
    expect(many.json().errors).toEqual({ products: [LIST_MESSAGES.products] });
  });

  it('a product may be in many lists, each keeping its own order', async () => {
    const [a, b] = [await insertProduct(db()), await insertProduct(db())];
    const one = await make({ products: [a, b] });
    const two = await make({ products: [b, a] });
    expect((await call('GET', `/api/list/${one.id}/`)).json().products).toEqual([a, b]);
    expect((await call('GET', `/api/list/${two.id}/`)).json().products).toEqual([b, a]);
  });

  it('deleting a product takes it out of every list; the lists stay', async () => {
    const [a, b] = [await insertProduct(db()), await insertProduct(db())];
    const one = await make({ products: [a, b] });
    const two = await make({ products: [b] });
    const gone = await call('DELETE', `/api/product/${b}/`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call('GET', `/api/list/${one.id}/`)).json().products).toEqual([a]);
    expect((await call('GET', `/api/list/${two.id}/`)).json().products).toEqual([]);
    const edited = await call('PUT', `/api/list/${two.id}/`, { title: 'এখনও আছে' });
    expect(edited.statusCode).toBe(200);
  });

  it('DELETE removes the list and its rows, not the products; then 404', async () => {
    const a = await insertProduct(db());
    const made = await make({ products: [a] });
    const res = await call('DELETE', `/api/list/${made.id}/`);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/list/${made.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/list/${made.id}/`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/list/${made.id}/`, { title: 'x' })).statusCode).toBe(404);
    const rows = await db().selectFrom('curated_list_products').select('product_id').where('list_id', '=', made.id).execute();
    expect(rows).toEqual([]);
    expect(await db().selectFrom('products').select('id').where('id', '=', a).executeTakeFirst()).toEqual({ id: a });
  });

  describe('who may', () => {
    it.each<Role>(['manager', 'owner'])('%s may make, read, change and delete lists', async (role) => {
      const who = await t.signIn({ role });
      const made = await call('POST', '/api/list/', { title: 'ক', slug: slug() }, who);
      expect(made.statusCode).toBe(201);
      const id = made.json().id;
      expect((await call('GET', '/api/list/', undefined, who)).statusCode).toBe(200);
      expect((await call('GET', `/api/list/${id}/`, undefined, who)).statusCode).toBe(200);
      expect((await call('PUT', `/api/list/${id}/`, { title: 'খ' }, who)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/list/${id}/`, undefined, who)).statusCode).toBe(200);
    });

    it.each<Role>(['support', 'packer', 'accountant', 'customer'])('%s is refused every list call with 403', async (role) => {
      const who = await t.signIn({ role });
      const made = await make();
      for (const [method, url, body] of [
        ['GET', '/api/list/'],
        ['POST', '/api/list/', { title: 'ক', slug: slug() }],
        ['GET', `/api/list/${made.id}/`],
        ['PUT', `/api/list/${made.id}/`, { title: 'খ' }],
        ['DELETE', `/api/list/${made.id}/`],
      ] as const) {
        expect((await call(method, url, body, who)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await call('GET', `/api/list/${made.id}/`)).json().title).toBe(made.title);
    });

    it('a visitor is refused every list call with 401', async () => {
      const made = await make();
      for (const [method, url] of [
        ['GET', '/api/list/'],
        ['POST', '/api/list/'],
        ['GET', `/api/list/${made.id}/`],
        ['PUT', `/api/list/${made.id}/`],
        ['DELETE', `/api/list/${made.id}/`],
      ] as const) {
        expect((await call(method, url, { title: 'ক', slug: slug() }, null)).statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });
});
