/** Migration 0202 on a database that already has users: its admins become owners, everyone else a customer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/database';
import { allMigrations, migrateToLatest } from '../migrate';
import type { DB } from '../schema';

const NOW = '2026-01-01T00:00:00.000Z';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

describe(`migration 0202: staff roles (${testDialect})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const db = database.db as AnyDb;
    const earlier = Object.fromEntries(Object.entries(allMigrations(database)).filter(([name]) => name !== '0202_account_roles'));
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier }, allowUnorderedMigrations: true }).migrateToLatest();
    if (error) throw error;
    for (const [phone, isAdmin] of [['01711111111', 1], ['01722222222', 0]] as const) {
      await db.insertInto('users').values({ name: phone, phone_number: phone, password_hash: 'x', is_admin: isAdmin, created_at: NOW, updated_at: NOW }).execute();
    }
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('makes every earlier admin an owner and every other user a customer', async () => {
    const rows = await (database.db as Kysely<DB>).selectFrom('users').select(['phone_number', 'role', 'is_admin']).orderBy('phone_number').execute();
    expect(rows).toEqual([
      { phone_number: '01711111111', role: 'owner', is_admin: 1 },
      { phone_number: '01722222222', role: 'customer', is_admin: 0 },
    ]);
  });
});
