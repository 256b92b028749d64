/**
 * Migration 0109 on a database that already holds products: the ledger starts with one
 * `adjustment` (ref `opening`) per product holding stock, equal to it, so the sums hold from the
 * first day; products gain a null `low_stock_threshold` (the shop's default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/database';
import { ledgerMismatches, movementsOf } from '../../test/stock-fixtures';
import { allMigrations, migrateToLatest } from '../migrate';
import type { DB } from '../schema';

const NOW = '2026-01-01T00:00:00.000Z';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

describe(`migration 0109: the stock ledger (${testDialect})`, () => {
  let database: TestDatabase;
  const ids: number[] = [];
  const db = () => database.db as Kysely<DB>;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const earlier = Object.fromEntries(Object.entries(allMigrations(database)).filter(([name]) => name !== '0109_catalog_stock_ledger'));
    const { error } = await new Migrator({ db: database.db as AnyDb, provider: { getMigrations: async () => earlier }, allowUnorderedMigrations: true }).migrateToLatest();
    if (error) throw error;
    for (const units_stock of [12, 0, 3]) {
      const row = await (database.db as AnyDb)
        .insertInto('products')
        .values({ type: 'books', english_title: `Old ${units_stock}`, regular_price: 100, units_stock, created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id as number);
    }
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('opens the ledger with each stocked product\'s stock as an adjustment, and nothing for an empty one', async () => {
    expect(await movementsOf(db(), ids[0]!)).toEqual([{ delta: 12, reason: 'adjustment', ref: 'opening', user_id: null }]);
    expect(await movementsOf(db(), ids[1]!)).toEqual([]);
    expect(await movementsOf(db(), ids[2]!)).toEqual([{ delta: 3, reason: 'adjustment', ref: 'opening', user_id: null }]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('leaves every threshold empty: the shop\'s default', async () => {
    const rows = await db().selectFrom('products').select('low_stock_threshold').execute();
    expect(rows.map((r) => r.low_stock_threshold)).toEqual([null, null, null]);
  });

  it('refuses a movement of an unknown reason, and a negative threshold', async () => {
    const movement = (reason: string) => (database.db as AnyDb).insertInto('stock_movements').values({ product_id: ids[0]!, delta: 1, reason, ref: '', user_id: null, created_at: NOW }).execute();
    await expect(movement('refund')).rejects.toThrow();
    await expect(db().updateTable('products').set({ low_stock_threshold: -1 }).where('id', '=', ids[0]!).execute()).rejects.toThrow();
  });
});
