import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { loadCatalogFixture, type CatalogFixture } from '../test/catalog-fixture';
import { sql } from 'kysely';
import { createCatalogService } from './service';
import { PRODUCT_COLUMNS, PRODUCT_COLUMN_KINDS, productQuery, toApiProduct, type ProductRow } from './api-product';
import { insertProduct } from '../test/orders-fixtures';

const enc = encodeURIComponent;

describe(`catalogue reads (${testDialect})`, () => {
  let t: TestApp;
  let f: CatalogFixture;
  let admin: Record<string, string>;
  const get = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const ids = (list: { id: number }[]) => list.map((p) => p.id);

  beforeAll(async () => {
    t = await createTestApp();
    f = await loadCatalogFixture(t.services.database.db);
    admin = (await t.signIn({ admin: true })).headers;
  });
  afterAll(() => t.close());

  describe('GET /api/product/', () => {
    it('answers the envelope of active products, newest id first, with joined names and no purchase price', async () => {
      const res = await get('/api/product/');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ count: 6, next: null, previous: null });
      expect(ids(body.results)).toEqual([f.ids.riversOfBengal, f.ids.gelPen, f.ids.calculator, f.ids.eveningRain, f.ids.riverSong, f.ids.pride]);
      const pride = body.results.find((p: { id: number }) => p.id === f.ids.pride);
      expect(pride).toMatchObject({ type: 'books', english_title: 'Pride and Prejudice', category: f.categories.novel, category_name: 'উপন্যাস', author_name: 'Jane Austen', publisher_name: 'Padma Books', price: 500, is_active: true });
      expect(pride).not.toHaveProperty('purchase_price');
      expect(pride).not.toHaveProperty('purchase_from');
      const bengal = body.results.find((p: { id: number }) => p.id === f.ids.riversOfBengal);
      expect(bengal.price).toBe(405);
    });

    it('answers without the trailing slash too', async () => {
      expect((await get('/api/product')).json().count).toBe(6);
    });

    it('shows admins inactive products and purchase prices; is_active filters for them', async () => {
      const all = (await get('/api/product/', admin)).json();
      expect(all.count).toBe(7);
      expect(all.results.find((p: { id: number }) => p.id === f.ids.pride)).toMatchObject({ purchase_price: 350, purchase_from: 'Nilkhet' });
      expect(ids((await get('/api/product/?is_active=false', admin)).json().results)).toEqual([f.ids.hidden]);
      expect((await get('/api/product/?is_active=true', admin)).json().count).toBe(6);
    });

    it('never shows shoppers an inactive product, whatever they ask', async () => {
      expect((await get('/api/product/?is_active=false')).json()).toMatchObject({ count: 0, results: [] });
      expect((await get(`/api/product/${f.ids.hidden}/`)).statusCode).toBe(404);
      expect((await get(`/api/product/?search=hidden`)).json().count).toBe(0);
      expect((await get(`/api/product/${f.ids.hidden}/`, admin)).statusCode).toBe(200);
    });

    it('filters by type, category, author and publisher', async () => {
      expect(ids((await get('/api/product/?type=electronics')).json().results)).toEqual([f.ids.calculator]);
      expect(ids((await get(`/api/product/?category=${f.categories.poetry}`)).json().results)).toEqual([f.ids.riversOfBengal, f.ids.riverSong]);
      expect(ids((await get(`/api/product/?author=${f.authors.humayun}`)).json().results)).toEqual([f.ids.eveningRain, f.ids.riverSong]);
      expect(ids((await get(`/api/product/?publisher=${f.publishers.padma}&type=books`)).json().results)).toEqual([f.ids.riversOfBengal, f.ids.pride]);
    });

    it('orders by each allowed ordering', async () => {
      const order = async (o: string) => ids((await get(`/api/product/?type=books&ordering=${enc(o)}`)).json().results);
      expect(await order('regular_price')).toEqual([f.ids.eveningRain, f.ids.riverSong, f.ids.riversOfBengal, f.ids.pride]);
      expect(await order('-regular_price')).toEqual([f.ids.pride, f.ids.riversOfBengal, f.ids.riverSong, f.ids.eveningRain]);
      expect(await order('-units_stock')).toEqual([f.ids.riverSong, f.ids.pride, f.ids.riversOfBengal, f.ids.eveningRain]);
      expect(await order('-updated_at')).toEqual([f.ids.riversOfBengal, f.ids.eveningRain, f.ids.riverSong, f.ids.pride]);
      expect(await order('name')).toEqual([f.ids.eveningRain, f.ids.pride, f.ids.riversOfBengal, f.ids.riverSong]);
    });

    it('pages 20 at a time by default, with page_size, next and previous links', async () => {
      const res = (await get('/api/product/?page_size=2&page=2')).json();
      expect(res.count).toBe(6);
      expect(ids(res.results)).toEqual([f.ids.calculator, f.ids.eveningRain]);
      expect(res.next).toBe('/api/product/?page_size=2&page=3');
      expect(res.previous).toBe('/api/product/?page_size=2&page=1');
      expect((await get('/api/product/?page=9')).json()).toMatchObject({ count: 6, results: [] });
    });

    it.each([
      ['a non-numeric page', '/api/product/?page=abc'],
      ['page zero', '/api/product/?page=0'],
      ['an unknown ordering', '/api/product/?ordering=price'],
      ['an unknown type', '/api/product/?type=toys'],
      ['a non-numeric category', '/api/product/?category=novels'],
      ['a bad is_active', '/api/product/?is_active=maybe'],
      ['a page_size over 100', '/api/product/?page_size=1000'],
    ])('answers 400 with field errors for %s', async (_what, url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
      expect(res.json().errors).toBeTruthy();
    });

    it('answers one product with and without the trailing slash, and 404 JSON for unknown or malformed ids', async () => {
      for (const url of [`/api/product/${f.ids.pride}/`, `/api/product/${f.ids.pride}`]) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: f.ids.pride, author_name: 'Jane Austen' });
      }
      for (const url of ['/api/product/999999/', '/api/product/abc/', '/api/product/99999999999999/']) {
        const res = await get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ status: 404 });
      }
    });
  });

  describe('catalogue routes', () => {
    it('/all-product/{type}/ answers a plain array of active products of that type, newest first', async () => {
      const res = await get('/all-product/books/');
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toEqual([f.ids.riversOfBengal, f.ids.eveningRain, f.ids.riverSong, f.ids.pride]);
      expect(ids((await get('/all-product/stationary')).json())).toEqual([f.ids.gelPen]);
    });

    it('/all-product/{type}/ takes ordering and search, and answers the envelope with ?page=', async () => {
      expect(ids((await get('/all-product/books/?ordering=-regular_price')).json())).toEqual([f.ids.pride, f.ids.riversOfBengal, f.ids.riverSong, f.ids.eveningRain]);
      expect(ids((await get('/all-product/books/?search=river')).json())).toEqual([f.ids.riversOfBengal, f.ids.riverSong]);
      const page = (await get('/all-product/books/?page=2&page_size=3&ordering=regular_price')).json();
      expect(page).toMatchObject({ count: 4, next: null });
      expect(ids(page.results)).toEqual([f.ids.pride]);
    });

    it('/all-product/{type}/ answers 400 for an unknown type or ordering', async () => {
      expect((await get('/all-product/toys/')).statusCode).toBe(400);
      expect((await get('/all-product/books/?ordering=cheapest')).statusCode).toBe(400);
      expect((await get('/all-product/books/?page=x')).statusCode).toBe(400);
    });

    it('/category-book/{name}/ lists the books filed directly under the category, Bengali names URL-decoded', async () => {
      const res = await get(`/category-book/${enc('কবিতা')}/`);
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toEqual([f.ids.riversOfBengal, f.ids.riverSong]);
      expect(ids((await get(`/category-book/${enc('গল্প-উপন্যাস-কবিতা')}`)).json())).toEqual([f.ids.eveningRain]);
      expect(ids((await get(`/category-book/${enc('কবিতা')}/?ordering=regular_price`)).json())).toEqual([f.ids.riverSong, f.ids.riversOfBengal]);
    });

    it('/category-all-book/{name}/ adds every descendant category, and pages with ?page=', async () => {
      expect(ids((await get(`/category-all-book/${enc('গল্প-উপন্যাস-কবিতা')}/`)).json())).toEqual([f.ids.riversOfBengal, f.ids.eveningRain, f.ids.riverSong, f.ids.pride]);
      expect(ids((await get(`/category-all-book/${enc('বই')}`)).json())).toHaveLength(4);
      const page = (await get(`/category-all-book/${enc('বই')}/?page=1&page_size=3`)).json();
      expect(page).toMatchObject({ count: 4 });
      expect(page.results).toHaveLength(3);
      expect(page.next).toContain('page=2');
    });

    it('/author-book/ and /publisher-book/ match names exactly, in Bengali and English', async () => {
      expect(ids((await get(`/author-book/${enc('হুমায়ুন আহমেদ')}/`)).json())).toEqual([f.ids.eveningRain, f.ids.riverSong]);
      expect(ids((await get(`/author-book/${enc('Jane Austen')}`)).json())).toEqual([f.ids.pride]);
      expect(ids((await get(`/publisher-book/${enc('Padma Books')}/?ordering=regular_price`)).json())).toEqual([f.ids.riversOfBengal, f.ids.pride]);
      expect(ids((await get(`/publisher-book/${enc('নদী প্রকাশন')}/`)).json())).toEqual([f.ids.eveningRain, f.ids.riverSong]);
      expect((await get(`/author-book/${enc('jane austen')}/`)).statusCode).toBe(404);
    });

    it.each(['/category-book/', '/category-all-book/', '/author-book/', '/publisher-book/'])('%s answers 404 JSON for an unknown name and 400 for an unknown ordering', async (base) => {
      const res = await get(`${base}${enc('নেই এমন নাম')}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404 });
      expect((await get(`${base}${enc('কবিতা')}/?ordering=nope`)).statusCode).toBe(400);
    });
  });

  describe('authors, publishers, categories, banners, logos', () => {
    it('/api/author/ lists authors in the envelope, sorted by name with ordering=name, searchable', async () => {
      const byName = (await get('/api/author/?ordering=name')).json();
      expect(byName.count).toBe(3);
      expect(byName.results.map((a: { name: string }) => a.name)).toEqual(['Jane Austen', 'Zafar Iqbal', 'হুমায়ুন আহমেদ']);
      expect(byName.results[0]).toMatchObject({ id: f.authors.austen, description: '', image: null, alt_text: 'Jane Austen' });
      expect((await get('/api/author/?search=JANE')).json().results.map((a: { id: number }) => a.id)).toEqual([f.authors.austen]);
      expect((await get(`/api/author/?search=${enc('হুমায়ুন')}`)).json().results.map((a: { id: number }) => a.id)).toEqual([f.authors.humayun]);
    });

    it('/api/author/{id} answers with and without the slash; unknown 404; bad ordering 400', async () => {
      expect((await get(`/api/author/${f.authors.humayun}`)).json()).toMatchObject({ name: 'হুমায়ুন আহমেদ' });
      expect((await get(`/api/author/${f.authors.humayun}/`)).statusCode).toBe(200);
      expect((await get('/api/author/424242/')).statusCode).toBe(404);
      expect((await get('/api/author/?ordering=age')).statusCode).toBe(400);
    });

    it('/api/publisher/ lists, sorts, searches and answers one', async () => {
      expect((await get('/api/publisher/?ordering=name')).json().results.map((p: { name: string }) => p.name)).toEqual(['Padma Books', 'River House', 'নদী প্রকাশন']);
      expect((await get('/api/publisher/?search=river')).json().results.map((p: { id: number }) => p.id)).toEqual([f.publishers.riverHouse]);
      expect((await get(`/api/publisher/${f.publishers.nodi}`)).json()).toMatchObject({ name: 'নদী প্রকাশন' });
      expect((await get('/api/publisher/0')).statusCode).toBe(404);
    });

    it('/api/category/ lists every category flat with its parent name and number of children', async () => {
      const res = (await get('/api/category/')).json();
      expect(res.count).toBe(6);
      expect(res.results.find((c: { id: number }) => c.id === f.categories.fiction)).toEqual({ id: f.categories.fiction, name: 'গল্প-উপন্যাস-কবিতা', parent: f.categories.books, parent_name: 'বই', children_count: 2 });
    });

    it('/api/category/?name= answers that category with its children nested recursively', async () => {
      const res = (await get(`/api/category/?name=${enc('বই')}`)).json();
      expect(res.count).toBe(1);
      const top = res.results[0];
      expect(top).toMatchObject({ id: f.categories.books, name: 'বই', parent: null, children_count: 1 });
      expect(top.children[0]).toMatchObject({ name: 'গল্প-উপন্যাস-কবিতা' });
      expect(top.children[0].children.map((c: { name: string }) => c.name)).toEqual(['উপন্যাস', 'কবিতা']);
      expect(top.children[0].children[0].children).toEqual([]);
      expect((await get(`/api/category/?name=${enc('নেই')}`)).json()).toMatchObject({ count: 0, results: [] });
    });

    it('/api/category/?search= finds categories by part of the name', async () => {
      const res = (await get(`/api/category/?search=${enc('ইলেক্ট্র')}`)).json();
      expect(res.results.map((c: { id: number }) => c.id)).toEqual([f.categories.electronics]);
      expect(res.results[0].children).toEqual([]);
    });

    it('/api/category/{id} answers one category; 404 for an unknown id', async () => {
      expect((await get(`/api/category/${f.categories.novel}`)).json()).toEqual({ id: f.categories.novel, name: 'উপন্যাস', parent: f.categories.fiction, parent_name: 'গল্প-উপন্যাস-কবিতা', children_count: 0 });
      expect((await get('/api/category/9999/')).statusCode).toBe(404);
    });

    it('/api/banner/ and /api/logo/ answer the envelope with image URLs by size', async () => {
      const db = t.services.database.db;
      const now = new Date().toISOString();
      await db.insertInto('banners').values({ image: 'banners/abc', alt_text: 'Sale', url: '/all-product/books', created_at: now }).execute();
      await db.insertInto('logos').values({ image: 'logos/def', alt_text: 'Haat', created_at: now }).execute();
      const banners = (await get('/api/banner/')).json();
      expect(banners).toMatchObject({ count: 1, next: null, previous: null });
      expect(banners.results[0]).toMatchObject({ alt_text: 'Sale', url: '/all-product/books' });
      expect(banners.results[0].image).toContain('banners/abc-detail.webp');
      expect(Object.keys(banners.results[0].images)).toEqual(['thumb', 'card', 'detail']);
      const logos = (await get('/api/logo')).json();
      expect(logos.results[0]).toMatchObject({ alt_text: 'Haat' });
      expect(logos.results[0].image).toContain('logos/def-');
    });
  });

  describe('page rows', () => {
    it('PRODUCT_COLUMNS are the products table\'s columns, in order, and PRODUCT_COLUMN_KINDS their types and nullability', async () => {
      const { db, dialect } = t.services.database;
      const columns = (
        dialect === 'sqlite'
          ? await sql<{ name: string; type: string; nullable: number }>`select name, lower(type) as type, case when "notnull" = 1 or pk > 0 then 0 else 1 end as nullable from pragma_table_info('products') order by cid`.execute(db)
          : await sql<{ name: string; type: string; nullable: number }>`select column_name as name, data_type as type, case when is_nullable = 'YES' then 1 else 0 end as nullable
              from information_schema.columns where table_schema = current_schema() and table_name = 'products' order by ordinal_position`.execute(db)
      ).rows;
      expect([...PRODUCT_COLUMNS]).toEqual(columns.map((c) => c.name));
      // A timestamp is a timestamptz on PostgreSQL (checked exactly there) and ISO text on SQLite (dialect.ts).
      const isTimestamp = (c: { name: string; type: string }) => c.type === 'timestamp with time zone' || (dialect === 'sqlite' && c.type === 'text' && PRODUCT_COLUMN_KINDS[c.name as keyof typeof PRODUCT_COLUMN_KINDS] === 'time');
      const kindOf = (c: { name: string; type: string; nullable: number }) => {
        const base = isTimestamp(c) ? 'time' : c.type === 'integer' ? 'int' : c.type;
        return c.nullable ? `${base}?` : base;
      };
      expect(Object.fromEntries(columns.map((c) => [c.name, kindOf(c)]))).toEqual(PRODUCT_COLUMN_KINDS);
    });

    it('a page\'s products are those read row by row, whatever their text and numbers (a page comes packed, one text a row)', async () => {
      const { db, dialect } = t.services.database;
      const odd = await insertProduct(db, { regular_price: 99_999 });
      await db
        .updateTable('products')
        .set({ english_title: 'Quote " back\\slash\nnew line 📚', bangla_title: 'নদী\u200dর গান', purchase_price: 0, purchase_from: "O'Neil", total_page: null, alt_text: '', edition: '=' })
        .where('id', '=', odd)
        .execute();
      try {
        const catalog = createCatalogService(db, t.services.storage, { dialect, isOnOrders: async () => false });
        const listed = (await catalog.listProducts({}, { page: 1, size: 100, offset: 0 }, { admin: true })).results;
        const rows = (await productQuery(db).orderBy('products.id', 'desc').execute()) as ProductRow[];
        expect(listed).toEqual(rows.map((r) => toApiProduct(r, t.services.storage, { admin: true })));
        expect(listed.find((p) => p.id === odd)).toMatchObject({ english_title: 'Quote " back\\slash\nnew line 📚', regular_price: 99_999, purchase_from: "O'Neil", total_page: null, edition: '=' });
      } finally {
        await db.deleteFrom('products').where('id', '=', odd).execute();
      }
    });

    it('reads a product whose text holds the packed rows\' separator (PostgreSQL reads it the ordinary way) in its place on the page', async () => {
      const { db, dialect } = t.services.database;
      const odd = await insertProduct(db, {});
      await db.updateTable('products').set({ description: 'one\u001ftwo' }).where('id', '=', odd).execute();
      try {
        const catalog = createCatalogService(db, t.services.storage, { dialect, isOnOrders: async () => false });
        const listed = (await catalog.listProducts({}, { page: 1, size: 100, offset: 0 }, { admin: true })).results;
        const rows = (await productQuery(db).orderBy('products.id', 'desc').execute()) as ProductRow[];
        expect(listed).toEqual(rows.map((r) => toApiProduct(r, t.services.storage, { admin: true })));
        expect(listed[0]).toMatchObject({ id: odd, description: 'one\u001ftwo' });
      } finally {
        await db.deleteFrom('products').where('id', '=', odd).execute();
      }
    });
  });

  describe('remembered SQL', () => {
    it('reads a page asked again afresh: a change shows at once (only its SQL is remembered, never its rows)', async () => {
      const { db, dialect } = t.services.database;
      const catalog = createCatalogService(db, t.services.storage, { dialect, isOnOrders: async () => false });
      const page = { page: 1, size: 20, offset: 0 };
      const titleOf = async () => (await catalog.listProducts({ type: 'books' }, page)).results.find((p) => p.id === f.ids.pride)?.english_title;
      expect(await titleOf()).toBe('Pride and Prejudice');
      await db.updateTable('products').set({ english_title: 'Pride and Prejudice (2nd)' }).where('id', '=', f.ids.pride).execute();
      try {
        expect(await titleOf()).toBe('Pride and Prejudice (2nd)');
      } finally {
        await db.updateTable('products').set({ english_title: 'Pride and Prejudice' }).where('id', '=', f.ids.pride).execute();
      }
    });

    it('keeps the SQL of lists that differ only in a value apart', async () => {
      const { db, dialect } = t.services.database;
      const catalog = createCatalogService(db, t.services.storage, { dialect, isOnOrders: async () => false });
      const page = { page: 1, size: 20, offset: 0 };
      const of = async (q: { category?: number; type?: 'books' | 'electronics' }) => ids((await catalog.listProducts(q, page)).results);
      expect(await of({ category: f.categories.poetry })).toEqual([f.ids.riversOfBengal, f.ids.riverSong]);
      expect(await of({ category: f.categories.novel })).not.toEqual(await of({ category: f.categories.poetry }));
      expect(await of({ type: 'electronics' })).toEqual([f.ids.calculator]);
      expect(ids((await catalog.listProducts({}, { page: 2, size: 2, offset: 2 })).results)).toEqual(ids((await catalog.listProducts({}, page)).results).slice(2, 4));
    });
  });

  describe('query count', () => {
    it('reads a page in a fixed number of queries, whatever its size (no N+1)', async () => {
      let queries = 0;
      // Each statement sent has one result (a subquery built on its own is part of its statement).
      const counting = t.services.database.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          queries += 1;
          return args.result;
        },
      });
      const catalog = createCatalogService(counting, t.services.storage, { dialect: t.services.database.dialect, isOnOrders: async () => false });
      const measure = async (fn: () => Promise<unknown>) => {
        queries = 0;
        await fn();
        return queries;
      };
      const small = await measure(() => catalog.listProducts({ ordering: 'name' }, { page: 1, size: 1, offset: 0 }));
      const big = await measure(() => catalog.listProducts({ ordering: 'name', type: 'books' }, { page: 1, size: 20, offset: 0 }));
      expect(small).toBeLessThanOrEqual(5);
      expect(big).toBe(small);
      const section = await measure(() => catalog.productsOfCategory('বই', { descendants: true, page: { page: 1, size: 20, offset: 0 } }));
      expect(section).toBeLessThanOrEqual(8);
      // A search asked again is its page's query alone: its plan, candidates and count are remembered.
      const search = () => catalog.listProducts({ search: 'river' }, { page: 1, size: 20, offset: 0 });
      await search();
      expect(await measure(search)).toBe(1);
    });

    it("reads the home page's sections with their sub-sections' products in one query each, the tree from memory", async () => {
      let queries = 0;
      const counting = t.services.database.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => ((queries += 1), args.result) });
      const catalog = createCatalogService(counting, t.services.storage, { dialect: t.services.database.dialect, isOnOrders: async () => false });
      // The fixture's গল্প-উপন্যাস-কবিতা holds no book itself: its books are in its sub-sections.
      const shelf = await catalog.productsOfCategory('গল্প-উপন্যাস-কবিতা', { descendants: true });
      expect(shelf?.results.length).toBeGreaterThan(1);
      const { sections } = await catalog.home();
      expect(sections.map((s) => [s.slug, ids(s.products)])).toEqual([['story-novel-poetry', ids(shelf!.results)]]);
      queries = 0;
      await catalog.home();
      // The content version and one query for the one section; then authors, publishers, banners.
      expect(queries).toBe(5);
    });
  });

  describe('caching', () => {
    it('gives public reads an ETag and Cache-Control, and 304 on a matching If-None-Match', async () => {
      const first = await get('/all-product/books/');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toContain('public');
      const again = await get('/all-product/books/', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get('/all-product/books/', { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    });

    it('answers fresh data (and a new ETag) as soon as the catalogue changes', async () => {
      const before = await get(`/api/product/${f.ids.riverSong}/`);
      await t.services.database.db.updateTable('products').set({ units_stock: 19 }).where('id', '=', f.ids.riverSong).execute();
      const after = await get(`/api/product/${f.ids.riverSong}/`, { 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.json().units_stock).toBe(19);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });

    it('never caches an admin answer publicly', async () => {
      const res = await get('/api/product/', admin);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
      // …and the public answer right after still hides inactive products and purchase prices.
      const pub = (await get('/api/product/')).json();
      expect(pub.count).toBe(6);
      expect(pub.results[0]).not.toHaveProperty('purchase_price');
    });
  });
});
