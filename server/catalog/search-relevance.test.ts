/**
 * The relevance set (search-relevance.data.ts) against the real search on the demo shop: every
 * case finds what it expects among the first five results, on this test run's database; with
 * TEST_DATABASE_URL the same shop goes into SQLite too and both give the same first five.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { openSqlite, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { LocalDiskStorage } from '../media/storage';
import { seedDemoShop } from '../db/demo/seed';
import { createCatalogService, type CatalogService } from './service';
import { RELEVANCE_CASES, expectFound } from './search-relevance.data';

describe(`the relevance set on the demo shop (${testDialect})`, () => {
  let database: TestDatabase;
  let catalog: CatalogService;
  beforeAll(async () => {
    database = await createTestDatabase();
    const storage = new LocalDiskStorage(path.join(database.dataDir, 'media'));
    await seedDemoShop(database.db, storage);
    catalog = createCatalogService(database.db, storage, { dialect: database.dialect, isOnOrders: async () => false });
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
  let sqlite: Database;
  let dir: string;
  let fromPostgres: CatalogService;
  let fromSqlite: CatalogService;

  beforeAll(async () => {
    database = await createTestDatabase();
    const storage = new LocalDiskStorage(path.join(database.dataDir, 'media'));
    await seedDemoShop(database.db, storage);
    fromPostgres = createCatalogService(database.db, storage, { dialect: 'postgres', isOnOrders: async () => false });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-relevance-'));
    sqlite = openSqlite(path.join(dir, 'haat.db'));
    await migrateToLatest(sqlite);
    await seedDemoShop(sqlite.db, new LocalDiskStorage(dir));
    fromSqlite = createCatalogService(sqlite.db, new LocalDiskStorage(dir), { dialect: 'sqlite', isOnOrders: async () => false });
  });
  afterAll(async () => {
    await database.destroy();
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers every query of the set with the same five products', async () => {
    const differ: string[] = [];
    for (const c of RELEVANCE_CASES) {
      const [pg, lite] = await Promise.all([fromPostgres.searchProducts(c.query, 5), fromSqlite.searchProducts(c.query, 5)]);
      if (JSON.stringify(pg.map((p) => p.id)) !== JSON.stringify(lite.map((p) => p.id))) differ.push(c.query);
    }
    expect(differ).toEqual([]);
  });
});

describe('search documents', () => {
  it('normalise each part on its own as the whole text would be normalised', async () => {
    const { searchDocument } = await import('./search-documents');
    const { normalizeSearchText } = await import('../../domain/search-text');
    const source = { english_title: 'Power Bank 10000mAh', bangla_title: 'পাওয়ার ব্যাংক ১০০০০', author: 'হুমায়ূন আহমেদ', publisher: null, category: 'ইলেক্ট্রনিক্স', brand: 'Xiaomi', model: 'PB-10' };
    const whole = normalizeSearchText([source.english_title, source.bangla_title, source.author, source.category, source.brand, source.model].join(' '));
    expect(searchDocument(source).doc).toBe(whole);
    expect(searchDocument({ ...source, brand: '', model: '' }).en_words).toBe(4);
  });
});
