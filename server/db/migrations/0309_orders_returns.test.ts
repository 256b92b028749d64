/**
 * Migration 0309 on a database that already holds orders: orders Returned before returns were
 * recorded read `return_status: "received"` (their stock went back when they were marked), every
 * other order reads null, and the API shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/database';
import { allMigrations, migrateToLatest } from '../migrate';
import { toApiOrder } from '../../orders/shapes';
import type { DB } from '../schema';

const NOW = '2026-01-01T00:00:00.000Z';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

describe(`migration 0309: returns (${testDialect})`, () => {
  let database: TestDatabase;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const db = database.db as AnyDb;
    const earlier = Object.fromEntries(Object.entries(allMigrations(database)).filter(([name]) => name !== '0309_orders_returns'));
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier }, allowUnorderedMigrations: true }).migrateToLatest();
    if (error) throw error;
    for (const status of ['Pending', 'Delivered', 'Returned', 'Cancelled']) {
      const row = await db
        .insertInto('orders')
        .values({ name: 'Rahim', phone_number: '01711111111', district: 'Dhaka', upazila_thana: 'Mirpur', delivery_address: 'Road 1', delivery_option: 'inside', payment_option: 'cod', subtotal: 300, delivery_charge: 60, total: 360, status, created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[status] = row.id as number;
    }
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('reads orders Returned before it as received, and every other order as nothing returned', async () => {
    const rows = await (database.db as Kysely<DB>).selectFrom('orders').selectAll().orderBy('id').execute();
    expect(Object.fromEntries(rows.map((o) => [o.status, toApiOrder(o).return_status]))).toEqual({ Pending: null, Delivered: null, Returned: 'received', Cancelled: null });
    expect(rows.map((o) => [o.exchange_of, o.difference_due])).toEqual([[null, null], [null, null], [null, null], [null, null]]);
    expect(ids.Returned).toBeGreaterThan(0);
  });
});
