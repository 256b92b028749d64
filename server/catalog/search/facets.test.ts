import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { testDialect } from '../../test/database';
import { loadCatalogFixture, type CatalogFixture } from '../../test/catalog-fixture';
import type { SearchFilters } from '../product-filter';
import { correctionDistance, editDistance } from './did-you-mean';

const PAGE = { page: 1, size: 100, offset: 0 };

describe('edit distance', () => {
  it('counts substitutions, insertions, deletions and swaps of neighbours, by code point', () => {
    expect(editDistance('river', 'river')).toBe(0);
    expect(editDistance('rivr', 'river')).toBe(1);
    expect(editDistance('rievr', 'river')).toBe(1);
    expect(editDistance('calcultr', 'calculator')).toBe(2);
    expect(editDistance('নদি', 'নদী')).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(correctionDistance('ab')).toBe(0);
    expect(correctionDistance('1234567')).toBe(0);
    expect(correctionDistance('rivr')).toBe(1);
    expect(correctionDistance('calcultr')).toBe(2);
  });
});

describe(`search page facets and "did you mean" (${testDialect})`, () => {
  let t: TestApp;
  let f: CatalogFixture;
  let riverAtlas: number;
  const catalog = () => t.services.catalog;
  const plan = async (term: string) => (await catalog().searchPage(term, {}, undefined, PAGE))!.plan!;
  const facets = async (term: string, filters: SearchFilters = {}) => catalog().searchFacets.facets(await plan(term), filters);
  const count = async (term: string, filters: SearchFilters) => (await catalog().searchPage(term, filters, undefined, PAGE))!.count;
  const named = (list: { id: number; count: number }[]) => list.map((n) => [n.id, n.count]);

  beforeAll(async () => {
    t = await createTestApp();
    f = await loadCatalogFixture(t.services.database.db);
    // Out of stock, and its discount price (450) is in another range than its regular price (600).
    riverAtlas = (
      await t.services.database.db
        .insertInto('products')
        .values({ type: 'books', english_title: 'River Atlas', bangla_title: 'নদীর মানচিত্র', category_id: f.categories.novel, author_id: f.authors.austen, publisher_id: f.publishers.riverHouse, regular_price: 600, discount_price: 450, units_stock: 0, image: null, pdf: null, total_page: null, created_at: '2026-01-02T00:00:00.000Z', updated_at: '2026-01-02T00:00:00.000Z' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('counts every facet of the active matches, names by count then by name, prices by the price paid', async () => {
    // "river": The River Song, Rivers of Bengal, Gel Pen (publisher River House), River Atlas; not the inactive Hidden River Book.
    expect(await count('river', {})).toBe(4);
    const all = await facets('river');
    expect(all.types).toEqual([
      { value: 'books', count: 3 },
      { value: 'stationary', count: 1 },
    ]);
    // The inactive book (novel, Humayun, নদী প্রকাশন, 100 taka) is counted nowhere.
    expect(named(all.categories)).toEqual([
      [f.categories.poetry, 2],
      [f.categories.novel, 1],
      [f.categories.stationery, 1],
    ]);
    expect(all.authors.map((a) => [a.name, a.count])).toEqual([
      ['Jane Austen', 1],
      ['Zafar Iqbal', 1],
      ['হুমায়ুন আহমেদ', 1],
    ]);
    expect(all.publishers.map((p) => [p.name, p.count])).toEqual([
      ['River House', 2],
      ['Padma Books', 1],
      ['নদী প্রকাশন', 1],
    ]);
    expect(all.prices).toEqual([
      { min: 0, max: 199, count: 1 },
      { min: 200, max: 499, count: 3 },
      { min: 500, max: 999, count: 0 },
      { min: 1000, max: null, count: 0 },
    ]);
    expect(all.in_stock).toBe(3);
  });

  it("applies every other filter to a facet, never the facet's own", async () => {
    const byAuthor = await facets('river', { author: f.authors.austen });
    expect(byAuthor.authors.map((a) => a.id)).toEqual([f.authors.austen, f.authors.zafar, f.authors.humayun]);
    expect(byAuthor.types).toEqual([{ value: 'books', count: 1 }]);
    expect(named(byAuthor.publishers)).toEqual([[f.publishers.riverHouse, 1]]);
    expect(byAuthor.in_stock).toBe(0);

    const books = await facets('river', { type: 'books' });
    expect(books.types).toEqual((await facets('river')).types);
    expect(books.categories.map((c) => c.id)).not.toContain(f.categories.stationery);

    const priced = await facets('river', { minPrice: 200, maxPrice: 499 });
    expect(priced.prices).toEqual((await facets('river')).prices);
    expect(priced.types).toEqual([{ value: 'books', count: 3 }]);

    const stocked = await facets('river', { inStock: true });
    expect(stocked.in_stock).toBe(3);
    expect(stocked.authors.map((a) => a.id)).toEqual([f.authors.zafar, f.authors.humayun]);
  });

  it('keeps the chosen name in its facet even with no match under the other filters', async () => {
    const none = await facets('river', { author: f.authors.austen, type: 'stationary' });
    expect(none.authors).toEqual([{ id: f.authors.austen, name: 'Jane Austen', count: 0 }]);
    expect(none.types.map((x) => x.value)).toEqual(['books', 'stationary']);
  });

  it("each choice's count is the count of the results it links to", async () => {
    const all = await facets('river');
    for (const a of all.authors) expect(await count('river', { author: a.id })).toBe(a.count);
    for (const p of all.publishers) expect(await count('river', { publisher: p.id })).toBe(p.count);
    for (const c of all.categories) expect(await count('river', { category: c.id })).toBe(c.count);
    for (const x of all.types) expect(await count('river', { type: x.value })).toBe(x.count);
    for (const b of all.prices) expect(await count('river', { minPrice: b.min, maxPrice: b.max ?? undefined })).toBe(b.count);
    expect(await count('river', { inStock: true })).toBe(all.in_stock);
  });

  it('forgets remembered counts when a product is hidden or runs out', async () => {
    const db = t.services.database.db;
    expect((await facets('river')).in_stock).toBe(3);
    await db.updateTable('products').set({ units_stock: 0 }).where('id', '=', f.ids.riverSong).execute();
    expect((await facets('river')).in_stock).toBe(2);
    await db.updateTable('products').set({ is_active: 0 }).where('id', '=', riverAtlas).execute();
    const after = await facets('river');
    expect(after.types).toEqual([
      { value: 'books', count: 2 },
      { value: 'stationary', count: 1 },
    ]);
    await db.updateTable('products').set({ units_stock: 20 }).where('id', '=', f.ids.riverSong).execute();
    await db.updateTable('products').set({ is_active: 1 }).where('id', '=', riverAtlas).execute();
    expect((await facets('river')).in_stock).toBe(3);
  });

  it('did you mean: corrects the words that find nothing, only when the correction finds products', async () => {
    const dym = async (term: string) => catalog().searchFacets.didYouMean(await plan(term));
    expect(await dym('rivr')).toBe('river');
    expect(await dym('calcultr')).toBe('calculator');
    expect(await dym('Rivr SONG')).toBe('river song');
    // Already finds products: nothing to correct.
    expect(await dym('river')).toBeNull();
    expect(await dym('calculater')).toBeNull();
    // Only an inactive book holds "hidden": no correction finds anything.
    expect(await dym('hiden')).toBeNull();
    // Each word finds products alone, never together: no word to correct.
    expect(await dym('calculator prejudice')).toBeNull();
    expect(await dym('qqqzzx')).toBeNull();
  });
});
