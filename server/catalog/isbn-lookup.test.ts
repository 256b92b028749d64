/**
 * Finding a book by its ISBN (issue 36): `?isbn=`, the header search, the /search page's list and
 * the back office's search all find the book whatever way its number is written, ISBN-10 or 13.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app';
import { openProductAdmin, type ProductAdminContext } from '../test/catalog-admin';
import { testDialect } from '../test/database';

describe(`finding a book by its ISBN (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let createBook: ProductAdminContext['createBook'];
  let id: number;

  beforeAll(async () => {
    ({ t, admin, createBook } = await openProductAdmin());
    const made = await createBook({ english_title: 'Deyal', bangla_title: 'দেয়াল', isbn: '978-984-502-011-1' });
    expect(made.statusCode, made.body).toBe(201);
    id = made.json().product.id;
    // Another book whose number differs in one digit, and one with no ISBN at all.
    expect((await createBook({ english_title: 'Other', isbn: '9789845020128' })).statusCode).toBe(201);
    expect((await createBook({ english_title: 'No number', isbn: '' })).statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  const list = async (query: string, headers: Record<string, string> = {}) => (await t.app.inject({ method: 'GET', url: `/api/product/?${query}`, headers })).json();

  it('?isbn= finds exactly the book, with hyphens, spaces or none', async () => {
    for (const isbn of ['978-984-502-011-1', '9789845020111', '978 984 502 011 1', ' 978-984-502011-1 ']) {
      const found = await list(`isbn=${encodeURIComponent(isbn)}`);
      expect(found.count, isbn).toBe(1);
      expect(found.results[0].id).toBe(id);
    }
  });

  it('an ISBN-10 and its ISBN-13 find the same book', async () => {
    const made = await createBook({ english_title: 'Old print', isbn: '0-306-40615-2' });
    const oldId = made.json().product.id;
    expect((await list('isbn=9780306406157')).results.map((p: { id: number }) => p.id)).toEqual([oldId]);
    expect((await list('isbn=978-0-306-40615-7')).results.map((p: { id: number }) => p.id)).toEqual([oldId]);
    expect((await list('isbn=0306406152')).results.map((p: { id: number }) => p.id)).toEqual([oldId]);
  });

  it('text that is no ISBN answers 400 with the field named, not an empty list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/?isbn=hello' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('isbn');
  });

  it('the search box, the /search list and the back office search find the book by its ISBN', async () => {
    const header = (await t.app.inject({ method: 'GET', url: `/api/search/?search=${encodeURIComponent('978-984-502-011-1')}` })).json();
    expect(header.map((p: { id: number }) => p.id)).toEqual([id]);
    const page = await t.services.catalog.searchPage('978 984 502 011 1', {}, undefined, { page: 1, size: 20, offset: 0 });
    expect(page?.results.map((p) => p.id)).toEqual([id]);
    expect(page?.plan).toBeNull();
    expect((await list(`search=${encodeURIComponent('9789845020111')}`, admin)).results.map((p: { id: number }) => p.id)).toEqual([id]);
    const suggested = (await t.app.inject({ method: 'GET', url: '/api/search/suggest/?q=9789845020111' })).json();
    expect(suggested.results).toEqual([expect.objectContaining({ kind: 'product', id })]);
  });

  it('changing the ISBN moves the key with it', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, headers: admin, payload: { isbn: '9789845020128X'.slice(0, 13) } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list('isbn=9789845020111')).count).toBe(0);
    expect((await list('isbn=9789845020128')).count).toBe(2);
  });
});
