import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/database';
import { LocalDiskStorage } from '../../media/storage';
import { isEmptyShop, seedDemoShop } from './seed';
import { HOME_SECTIONS } from '../../../domain/catalog';

describe(`demo shop (${testDialect})`, () => {
  let database: TestDatabase;
  let storage: LocalDiskStorage;
  beforeAll(async () => {
    database = await createTestDatabase();
    storage = new LocalDiskStorage(path.join(database.dataDir, 'media'));
    expect(await isEmptyShop(database.db)).toBe(true);
    await seedDemoShop(database.db, storage);
  });
  afterAll(() => database.destroy());

  it('fills 300+ books, 40 electronics and 40 stationery items', async () => {
    const rows = await database.db.selectFrom('products').select(['type', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('type').execute();
    const counts = Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
    expect(counts.books).toBeGreaterThanOrEqual(300);
    expect(counts.electronics).toBe(40);
    expect(counts.stationary).toBe(40);
  });

  it('files every home section under বই with books in it or its children', async () => {
    const names = (await database.db.selectFrom('categories').select('name').execute()).map((r) => r.name);
    for (const s of HOME_SECTIONS) expect(names).toContain(s.name);
  });

  it('includes discounted, low-stock, out-of-stock and sample-PDF books', async () => {
    const { rows } = await sql<{ pct: number; flat: number; low: number; out: number; pdf: number }>`
      select sum(case when offer_type = 'Percentage' then 1 else 0 end) as pct,
             sum(case when offer_type = 'Flat Discount' then 1 else 0 end) as flat,
             sum(case when units_stock between 1 and 10 then 1 else 0 end) as low,
             sum(case when units_stock = 0 then 1 else 0 end) as out,
             sum(case when pdf is not null then 1 else 0 end) as pdf
      from products where type = 'books'`.execute(database.db);
    const r = rows[0]!;
    for (const v of [r.pct, r.flat, r.low, r.out, r.pdf]) expect(Number(v)).toBeGreaterThan(0);
  });

  it('stores a WebP cover in three sizes for every product, generated locally', async () => {
    const product = await database.db.selectFrom('products').select('image').executeTakeFirstOrThrow();
    for (const size of ['thumb', 'card', 'detail']) {
      const file = path.join(database.dataDir, 'media', `${product.image}-${size}.webp`);
      expect(fs.readFileSync(file).subarray(8, 12).toString()).toBe('WEBP');
    }
  });

  it('is no longer empty afterwards, so a restart does not load it twice', async () => {
    expect(await isEmptyShop(database.db)).toBe(false);
  });
});
