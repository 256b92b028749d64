/**
 * Real answers fit the OpenAPI document: the main reads (the catalogue, settings, the signed-in
 * user, orders, tracking, reviews) and the refusals (400, 401, 403, 404), called through the
 * test app and checked with ajv against the schemas the document gives their status. On SQLite,
 * or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { loadCatalogFixture, type CatalogFixture } from '../test/catalog-fixture';
import { checkoutBody } from '../test/orders-fixtures';
import { openApiChecker } from './openapi-check';

describe(`real answers fit the OpenAPI document (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  let customer: Signed;
  let f: CatalogFixture;
  let checker: Awaited<ReturnType<typeof openApiChecker>>;
  let orderId: number;
  beforeAll(async () => {
    ({ t, admin, customer } = await openSignedApp());
    f = await loadCatalogFixture(t.services.database.db);
    checker = await openApiChecker();
    const placed = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product: f.ids.pride, quantity: 1 }]) });
    expect(placed.statusCode, placed.body).toBe(200);
    orderId = placed.json().order_id;
  }, 60_000);
  afterAll(() => t?.close());

  /** Calls `url` as `route` documents it and returns what the document finds wrong with the answer. */
  const problems = async (route: string, url: string, opts: { who?: Signed; payload?: object; status?: number } = {}) => {
    const [method] = route.split(' ') as ['GET' | 'POST'];
    const res = await t.app.inject({ method, url, headers: opts.who?.headers ?? {}, ...(opts.payload ? { payload: opts.payload } : {}) });
    expect(res.statusCode, `${route} ${res.body.slice(0, 300)}`).toBe(opts.status ?? 200);
    return checker.check(route, res);
  };

  it('the public catalogue reads answer what the document describes, for shoppers and for staff', async () => {
    const p = f.ids.pride;
    const calls: [string, string, Signed?][] = [
      ['GET /healthz', '/healthz'],
      ['GET /api/settings/', '/api/settings/'],
      ['GET /api/settings/', '/api/settings/', admin],
      ['GET /api/product/', '/api/product/?page_size=3'],
      ['GET /api/product/', '/api/product/?search=river'],
      ['GET /api/product/:id/', `/api/product/${p}/`],
      ['GET /api/product/:id/', `/api/product/${p}/`, admin],
      ['GET /api/product/:id/related/', `/api/product/${f.ids.riverSong}/related/`],
      ['GET /all-product/:type/', '/all-product/books/'],
      ['GET /all-product/:type/', '/all-product/books/?page=1&page_size=2'],
      ['GET /category-book/:name/', `/category-book/${encodeURIComponent('কবিতা')}/`],
      ['GET /category-all-book/:name/', `/category-all-book/${encodeURIComponent('বই')}/?page=1`],
      ['GET /author-book/:name/', `/author-book/${encodeURIComponent('Jane Austen')}/`],
      ['GET /publisher-book/:name/', `/publisher-book/${encodeURIComponent('Padma Books')}/?page=1`],
      ['GET /api/author/', '/api/author/'],
      ['GET /api/author/:id/', `/api/author/${f.authors.austen}/`],
      ['GET /api/publisher/', '/api/publisher/?page_size=1'],
      ['GET /api/publisher/:id/', `/api/publisher/${f.publishers.padma}/`],
      ['GET /api/category/', '/api/category/'],
      ['GET /api/category/:id/', `/api/category/${f.categories.novel}/`],
      ['GET /api/banner/', '/api/banner/'],
      ['GET /api/logo/', '/api/logo/'],
      ['GET /api/search/', '/api/search/?q=river'],
      ['GET /api/search/suggest/', '/api/search/suggest/?q=river'],
      ['GET /api/product/:id/reviews/', `/api/product/${p}/reviews/`],
    ];
    for (const [route, url, who] of calls) expect(await problems(route, url, { who }), url).toEqual([]);
  });

  it("a customer's reads answer what the document describes: themself, their orders and lines, tracking, their review", async () => {
    const calls: [string, string][] = [
      ['GET /api/me/', '/api/me/'],
      ['GET /api/user/', `/api/user/?phone_number=${customer.phone}`],
      ['GET /api/order/', '/api/order/'],
      ['GET /api/order/:id/', `/api/order/${orderId}/`],
      ['GET /api/orderItem/', '/api/orderItem/'],
      ['GET /api/product/:id/reviews/mine/', `/api/product/${f.ids.pride}/reviews/mine/`],
    ];
    for (const [route, url] of calls) expect(await problems(route, url, { who: customer }), url).toEqual([]);
    expect(await problems('GET /api/order/:id/', `/api/order/${orderId}/`, { who: admin })).toEqual([]);
    expect(await problems('GET /api/order/', '/api/order/', { who: admin })).toEqual([]);
    expect(await problems('GET /api/track/', `/api/track/?order=${orderId}&phone=${customer.phone}`)).toEqual([]);
    const quote = { orderItems: [{ product: f.ids.riversOfBengal, quantity: 2 }], delivery_option: 'dhaka_home' };
    expect(await problems('POST /api/cart/quote/', '/api/cart/quote/', { payload: quote })).toEqual([]);
    expect(await problems('POST /checkout/', '/checkout/', { who: customer, payload: checkoutBody([{ product: f.ids.gelPen, quantity: 2 }]) })).toEqual([]);
  });

  it("a manager's catalogue writes answer what the document describes", async () => {
    const write = async (route: string, url: string, payload: object | undefined, status: number) => {
      const [method] = route.split(' ') as ['POST' | 'PUT' | 'DELETE'];
      const res = await t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${route} ${res.body.slice(0, 300)}`).toBe(status);
      expect(checker.check(route, res), url).toEqual([]);
      return res.json() as Record<string, { id: number }> & { id: number };
    };
    await write('PUT /api/product/:id/', `/api/product/${f.ids.gelPen}/`, { regular_price: 25 }, 200);
    const { category } = await write('POST /api/category/', '/api/category/', { name: 'নতুন তাক', parent: null }, 201);
    await write('PUT /api/category/:id/', `/api/category/${category!.id}/`, { name: 'নতুন তাক ২' }, 200);
    await write('DELETE /api/category/:id/', `/api/category/${category!.id}/`, undefined, 200);
    await write('PUT /api/author/:id/', `/api/author/${f.authors.zafar}/`, { description: 'লেখক' }, 200);
    const promotion = await write('POST /api/promotion/', '/api/promotion/', { name: 'বইমেলা', kind: 'percentage', value: 20, code: 'MELA20', applies_to: { types: ['books'] }, starts_at: '2027-02-01T00:00:00+06:00' }, 201);
    await write('PUT /api/promotion/:id/', `/api/promotion/${promotion.id}/`, { value: 15 }, 200);
    expect(await problems('GET /api/promotion/', '/api/promotion/', { who: admin })).toEqual([]);
    expect(await problems('GET /api/promotion/:id/', `/api/promotion/${promotion.id}/`, { who: admin })).toEqual([]);
    await write('DELETE /api/promotion/:id/', `/api/promotion/${promotion.id}/`, undefined, 200);
  });

  it('refusals answer the documented Error shape: 400 with per-field messages, 401, 403, 404', async () => {
    expect(await problems('GET /api/product/', '/api/product/?page=0', { status: 400 })).toEqual([]);
    expect(await problems('GET /api/me/', '/api/me/', { status: 401 })).toEqual([]);
    expect(await problems('GET /api/promotion/', '/api/promotion/', { who: customer, status: 403 })).toEqual([]);
    expect(await problems('GET /api/product/:id/', '/api/product/999999/', { status: 404 })).toEqual([]);
    expect(await problems('GET /api/order/:id/', '/api/order/abc/', { who: customer, status: 404 })).toEqual([]);
  });

  it('finds an answer that does not fit: a field of the wrong type, a field the document lacks, an undocumented status', async () => {
    const res = await t.app.inject({ url: `/api/product/${f.ids.pride}/` });
    const answer = (body: object, statusCode = 200) => ({ statusCode, headers: res.headers, body: JSON.stringify(body) });
    const product = res.json() as Record<string, unknown>;
    expect(checker.check('GET /api/product/:id/', answer(product))).toEqual([]);
    expect(checker.check('GET /api/product/:id/', answer({ ...product, price: String(product.price) })).join()).toMatch(/\/price must be integer/);
    expect(checker.check('GET /api/product/:id/', answer({ ...product, secret: 1 })).join()).toMatch(/additional properties \(secret\)/);
    expect(checker.check('GET /api/product/:id/', answer(product, 403)).join()).toMatch(/does not document/);
  });
});
