/**
 * The relevance set (relevance.data.ts) against the real search on the demo shop: every
 * case finds what it expects among the first five results, on this test run's database; with
 * TEST_DATABASE_URL the same shop goes into SQLite too and both give the same first five.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/database';
import { openSqliteTwin, type SqliteTwin } from '../../test/search-fixtures';
import { LocalDiskStorage } from '../../media/storage';
import { seedDemoShop } from '../../db/demo/seed';
import { createCatalogService, type CatalogService } from '../service';
import { RELEVANCE_CASES, expectFound } from './relevance.data';

/** A new test database holding the demo shop, and its catalogue. */
async function demoShop(): Promise<{ database: TestDatabase; catalog: CatalogService }> {
  const database = await createTestDatabase();
  const storage = new LocalDiskStorage(path.join(database.dataDir, 'media'));
  await seedDemoShop(database.db, storage);
  return { database, catalog: createCatalogService(database.db, storage, { dialect: database.dialect, isOnOrders: async () => false }) };
}

describe(`the relevance set on the demo shop (${testDialect})`, () => {
  let database: TestDatabase;
  let catalog: CatalogService;
  beforeAll(async () => {
    ({ database, catalog } = await demoShop());
  });
  afterAll(() => database.destroy());

  it.each(RELEVANCE_CASES.map((c) => [c.kind, c.query, c] as const))('%s: %s finds what it expects among the first five', async (_kind, _query, c) => {
    const results = await catalog.searchProducts(c.query, 5);
    expect({ query: c.query, missing: expectFound(results.map((p) => p.english_title), c.mustFind) }).toEqual({ query: c.query, missing: [] });
  });

  it('ranks a misspelt match below the exact matches of the same word', async () => {
    const titles = (await catalog.searchProducts('physics', 100)).map((p) => p.english_title);
    expect(titles.length).toBeGreaterThan(0);
    // "phisics" finds Physics by its one-edit neighbour; "physics" finds no typo-only product above an exact one.
    const typo = (await catalog.searchProducts('phisics', 100)).map((p) => p.english_title);
    expect(typo).toEqual(expect.arrayContaining(titles.slice(0, 5)));
  });
});

describe.runIf(testDialect === 'postgres')('the relevance set gives the same first five on SQLite and PostgreSQL', () => {
  let database: TestDatabase;
  let fromPostgres: CatalogService;
  let sqlite: SqliteTwin;

  beforeAll(async () => {
    ({ database, catalog: fromPostgres } = await demoShop());
    sqlite = await openSqliteTwin('haat-relevance-', (db, storage) => seedDemoShop(db, storage));
  });
  afterAll(async () => {
    await database.destroy();
    await sqlite.close();
  });

  it('answers every query of the set with the same five products', async () => {
    const differ: string[] = [];
    for (const c of RELEVANCE_CASES) {
      const [pg, lite] = await Promise.all([fromPostgres.searchProducts(c.query, 5), sqlite.catalog.searchProducts(c.query, 5)]);
      if (JSON.stringify(pg.map((p) => p.id)) !== JSON.stringify(lite.map((p) => p.id))) differ.push(c.query);
    }
    expect(differ).toEqual([]);
  });
});

describe('search documents', () => {
  it('normalise each part on its own as the whole text would be normalised', async () => {
    const { searchDocument } = await import('./documents');
    const { normalizeSearchText } = await import('../../../domain/search-text');
    const source = { english_title: 'Power Bank 10000mAh', bangla_title: 'পাওয়ার ব্যাংক ১০০০০', author: 'হুমায়ূন আহমেদ', publisher: null, category: 'ইলেক্ট্রনিক্স', brand: 'Xiaomi', model: 'PB-10' };
    const whole = normalizeSearchText([source.english_title, source.bangla_title, source.author, source.category, source.brand, source.model].join(' '));
    expect(searchDocument(source).doc).toBe(whole);
    expect(searchDocument({ ...source, brand: '', model: '' }).en_words).toBe(4);
  });
});
