/**
 * The product page's related lists (related.ts): more by the author, more in the category and
 * bought together, each at most 12 active products without the product itself, in stock first;
 * the remembered lists; and GET /api/product/{id}/related/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB, NewProduct } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { loadCatalogFixture, type CatalogFixture } from '../test/catalog-fixture';
import { insertOrder } from '../test/orders-fixtures';
import { createRelated, RELATED_LIMIT } from './related';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const ids = (list: { id: number }[]) => list.map((p) => p.id);

describe(`related books (${testDialect})`, () => {
  let t: TestApp;
  let f: CatalogFixture;
  let db: Kysely<DB>;
  /** Never remembered: every call reads the database. */
  let related: ReturnType<typeof createRelated>['related'];
  let minute = 100;
  const book = async (p: Partial<NewProduct> = {}) => {
    minute += 1;
    const at = new Date(Date.UTC(2026, 1, 1, 0, minute)).toISOString();
    return (
      await db
        .insertInto('products')
        .values({ type: 'books', english_title: `Book ${minute}`, regular_price: 300, units_stock: 5, category_id: null, author_id: null, publisher_id: null, image: null, pdf: null, total_page: null, ...p, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  const author = async (name: string) =>
    (await db.insertInto('authors').values({ name, description: '', image: null, alt_text: '', created_at: daysAgo(0), updated_at: daysAgo(0) }).returning('id').executeTakeFirstOrThrow()).id;
  const category = async (name: string) => (await db.insertInto('categories').values({ name, parent_id: null, created_at: daysAgo(0) }).returning('id').executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.services.database.db;
    f = await loadCatalogFixture(db);
    related = createRelated(db, t.services.storage, { versions: () => t.services.catalog.versions(), boughtTogether: (id) => t.services.orders.boughtTogether(id), maxAgeMs: 0 }).related;
  });
  afterAll(() => t.close());

  it("more by the author: the author's other active books, in stock first, then best sellers, then newest", async () => {
    const humayun = f.authors.humayun;
    const sold3 = await book({ author_id: humayun, units_sold: 3 });
    const sold9 = await book({ author_id: humayun, units_sold: 9 });
    const sold3Newer = await book({ author_id: humayun, units_sold: 3 });
    const outSold50 = await book({ author_id: humayun, units_stock: 0, units_sold: 50 });
    await book({ author_id: humayun, is_active: 0, units_sold: 99 });
    await book({ author_id: f.authors.zafar, units_sold: 99 });
    const list = (await related(f.ids.riverSong)).by_author;
    // eveningRain is the fixture's out-of-stock Humayun book; hidden is inactive; riverSong is the product itself.
    expect(ids(list)).toEqual([sold9, sold3Newer, sold3, outSold50, f.ids.eveningRain]);
    expect(list[0]).toMatchObject({ id: sold9, author_name: 'হুমায়ুন আহমেদ', is_active: true, units_stock: 5, price: 300 });
    expect(list[0]).not.toHaveProperty('purchase_price');
  });

  it('more in the category: same category only, without the product; a product without author or category has none', async () => {
    const poetry = f.categories.poetry;
    const newer = await book({ category_id: poetry, author_id: f.authors.austen });
    const list = (await related(f.ids.riversOfBengal)).in_category;
    expect(ids(list)).toEqual([newer, f.ids.riverSong]);
    const orphan = await book();
    expect(await related(orphan)).toEqual({ by_author: [], in_category: [], bought_together: [] });
    expect(await related(999_999)).toEqual({ by_author: [], in_category: [], bought_together: [] });
  });

  it('shows at most 12 in each list', async () => {
    const many = await author('Prolific');
    const shelf = await category('Shelf');
    const books = [];
    for (let i = 0; i < RELATED_LIMIT + 3; i++) books.push(await book({ author_id: many, category_id: shelf }));
    const r = await related(books[0]!);
    expect(r.by_author).toHaveLength(RELATED_LIMIT);
    expect(r.in_category).toHaveLength(RELATED_LIMIT);
    expect(ids(r.by_author)).not.toContain(books[0]);
    // Newest first among equals.
    expect(ids(r.by_author)[0]).toBe(books[books.length - 1]);
  });

  it('bought together: recent orders that are not cancelled, ranked by shared orders, in stock first, active only', async () => {
    const [x, y, z, out, inactive, old, cancelled] = [await book(), await book(), await book(), await book({ units_stock: 0 }), await book({ is_active: 0 }), await book(), await book()];
    await insertOrder(db, [x, y, z, out, inactive]);
    await insertOrder(db, [x, y, out], { status: 'Delivered', created_at: daysAgo(30) });
    await insertOrder(db, [x, out], { created_at: daysAgo(2) });
    await insertOrder(db, [x, old], { created_at: daysAgo(91) });
    await insertOrder(db, [x, cancelled], { status: 'Cancelled' });
    await insertOrder(db, [y, z]); // without x: does not count for x
    expect(ids((await related(x)).bought_together)).toEqual([y, z, out]);
    expect(ids((await related(z)).bought_together)).toEqual([y, x, out]);
  });

  it('bought together shows at most 12', async () => {
    const x = await book();
    const others = [];
    for (let i = 0; i < RELATED_LIMIT + 2; i++) others.push(await book());
    await insertOrder(db, [x, ...others]);
    const list = (await related(x)).bought_together;
    expect(list).toHaveLength(RELATED_LIMIT);
    expect(ids(list)).not.toContain(x);
  });

  it('the service remembers the lists until availability or content moves, with current shelf counts', async () => {
    const remembered = t.services.catalog.related;
    const shelf = await category('Remembered');
    const [x, y, z] = [await book({ category_id: shelf, units_stock: 5 }), await book({ category_id: shelf, units_stock: 5 }), await book()];
    expect(ids((await remembered(x)).in_category)).toEqual([y]);
    expect((await remembered(x)).bought_together).toEqual([]);
    // A new order moves no catalogue counter: the remembered (empty) list stands for now.
    await insertOrder(db, [x, z]);
    expect((await remembered(x)).bought_together).toEqual([]);
    // A sale that leaves stock moves only the stock counter: the same lists, with the new count.
    await db.updateTable('products').set({ units_stock: 4 }).where('id', '=', y).execute();
    const again = await remembered(x);
    expect(again.in_category).toMatchObject([{ id: y, units_stock: 4 }]);
    expect(again.bought_together).toEqual([]);
    // A product running out moves the availability counter: made again.
    await db.updateTable('products').set({ units_stock: 0 }).where('id', '=', y).execute();
    expect(ids((await remembered(x)).bought_together)).toEqual([z]);
  });

  it('GET /api/product/{id}/related/ answers the three lists; 404 for an inactive or missing product', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/${f.ids.riverSong}/related/` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['bought_together', 'by_author', 'in_category']);
    expect(ids(body.by_author)).toContain(f.ids.eveningRain);
    expect(ids(body.by_author)).not.toContain(f.ids.hidden);
    expect(ids(body.in_category)).toContain(f.ids.riversOfBengal);
    expect((await t.app.inject({ method: 'GET', url: `/api/product/${f.ids.riverSong}/related` })).statusCode).toBe(200);
    for (const id of [f.ids.hidden, 999_999]) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/product/${id}/related/` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ status: 404 });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/product/abc/related/' })).statusCode).toBe(404);
  });
});
