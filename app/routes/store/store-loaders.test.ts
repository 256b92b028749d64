/**
 * The storefront's page loaders against the real catalogue service and database (both
 * dialects: TEST_DATABASE_URL selects PostgreSQL), plus the URL helpers they share.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { createTestApp, type TestApp } from '../../../server/test/app';
import { loadCatalogFixture, type CatalogFixture } from '../../../server/test/catalog-fixture';
import { createCatalogService } from '../../../server/catalog/service';
import { listingOf, searchPageOf } from './catalog.server';
import { loader as booksLoader } from './books';
import { loader as categoryLoader } from './category';
import { loader as productLoader, meta as productMeta } from './product';
import { loader as searchLoader } from './search';
import { loader as sitemapLoader } from './sitemap';
import { loader as robotsLoader } from './robots';
import { loader as setLangLoader } from './set-lang';

const BASE = 'http://shop.test';
type AnyLoader = (args: never) => unknown;
async function run<L extends AnyLoader>(loader: L, path: string, context: AppLoadContext, params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return (await (loader as unknown as (a: unknown) => unknown)({ request: new Request(BASE + path, { headers }), params, context })) as Awaited<ReturnType<L>>;
}
/** What a loader threw: a Response (redirect) or React Router's `data(null, {status})`. */
async function thrown(p: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: e.headers.get('location') };
    const init = (e as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw e;
  }
  throw new Error('the loader did not throw');
}

describe('storefront URL state', () => {
  it('reads page, ordering and ids from the query, ignoring anything malformed', () => {
    expect(listingOf(new URL(`${BASE}/books?page=3`)).page).toEqual({ page: 3, size: 20, offset: 40 });
    for (const bad of ['0', '-2', '1.5', 'x', '']) expect(listingOf(new URL(`${BASE}/books?page=${bad}`)).page.page).toBe(1);
    expect(listingOf(new URL(`${BASE}/books?ordering=-regular_price`)).ordering).toBe('-regular_price');
    expect(listingOf(new URL(`${BASE}/books?ordering=purchase_price`)).ordering).toBeUndefined();
    expect(listingOf(new URL(`${BASE}/books?author=7`)).author).toBe(7);
    expect(listingOf(new URL(`${BASE}/books?author=7;drop`)).author).toBeUndefined();
  });

  it('reads the search page query leniently: bad values are dropped, a reversed price range turned round', () => {
    const s = searchPageOf(new URL(`${BASE}/search?q=%20river%20&type=books&category=3&author=x&publisher=0&min_price=500&max_price=200&in_stock=1&ordering=-regular_price&page=2`));
    expect(s).toEqual({
      q: 'river',
      filters: { type: 'books', category: 3, author: undefined, publisher: undefined, minPrice: 200, maxPrice: 500, inStock: true },
      ordering: '-regular_price',
      page: { page: 2, size: 20, offset: 20 },
      live: false,
    });
    const bad = searchPageOf(new URL(`${BASE}/search?q=river&type=food&min_price=-5&max_price=1e3&in_stock=yes&ordering=purchase_price&page=0`));
    expect(bad.filters).toEqual({ type: undefined, category: undefined, author: undefined, publisher: undefined, minPrice: undefined, maxPrice: undefined, inStock: undefined });
    expect(bad.ordering).toBeUndefined();
    expect(bad.page.page).toBe(1);
    expect(searchPageOf(new URL(`${BASE}/search?q=river&in_stock=0`)).filters.inStock).toBeUndefined();
  });
});

describe('storefront loaders', () => {
  let t: TestApp;
  let f: CatalogFixture;
  let context: AppLoadContext;
  beforeAll(async () => {
    t = await createTestApp();
    f = await loadCatalogFixture(t.services.database.db);
    context = { services: t.services, user: null };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('books listing: filters by author, sorts by price, and never shows inactive books', async () => {
    const all = await run(booksLoader, '/books', context);
    expect(all.results.map((p) => p.id)).not.toContain(f.ids.hidden);
    expect(all.results.every((p) => p.type === 'books')).toBe(true);
    const byAuthor = await run(booksLoader, `/books?author=${f.authors.humayun}`, context);
    expect(byAuthor.author).toBe(f.authors.humayun);
    expect(byAuthor.results.map((p) => p.id).sort()).toEqual([f.ids.riverSong, f.ids.eveningRain].sort());
    const cheap = await run(booksLoader, '/books?ordering=regular_price', context);
    const prices = cheap.results.map((p) => p.regular_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // Cards carry only what they show: no purchase price or description in the page data.
    expect(Object.keys(cheap.results[0] ?? {})).not.toContain('purchase_price');
    expect(Object.keys(cheap.results[0] ?? {})).not.toContain('description');
  });

  it('category page lists the books of its sub-categories and answers 404 for an unknown name', async () => {
    const fiction = await run(categoryLoader, '/category/x', context, { name: 'গল্প-উপন্যাস-কবিতা' });
    expect(fiction.results.map((p) => p.id).sort()).toEqual([f.ids.pride, f.ids.riverSong, f.ids.eveningRain, f.ids.riversOfBengal].sort());
    expect(fiction.children.map((c) => c.name).sort()).toEqual(['উপন্যাস', 'কবিতা'].sort());
    expect((await thrown(run(categoryLoader, '/category/x', context, { name: 'নেই' }))).status).toBe(404);
  });

  it('product page: 404 for inactive or missing products, one address per product, Book JSON-LD', async () => {
    expect((await thrown(run(productLoader, `/books/${f.ids.hidden}`, context, { id: String(f.ids.hidden) }))).status).toBe(404);
    expect((await thrown(run(productLoader, '/books/abc', context, { id: 'abc' }))).status).toBe(404);
    const moved = await thrown(run(productLoader, `/books/${f.ids.calculator}`, context, { id: String(f.ids.calculator) }));
    expect(moved).toEqual({ status: 301, location: `/electronics/${f.ids.calculator}` });
    const data = await run(productLoader, `/books/${f.ids.riversOfBengal}`, context, { id: String(f.ids.riversOfBengal) });
    const tags = productMeta({ data } as never) as Record<string, unknown>[];
    expect(tags).toContainEqual({ title: 'Rivers of Bengal | বাংলার নদী' });
    const ld = tags.find((m) => 'script:ld+json' in m)?.['script:ld+json'] as Record<string, unknown>;
    expect(ld).toMatchObject({ '@type': ['Product', 'Book'], name: 'Rivers of Bengal', author: { name: 'Zafar Iqbal' }, offers: { price: 405, priceCurrency: 'BDT', availability: 'https://schema.org/InStock' } });
  });

  it('product page: the related lists as cards, in stock first, without the product or inactive books', async () => {
    const data = await run(productLoader, `/books/${f.ids.riverSong}`, context, { id: String(f.ids.riverSong) });
    // Humayun's other active book (out of stock); the poetry shelf's other book.
    expect(data.related.by_author.map((p) => p.id)).toEqual([f.ids.eveningRain]);
    expect(data.related.in_category.map((p) => p.id)).toEqual([f.ids.riversOfBengal]);
    expect(data.related.bought_together).toEqual([]);
    expect(Object.keys(data.related.by_author[0] ?? {})).not.toContain('description');
  });

  it('search answers Bengali and English terms, at most 20, and nothing for empty text', async () => {
    expect((await run(searchLoader, '/search?q=%20', context)).results).toEqual([]);
    const bn = await run(searchLoader, `/search?q=${encodeURIComponent('নদী')}`, context);
    expect(bn.results.map((r) => r.id)).toContain(f.ids.riversOfBengal);
    expect(bn.results.map((r) => r.id)).not.toContain(f.ids.hidden);
    const en = await run(searchLoader, '/search?q=river', context);
    expect(en.results.length).toBeGreaterThan(0);
    expect(en.results.length).toBeLessThanOrEqual(20);
  });

  it('search page: filters, counts, facets with names, sort, and "did you mean" when nothing matches', async () => {
    const all = await run(searchLoader, '/search?q=river', context);
    expect(all.count).toBe(3);
    expect(all.capped).toBe(false);
    expect(all.facets?.types).toEqual([
      { value: 'books', count: 2 },
      { value: 'stationary', count: 1 },
    ]);
    expect(all.suggestion).toBeNull();
    // The header's live results read these from the same answer.
    expect(Object.keys(all.results[0]!)).toEqual(expect.arrayContaining(['id', 'type', 'english_title', 'bangla_title', 'thumb', 'price']));

    const books = await run(searchLoader, `/search?q=river&type=books&author=${f.authors.zafar}&ordering=regular_price`, context);
    expect(books.results.map((r) => r.id)).toEqual([f.ids.riversOfBengal]);
    expect(books.params).toEqual({ q: 'river', type: 'books', author: String(f.authors.zafar), ordering: 'regular_price' });
    expect(books.facets?.authors.map((a) => a.id)).toContain(f.authors.humayun);

    const cheap = await run(searchLoader, '/search?q=river&max_price=100', context);
    expect(cheap.results.map((r) => r.id)).toEqual([f.ids.gelPen]);

    // Lenient: nonsense values are ignored, never an error.
    const odd = await run(searchLoader, '/search?q=river&category=abc&min_price=cheap&page=99999999&ordering=drop', context);
    expect(odd.count).toBe(3);
    expect(odd.page).toBe(1);

    const typo = await run(searchLoader, '/search?q=rivr', context);
    expect(typo.count).toBe(0);
    expect(typo.suggestion).toBe('river');
    expect((await run(searchLoader, '/search?q=river&live=1', context)).facets).toBeNull();
    // A count that stops at the limit says so (the page shows "2+").
    const capped = createCatalogService(t.services.database.db, t.services.storage, { dialect: t.services.database.dialect, isOnOrders: async () => false, searchCountLimit: 2 });
    const few = await run(searchLoader, '/search?q=river', { ...context, services: { ...t.services, catalog: capped } });
    expect([few.count, few.capped]).toEqual([2, true]);
    expect((await run(searchLoader, '/search', context)).facets).toBeNull();
  });

  it('sitemap lists active products and categories; robots.txt keeps the back office and API out', async () => {
    const sitemap = await (await run(sitemapLoader, '/sitemap.xml', context)).text();
    expect(sitemap).toContain(`<loc>${BASE}/books/${f.ids.pride}</loc>`);
    expect(sitemap).toContain(`<loc>${BASE}/electronics/${f.ids.calculator}</loc>`);
    expect(sitemap).not.toContain(`/books/${f.ids.hidden}<`);
    expect(sitemap).toContain(`${BASE}/category/${encodeURIComponent('কবিতা')}`);
    const robots = await (await run(robotsLoader, '/robots.txt', context)).text();
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('language switch', () => {
  const context = {} as AppLoadContext;
  it('sets the lang cookie for a year and goes back to the page on this site', async () => {
    const res = await run(setLangLoader, '/set-lang/en?back=%2Fbooks%3Fpage%3D2', context, { lang: 'en' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/books?page=2');
    expect(res.headers.get('set-cookie')).toContain('lang=en; Path=/; Max-Age=31536000');
    const viaReferer = await run(setLangLoader, '/set-lang/bn', context, { lang: 'bn' }, { referer: `${BASE}/authors` });
    expect(viaReferer.headers.get('location')).toBe('/authors');
  });

  it('never redirects to another site', async () => {
    for (const back of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await run(setLangLoader, `/set-lang/en?back=${encodeURIComponent(back)}`, context, { lang: 'en' }, { referer: 'https://evil.example/' });
      expect(res.headers.get('location')).toBe('/');
    }
  });
});
