/**
 * A section's shelf with its sub-sections is read one category at a time and merged
 * (ordered-pages.ts `pageIds`): every page must be the page of one ordered read of them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { LocalDiskStorage } from '../media/storage';
import { createCatalogService, type CatalogService } from './service';

describe(`a section's pages with its sub-sections (${testDialect})`, () => {
  let database: TestDatabase;
  let catalog: CatalogService;
  /** The products a shopper sees on the section's shelf, newest first (ties by the newest id). */
  let expected: number[];
  let section: number;
  let category: (name: string, parent_id: number | null) => Promise<number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    catalog = createCatalogService(db, new LocalDiskStorage(database.dataDir), { dialect: database.dialect, isOnOrders: async () => false });
    category = async (name: string, parent_id: number | null) => (await db.insertInto('categories').values({ name, parent_id, created_at: '2026-01-01T00:00:00.000Z' }).returning('id').executeTakeFirstOrThrow()).id;
    section = await category('গল্প', null);
    const subsections = [await category('উপন্যাস', section), await category('কবিতা', section)];
    const other = await category('অন্য', null);
    const shelf = [section, ...subsections];
    const rows = Array.from({ length: 90 }, (_, i) => {
      // Few distinct times, so ties are many and the id must break them the same way.
      const updated_at = `2026-0${1 + (i % 5)}-0${1 + ((i * 7) % 3)}T00:00:00.000Z`;
      return {
        type: 'books' as const,
        english_title: `Book ${i}`,
        regular_price: 100 + i,
        category_id: i % 7 === 6 ? other : shelf[i % 3]!,
        is_active: i % 11 === 10 ? 0 : 1,
        author_id: null,
        publisher_id: null,
        image: null,
        pdf: null,
        total_page: null,
        created_at: updated_at,
        updated_at,
      };
    });
    const inserted = await db.insertInto('products').values(rows).returning(['id', 'category_id', 'is_active', 'updated_at']).execute();
    expected = inserted
      .filter((p) => shelf.includes(p.category_id!) && p.is_active === 1)
      .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.id - a.id))
      .map((p) => p.id);
  });
  afterAll(() => database.destroy());

  it.each([1, 7, 20])('pages of %i give every product of the section and its sub-sections once, newest first', async (size) => {
    const seen: number[] = [];
    for (let page = 1; (page - 1) * size < expected.length + size; page += 1) {
      const list = await catalog.productsOfCategory('গল্প', { descendants: true, page: { page, size, offset: (page - 1) * size } });
      expect(list?.count).toBe(expected.length);
      seen.push(...list!.results.map((p) => p.id));
    }
    expect(seen).toEqual(expected);
  });

  it('orders by price across the sub-sections too', async () => {
    const list = await catalog.productsOfCategory('গল্প', { descendants: true, ordering: '-regular_price', page: { page: 2, size: 10, offset: 10 } });
    const prices = list!.results.map((p) => p.regular_price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const all = await catalog.productsOfCategory('গল্প', { descendants: true, ordering: '-regular_price', page: { page: 1, size: 100, offset: 0 } });
    expect(list!.results.map((p) => p.id)).toEqual(all!.results.slice(10, 20).map((p) => p.id));
  });

  it('checks the remembered category tree against the catalogue: a category made elsewhere (another process) is found at once', async () => {
    const db = database.db;
    expect(await catalog.productsOfCategory('নতুন', { descendants: true })).toBeNull();
    const made = await category('নতুন', section);
    const product = (
      await db
        .insertInto('products')
        .values({ type: 'books', english_title: 'Newest', regular_price: 1, category_id: made, author_id: null, publisher_id: null, image: null, pdf: null, total_page: null, created_at: '2027-01-01T00:00:00.000Z', updated_at: '2027-01-01T00:00:00.000Z' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await catalog.productsOfCategory('নতুন', { descendants: true })).toMatchObject({ category: { id: made, parent: section }, count: 1 });
    const shelf = await catalog.productsOfCategory('গল্প', { descendants: true, page: { page: 1, size: 1, offset: 0 } });
    expect(shelf).toMatchObject({ count: expected.length + 1, results: [{ id: product }], category: { id: section, children_count: 3 } });
    await db.deleteFrom('products').where('id', '=', product).execute();
    await db.deleteFrom('categories').where('id', '=', made).execute();
    expect(await catalog.productsOfCategory('নতুন', { descendants: true })).toBeNull();
  });
  it.runIf(testDialect === 'sqlite')("reads a section's page newest first from the index alone (its entries carry the category)", async () => {
    const plan = await sql<{ detail: string }>`explain query plan select id from products where is_active = 1 and category_id in (1, 2, 3) order by updated_at desc, id desc limit 20 offset 20`.execute(database.db);
    expect(plan.rows.map((r) => r.detail).join(' | ')).toMatch(/COVERING INDEX products_active_updated_at_category/);
  });
});
