import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/database';
import { LocalDiskStorage } from '../../media/storage';
import { createCatalogService, type CatalogService } from '../service';
import { loadCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import { insertTitledBooks, openSqliteTwin, type SqliteTwin } from '../../test/search-fixtures';
import { searchWords } from './name-words';

describe('searchWords (LIKE filters on names as stored)', () => {
  it('splits a term on white space and keeps Bengali words whole', () => {
    expect(searchWords('  নদীর   গান ')).toEqual(['নদীর', 'গান']);
    expect(searchWords('River Song')).toEqual(['River', 'Song']);
  });
  it('turns LIKE wildcards into spaces so a term never matches everything', () => {
    expect(searchWords('%')).toEqual([]);
    expect(searchWords('50%_off')).toEqual(['50', 'off']);
    expect(searchWords('a\\b')).toEqual(['a', 'b']);
  });
  it('normalises to NFC and keeps at most 8 words', () => {
    expect(searchWords('e\u0301')).toEqual(['\u00e9']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

/** The search cases every database must answer identically (ids by fixture name, in rank order). */
const CASES: [string, (keyof CatalogFixture['ids'])[]][] = [
  // A title starting with the term first, then titles containing it, then other fields (in stock first).
  ['river', ['riversOfBengal', 'riverSong', 'gelPen']],
  ['RIVER', ['riversOfBengal', 'riverSong', 'gelPen']],
  ['pRiDe', ['pride']],
  ['river song', ['riverSong']],
  ['jane prejudice', ['pride']],
  ['casio', ['calculator']],
  ['fx-991', ['calculator']],
  // Bengali, inside words too, and its spelling variants (ি for ী, ন for ণ, ূ for ু).
  ['নদী', ['riverSong', 'riversOfBengal', 'eveningRain']],
  ['নদি', ['riverSong', 'riversOfBengal', 'eveningRain']],
  ['গান', ['riverSong']],
  ['হুমায়ুন', ['riverSong', 'eveningRain']],
  ['হুমায়ূন', ['riverSong', 'eveningRain']],
  ['কবিতা', ['riversOfBengal', 'riverSong', 'eveningRain']],
  ['নদীর গান', ['riverSong']],
  ['নদির গান', ['riverSong']],
  // Latin letters for Bengali, and typos of 5+ letters.
  ['nodir gan', ['riverSong']],
  ['sondhar brishti', ['eveningRain']],
  ['calculater', ['calculator']],
  ['prejudise', ['pride']],
  // Terms shorter than a trigram.
  ['ge', ['gelPen']],
  ['OF', ['riversOfBengal']],
  ['কল', ['gelPen']],
  // Query syntax is just text, and punctuation separates words.
  ['AND', ['pride']],
  ['"river"', ['riversOfBengal', 'riverSong', 'gelPen']],
  ['river*', ['riversOfBengal', 'riverSong', 'gelPen']],
  // Nothing.
  ['%', []],
  ['zzzz', []],
  ['নেই', []],
];

describe(`catalogue search (${testDialect})`, () => {
  let t: TestApp;
  let f: CatalogFixture;
  const names = (list: { id: number }[]) => list.map((p) => (Object.entries(f.ids).find(([, id]) => id === p.id) ?? ['?'])[0]);

  beforeAll(async () => {
    t = await createTestApp();
    f = await loadCatalogFixture(t.services.database.db);
  });
  afterAll(() => t.close());

  it.each(CASES)('searchProducts(%j) finds titles, author, publisher, category, ranked', async (term, expected) => {
    expect(names(await t.services.catalog.searchProducts(term))).toEqual(expected);
  });

  it.each(CASES)('GET /api/product/?search=%j gives the same ranked answer', async (term, expected) => {
    const res = await t.app.inject(`/api/product/?search=${encodeURIComponent(term)}`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json().results)).toEqual(expected);
    expect(res.json().count).toBe(expected.length);
  });

  it('hides inactive products from shoppers but not from the admin search', async () => {
    expect(names(await t.services.catalog.searchProducts('hidden'))).toEqual([]);
    expect(names(await t.services.catalog.searchProducts('hidden', 20, { admin: true }))).toEqual(['hidden']);
    const admin = await t.signIn({ admin: true });
    const res = await t.app.inject({ url: '/api/product/?search=river', headers: admin.headers });
    expect(names(res.json().results)).toEqual(['riversOfBengal', 'riverSong', 'hidden', 'gelPen']);
  });

  it('combines search with filters and an explicit ordering', async () => {
    const res = await t.app.inject(`/api/product/?search=river&type=books&ordering=regular_price`);
    expect(names(res.json().results)).toEqual(['riverSong', 'riversOfBengal']);
  });

  it('ranks a misspelt match below the exact matches of the same word', async () => {
    const db = t.services.database.db;
    const row = (title: string) => ({ type: 'books' as const, english_title: title, regular_price: 1, units_stock: 5, category_id: null, author_id: null, publisher_id: null, image: null, pdf: null, total_page: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' });
    // The misspelt one is newer and sells more: only relevance puts the exact one first.
    const exact = (await db.insertInto('products').values(row('Modern Physics Atlas')).returning('id').executeTakeFirstOrThrow()).id;
    const typo = (await db.insertInto('products').values({ ...row('Modern Phisics Atlas'), units_sold: 50 }).returning('id').executeTakeFirstOrThrow()).id;
    expect((await t.services.catalog.searchProducts('physics')).map((p) => p.id)).toEqual([exact, typo]);
    expect((await t.services.catalog.searchProducts('phisics')).map((p) => p.id)).toEqual([typo, exact]);
    // Four letters are too few for a typo.
    expect((await t.services.catalog.searchProducts('atlaz')).map((p) => p.id)).toEqual([typo, exact]);
    expect(await t.services.catalog.searchProducts('atla x')).toEqual([]);
    await db.deleteFrom('products').where('id', 'in', [exact, typo]).execute();
  });

  it('reads stock and sales with every search: a sale reorders equally relevant matches without a content change', async () => {
    const { catalog, database } = t.services;
    const db = database.db;
    const row = { type: 'books' as const, english_title: 'Twin Almanac', regular_price: 40, units_stock: 2, category_id: null, author_id: null, publisher_id: null, image: null, pdf: null, total_page: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };
    const [older, newer] = await Promise.all([0, 1].map(async () => (await db.insertInto('products').values(row).returning('id').executeTakeFirstOrThrow()).id)).then((ids) => ids.sort((a, b) => a - b));
    const ids = async () => (await catalog.searchProducts('almanac')).map((p) => p.id);
    const sell = (product: number, quantity: number) => db.transaction().execute((trx) => catalog.stock.take(trx, [{ product, quantity, regular_price: 40, discount_price: 0 }], { reason: 'sale' }));
    // Equal relevance, equal sales: the newest first.
    expect(await ids()).toEqual([newer!, older!]);
    const content = (await catalog.versions()).content;
    await sell(older!, 1);
    expect((await catalog.versions()).content).toBe(content);
    expect(await ids()).toEqual([older!, newer!]);
    // Sold out: after the one in stock, whatever it sold.
    await sell(older!, 1);
    expect(await ids()).toEqual([newer!, older!]);
    await db.deleteFrom('products').where('id', 'in', [older!, newer!]).execute();
  });

  it('checks a remembered search against the catalogue: a write from elsewhere (another process) is found at once', async () => {
    const { catalog, database } = t.services;
    const db = database.db;
    const row = (title: string) => ({ type: 'books' as const, english_title: title, regular_price: 40, units_stock: 2, category_id: null, author_id: null, publisher_id: null, image: null, pdf: null, total_page: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' });
    const ids = async (term: string) => (await catalog.searchProducts(term)).map((p) => p.id);
    const listed = async (term: string) => (await t.app.inject(`/api/product/?search=${term}`)).json() as { count: number; results: { id: number }[] };
    // Nothing found yet, then a matching product written behind the service's back.
    expect(await ids('zephyr')).toEqual([]);
    expect((await listed('zephyr')).count).toBe(0);
    const first = (await db.insertInto('products').values(row('Zephyr Atlas')).returning('id').executeTakeFirstOrThrow()).id;
    expect(await ids('zephyr')).toEqual([first]);
    expect(await listed('zephyr')).toMatchObject({ count: 1, results: [{ id: first }] });
    // Found before: a newer match joins the remembered answer, and the count follows.
    const second = (await db.insertInto('products').values(row('Zephyr Almanac')).returning('id').executeTakeFirstOrThrow()).id;
    expect(await ids('zephyr')).toEqual([second, first]);
    expect((await listed('zephyr')).count).toBe(2);
    await db.deleteFrom('products').where('id', 'in', [first, second]).execute();
    expect(await ids('zephyr')).toEqual([]);
  });

  it('follows renames of authors, publishers and categories through the service, every product of theirs', async () => {
    const admin = t.services.catalog;
    await admin.updateAuthor(f.authors.zafar, { name: 'মুহম্মদ জাফর ইকবাল' });
    expect(names(await admin.searchProducts('জাফর'))).toEqual(['riversOfBengal']);
    // Through the new Bengali name now: "zafar" reads জাফর.
    expect(names(await admin.searchProducts('zafar'))).toEqual(['riversOfBengal']);
    expect(names(await admin.searchProducts('riverhouse'))).toEqual([]);
    await admin.updatePublisher(f.publishers.nodi, { name: 'মেঘনা প্রকাশনী' });
    expect(names(await admin.searchProducts('মেঘনা', 20, { admin: true }))).toEqual(['riverSong', 'hidden', 'eveningRain']);
    expect(names(await admin.searchProducts('meghna', 20, { admin: true }))).toEqual(['riverSong', 'hidden', 'eveningRain']);
    await admin.updateCategory(f.categories.electronics, { name: 'গ্যাজেট', parent: null } as Parameters<typeof admin.updateCategory>[1]);
    expect(names(await admin.searchProducts('গ্যাজেট'))).toEqual(['calculator']);
    expect(names(await admin.searchProducts('ইলেক্ট্রনিক্স'))).toEqual([]);
  });

  it('follows renames and deletions through the triggers', async () => {
    const db = t.services.database.db;
    await db.updateTable('authors').set({ name: 'Jane Austen-Leigh' }).where('id', '=', f.authors.austen).execute();
    expect(names(await t.services.catalog.searchProducts('leigh'))).toEqual(['pride']);
    await db.updateTable('categories').set({ name: 'কাব্য' }).where('id', '=', f.categories.poetry).execute();
    expect(names(await t.services.catalog.searchProducts('কাব্য'))).toEqual(['riversOfBengal', 'riverSong']);
    await db.updateTable('products').set({ english_title: 'Song of the Padma' }).where('id', '=', f.ids.riverSong).execute();
    expect(names(await t.services.catalog.searchProducts('song of'))).toEqual(['riverSong']);
    const id = (await db.insertInto('products').values({ type: 'books', english_title: 'Temporary Tome', regular_price: 1, category_id: null, author_id: null, publisher_id: null, image: null, pdf: null, total_page: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' }).returning('id').executeTakeFirstOrThrow()).id;
    expect((await t.services.catalog.searchProducts('temporary')).map((p) => p.id)).toEqual([id]);
    await db.deleteFrom('products').where('id', '=', id).execute();
    expect(await t.services.catalog.searchProducts('temporary')).toEqual([]);
  });

  it('gives the header box at most 20 results', async () => {
    await insertTitledBooks(t.services.database.db, 'Bulk Atlas', 25);
    expect(await t.services.catalog.searchProducts('atlas')).toHaveLength(20);
    expect((await t.app.inject('/api/search/?q=atlas')).json()).toHaveLength(20);
    expect((await t.app.inject('/api/product/?search=atlas')).json().count).toBe(25);
  });
});

// With TEST_DATABASE_URL, the same data goes into SQLite too and both must answer alike.
describe.runIf(testDialect === 'postgres')('search gives the same answers on SQLite and PostgreSQL', () => {
  let t: TestApp;
  let sqlite: SqliteTwin;

  beforeAll(async () => {
    t = await createTestApp();
    await loadCatalogFixture(t.services.database.db);
    sqlite = await openSqliteTwin('haat-search-', (db) => loadCatalogFixture(db));
  });
  afterAll(async () => {
    await t.close();
    await sqlite.close();
  });

  it.each([...CASES.map(([term]) => term), 'Rivers of', 'বাংলার', 'প্রকাশন', 'a', 'ও'])('%j', async (term) => {
    const pg = await t.services.catalog.searchProducts(term, 20, { admin: true });
    const lite = await sqlite.catalog.searchProducts(term, 20, { admin: true });
    expect(pg.map((p) => p.id)).toEqual(lite.map((p) => p.id));
    const pgList = await t.services.catalog.listProducts({ search: term, ordering: 'name' }, { page: 1, size: 20, offset: 0 });
    const liteList = await sqlite.catalog.listProducts({ search: term, ordering: 'name' }, { page: 1, size: 20, offset: 0 });
    expect(pgList).toEqual(liteList);
  });
});

describe(`a common word ranks a sample of its matches (${testDialect})`, () => {
  let database: TestDatabase;
  let catalog: CatalogService;
  const ids: number[] = [];
  const row = (english_title: string, more: { units_stock?: number; units_sold?: number; is_active?: number } = {}) => ({
    type: 'books' as const, english_title, regular_price: 10, units_stock: 5, category_id: null, author_id: null, publisher_id: null, image: null, pdf: null, total_page: null,
    created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...more,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    // With a sample of 3 newest matches and 2 titles of each language, 12 "atlas" books are common.
    catalog = createCatalogService(database.db, new LocalDiskStorage(database.dataDir), { dialect: database.dialect, isOnOrders: async () => false, rankSample: 3, titleSample: 2 });
    const titles = [
      row('Atlas'), // 1: the term itself, the oldest
      row('Atlas of Rivers', { units_stock: 0 }), // 2: starts with it, out of stock
      ...Array.from({ length: 9 }, (_, i) => row(`World Atlas ${i + 3}`, { units_sold: i % 3 })), // 3–11
      row('Hidden Atlas', { is_active: 0 }), // 12: never shown to shoppers
      row('Pocket Atlas Set', { units_stock: 0, units_sold: 9 }), // 13: newest, out of stock
    ];
    for (const r of titles) ids.push((await database.db.insertInto('products').values(r).returning('id').executeTakeFirstOrThrow()).id);
  });
  afterAll(() => database.destroy());

  const page = (n: number, size = 4) => catalog.listProducts({ search: 'atlas' }, { page: n, size, offset: (n - 1) * size });
  const at = (k: number) => ids[k - 1]!;

  it('puts the titles that are the term or start with it first, however old, then the newest matches ranked', async () => {
    const first = await page(1);
    expect(first.count).toBe(12);
    // Atlas, Atlas of Rivers (its title starts with the term: before stock), then the newest
    // three shown (13, 11, 10) ranked: in stock first, more sold first.
    expect(first.results.map((p) => p.id)).toEqual([at(1), at(2), at(11), at(10)]);
  });

  it('pages through every match exactly once, the rest newest first', async () => {
    const seen: number[] = [];
    for (let n = 1; n <= 3; n++) seen.push(...(await page(n)).results.map((p) => p.id));
    expect(seen).toEqual([at(1), at(2), at(11), at(10), at(13), at(9), at(8), at(7), at(6), at(5), at(4), at(3)]);
    expect((await page(4)).results).toEqual([]);
    // A page that straddles the sample and the rest.
    expect((await page(2, 3)).results.map((p) => p.id)).toEqual([at(10), at(13), at(9)]);
    // A page ending between two equally relevant matches: sales decide which one it shows.
    expect((await page(1, 3)).results.map((p) => p.id)).toEqual([at(1), at(2), at(11)]);
  });

  it('samples under filters too: the admin sees the inactive one, a type filter keeps its own matches', async () => {
    const admin = await catalog.listProducts({ search: 'atlas' }, { page: 1, size: 20, offset: 0 }, { admin: true });
    expect(admin.count).toBe(13);
    // The newest three are now 13, 12 and 11: Hidden Atlas has the shortest title of them.
    expect(admin.results.map((p) => p.id)).toEqual([at(1), at(2), at(12), at(11), at(13), at(10), at(9), at(8), at(7), at(6), at(5), at(4), at(3)]);
    const books = await catalog.listProducts({ search: 'atlas', type: 'electronics' }, { page: 1, size: 20, offset: 0 });
    expect(books).toEqual({ count: 0, results: [] });
  });

  it('ranks every match when there are no more than the sample', async () => {
    // World Atlas 10 and 11 both start with the term: the one sold more first.
    const few = await catalog.listProducts({ search: 'world atlas 1' }, { page: 1, size: 20, offset: 0 });
    expect(few.results.map((p) => p.id)).toEqual([at(11), at(10)]);
  });
});
