/**
 * With the answer cache off (HAAT_CATALOG_CACHE=0, as the benchmark measures the queries),
 * every catalogue read answers the very text the cache would serve, with an ETag that a
 * client can revalidate and that changes with the stock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { loadCatalogFixture, type CatalogFixture } from '../test/catalog-fixture';
import { catalogAnswerCacheStats } from './answer-cache';

const enc = encodeURIComponent;

describe(`catalogue answers with the answer cache off (${testDialect})`, () => {
  let cached: TestApp;
  let uncached: TestApp;
  let f: CatalogFixture;

  beforeAll(async () => {
    cached = await createTestApp();
    process.env.HAAT_CATALOG_CACHE = '0';
    try {
      uncached = await createTestApp();
    } finally {
      delete process.env.HAAT_CATALOG_CACHE;
    }
    // The same catalogue in both: the same ids and times.
    f = await loadCatalogFixture(cached.services.database.db);
    await loadCatalogFixture(uncached.services.database.db);
  });
  afterAll(async () => {
    await cached?.close();
    await uncached?.close();
  });

  const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answer every product list, searched or not, in the envelope or as an array, with the text the cache serves', async () => {
    const urls = [
      '/api/product/',
      '/api/product/?page=2&page_size=2',
      '/api/product/?search=river',
      `/api/product/?category=${f.categories.poetry}&ordering=-regular_price`,
      '/all-product/books/',
      '/all-product/books/?page=1&ordering=name',
      `/category-all-book/${enc('গল্প-উপন্যাস-কবিতা')}/`,
      `/category-book/${enc('কবিতা')}/?page=1`,
      `/author-book/${enc('হুমায়ুন আহমেদ')}/`,
      `/publisher-book/${enc('Padma Books')}/?page=1`,
      '/api/search/?q=river',
      '/api/category/',
      `/api/product/${f.ids.pride}/`,
    ];
    for (const url of urls) {
      const [a, b] = await Promise.all([get(cached, url), get(uncached, url)]);
      expect(b.statusCode, url).toBe(200);
      expect(b.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(b.body, url).toBe(a.body);
    }
    expect(JSON.parse((await get(uncached, '/api/product/')).body).results.length).toBeGreaterThan(3);
  });

  it('answer a matching If-None-Match with 304, and a new ETag once the stock moves', async () => {
    const url = '/api/product/?page=1';
    const stats = catalogAnswerCacheStats();
    const first = await get(uncached, url);
    expect(catalogAnswerCacheStats()).toEqual(stats); // no cache was asked
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await get(uncached, url, { 'if-none-match': etag })).statusCode).toBe(304);
    await uncached.services.database.db.updateTable('products').set({ units_stock: 99 }).where('id', '=', f.ids.pride).execute();
    const moved = await get(uncached, url, { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(JSON.parse(moved.body).results.find((p: { id: number }) => p.id === f.ids.pride).units_stock).toBe(99);
  });
});
