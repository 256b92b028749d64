/**
 * Inputs that once answered 500: each is a 4xx with the usual JSON error shape on both databases.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAdminApp, type TestApp } from '../app';
import { testDialect } from '../database';
import { openFuzzApp, pagesBuilt, type FuzzApp } from './fuzz-app';

type Answer = { statusCode: number; json(): unknown; body: string };

function refusedWithShape(res: Answer, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  const body = res.json() as { status: number; message: string };
  expect(body.status).toBe(res.statusCode);
  expect(typeof body.message).toBe('string');
}

describe(`bad input never answers 500 (${testDialect})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  beforeAll(async () => ({ t, admin, customer } = await openAdminApp()));
  afterAll(() => t.close());

  it('a category parent above the largest 32-bit id answers 400 on the parent (a 500 on PostgreSQL before)', async () => {
    for (const parent of [2_147_483_648, '2147483648', 1e15, '99999999999999999999']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/category/', headers: admin, payload: { name: 'ক', parent } });
      refusedWithShape(res, String(parent));
      expect((res.json() as { errors: object }).errors).toHaveProperty('parent');
    }
  });

  it('a product\'s category, author or publisher above the largest 32-bit id answers 400 on that field', async () => {
    const { insertProduct } = await import('../orders-fixtures');
    const id = await insertProduct(t.services.database.db);
    for (const field of ['category', 'author', 'publisher']) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/product/${id}/`, headers: admin, payload: { [field]: 2_147_483_648 } });
      refusedWithShape(res, field);
      expect((res.json() as { errors: object }).errors).toHaveProperty(field);
    }
  });

  it('ids above the largest 32-bit id in paths and filters are not found or refused', async () => {
    for (const [url, headers] of [
      ['/api/order/2147483648/', admin],
      ['/api/order/99999999999999999999/', customer],
      ['/api/order/2147483648/invoice/', admin],
      ['/api/orderItem/?order=2147483648', admin],
      ['/api/product/2147483648/', {}],
      ['/api/product/?category=2147483648', {}],
      ['/api/category/9007199254740993/', {}],
      ['/category-book/x/?author=2147483648', {}],
    ] as const) {
      refusedWithShape(await t.app.inject({ method: 'GET', url, headers }), url);
    }
    for (const url of ['/api/product/2147483648/', '/api/category/2147483648/', '/api/author/2147483648/', '/api/banner/2147483648/'])
      refusedWithShape(await t.app.inject({ method: 'DELETE', url, headers: admin }), url);
    refusedWithShape(await t.app.inject({ method: 'PUT', url: '/api/order/2147483648/', headers: admin, payload: { status: 'Cancelled' } }), 'PUT order');
  });

  it('NUL and controls in full-text queries answer 400 on SQLite and PostgreSQL', async () => {
    for (const q of ['%00', 'a%00b', '%22%00', '%01*', 'NEAR(%00)'])
      for (const url of [`/api/search/?q=${q}`, `/api/product/?search=${q}`, `/all-product/books/?search=${q}`]) refusedWithShape(await t.app.inject({ method: 'GET', url }), url);
  });

  it('over-long category names in DELETE and PUT /category/{name}/ answer 404 or 414, not 500', async () => {
    for (const name of ['x'.repeat(99), 'x'.repeat(101), 'ক'.repeat(30), 'ক'.repeat(400), 'x'.repeat(5000)]) {
      const url = `/category/${encodeURIComponent(name)}/`;
      refusedWithShape(await t.app.inject({ method: 'DELETE', url, headers: admin }), `DELETE ${name.length}`);
      refusedWithShape(await t.app.inject({ method: 'PUT', url, headers: admin, payload: { name: 'n' } }), `PUT ${name.length}`);
    }
  });

  it('a category whose Bengali name fills the 200 characters allowed is reachable by name (no 414)', async () => {
    const name = 'ক'.repeat(200);
    const created = await t.app.inject({ method: 'POST', url: '/api/category/', headers: admin, payload: { name } });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const url = `/category-book/${encodeURIComponent(name)}/`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/category/${encodeURIComponent(name)}/`, headers: admin });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
  });

  it('a banner link to another site (/\\evil.example, //evil, javascript:) answers 400 on url', async () => {
    const { multipart, pngFile } = await import('../media-fixtures');
    for (const url of ['/\\evil.example', '//evil', 'javascript:alert(1)', '/\t/evil.example']) {
      const res = await t.app.inject({ method: 'POST', url: '/create-banner/', ...multipart({ url, image: await pngFile() }, admin) });
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { errors: object }).errors).toHaveProperty('url');
    }
  });
});

describe(`page routes with no body (${testDialect})`, () => {
  const withPages = pagesBuilt ? it : it.skip;
  let f: FuzzApp | undefined;
  afterAll(() => f?.close());

  withPages('a page POST, PUT or DELETE with no body answers 4xx, not 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    f = await openFuzzApp({ pages: true });
    for (const [method, url] of [['POST', '/admin-books'], ['PUT', '/cart'], ['DELETE', '/'], ['DELETE', `/category/${'x'.repeat(101)}/`]] as const) {
      const res = await f.app.inject({ method, url, headers: f.headers.admin });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });
});
