/**
 * The migrations that drop the CHECKs naming providers (0307, 0602, 0702) on a database that
 * already holds rows: afterwards any provider id is stored, while the rows, their ids, the
 * indexes, the foreign keys and every other CHECK are as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/database';
import { allMigrations, migrateToLatest } from '../migrate';

const PROVIDER_MIGRATION = /_provider_ids_as_text$/;
const NOW = '2026-01-01T00:00:00.000Z';
const TABLES = ['orders', 'payment_attempts', 'shipments'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function order(db: AnyDb, values: { courier?: string; payment_gateway?: string } = {}) {
  return db
    .insertInto('orders')
    .values({ name: 'Rahim', phone_number: '01711111111', district: 'Dhaka', upazila_thana: 'Mirpur', delivery_address: 'Road 1', delivery_option: 'inside', payment_option: 'cod', subtotal: 300, delivery_charge: 60, total: 360, created_at: NOW, updated_at: NOW, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function attempt(db: AnyDb, orderId: number, gateway: string, invoice: string) {
  return db.insertInto('payment_attempts').values({ order_id: orderId, gateway, invoice, amount: 360, status: 'open', created_at: NOW, updated_at: NOW }).execute();
}

function shipment(db: AnyDb, orderId: number, courier: string) {
  return db.insertInto('shipments').values({ order_id: orderId, courier, booking: 'booked', consignment_id: `C${orderId}`, created_at: NOW, updated_at: NOW }).execute();
}

/** Every row of the three tables, in id order. */
async function rows(db: AnyDb) {
  return Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await db.selectFrom(t).selectAll().orderBy('id').execute()] as const)));
}

/** The indexes and foreign keys of the three tables, as the database describes them. */
async function structure(db: AnyDb) {
  if (testDialect === 'postgres') {
    const indexes = await sql`select tablename, indexname, indexdef from pg_indexes where tablename in ('orders', 'payment_attempts', 'shipments') order by indexname`.execute(db);
    const keys = await sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint where contype in ('f', 'u', 'p') and conrelid::regclass::text in ('orders', 'payment_attempts', 'shipments') order by conname`.execute(db);
    return { indexes: indexes.rows, keys: keys.rows };
  }
  const indexes = await sql`select name, tbl_name, sql from sqlite_schema where type = 'index' and tbl_name in ('orders', 'payment_attempts', 'shipments') order by name`.execute(db);
  const keys = [];
  for (const t of [...TABLES, 'order_items', 'order_payments', 'order_status_changes', 'shipment_events', 'payment_refunds']) keys.push(...(await sql.raw(`pragma foreign_key_list("${t}")`).execute(db)).rows.map((k) => ({ t, ...(k as object) })));
  return { indexes: indexes.rows, keys };
}

/** Whether an insert is refused by the database. */
async function refused(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return false;
  } catch {
    return true;
  }
}

describe(`provider ids as text (${testDialect})`, () => {
  let database: TestDatabase;
  let db: AnyDb;
  let before: { rows: Awaited<ReturnType<typeof rows>>; structure: Awaited<ReturnType<typeof structure>> };
  let ids: number[];

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    db = database.db as AnyDb;
    // The database as it was before: every migration but these.
    const earlier = Object.fromEntries(Object.entries(allMigrations(database)).filter(([name]) => !PROVIDER_MIGRATION.test(name)));
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier }, allowUnorderedMigrations: true }).migrateToLatest();
    if (error) throw error;
    const a = await order(db, { courier: 'steadfast', payment_gateway: 'bkash_online' });
    const b = await order(db, { courier: 'pathao', payment_gateway: 'sslcommerz' });
    const gone = await order(db);
    // The last id is deleted: the AUTOINCREMENT counter must not give it again.
    await db.deleteFrom('orders').where('id', '=', gone.id).execute();
    await attempt(db, a.id, 'bkash_online', 'INV-A');
    await attempt(db, b.id, 'sslcommerz', 'INV-B');
    await shipment(db, a.id, 'steadfast');
    await shipment(db, b.id, 'pathao');
    ids = [a.id, b.id, gone.id];
    // The CHECKs were there.
    expect(await refused(order(db, { courier: 'redx' }))).toBe(true);
    expect(await refused(order(db, { payment_gateway: 'nagad_online' }))).toBe(true);
    expect(await refused(attempt(db, a.id, 'nagad_online', 'INV-X'))).toBe(true);
    expect(await refused(shipment(db, gone.id - 1, 'redx'))).toBe(true);
    before = { rows: await rows(db), structure: await structure(db) };
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('keeps every row, index and foreign key', async () => {
    expect(await rows(db)).toEqual(before.rows);
    expect(await structure(db)).toEqual(before.structure);
  });

  it('stores any provider id in the provider columns', async () => {
    const c = await order(db, { courier: 'redx', payment_gateway: 'nagad_online' });
    await attempt(db, c.id, 'nagad_online', 'INV-C');
    await shipment(db, c.id, 'redx');
    expect(c.id).toBeGreaterThan(ids[2]!);
    expect(await db.selectFrom('orders').select(['courier', 'payment_gateway']).where('id', '=', c.id).executeTakeFirst()).toEqual({ courier: 'redx', payment_gateway: 'nagad_online' });
    expect(await db.selectFrom('shipments').select('courier').where('order_id', '=', c.id).executeTakeFirst()).toEqual({ courier: 'redx' });
  });

  it('keeps the other CHECKs and the foreign keys at work', async () => {
    expect(await refused(db.updateTable('orders').set({ shipment_status: 'lost' }).where('id', '=', ids[0]!).execute())).toBe(true);
    expect(await refused(db.updateTable('orders').set({ status: 'Gone' }).where('id', '=', ids[0]!).execute())).toBe(true);
    expect(await refused(attempt(db, ids[0]!, 'bkash_online', 'INV-A'))).toBe(true); // invoice still unique
    expect(await refused(db.updateTable('payment_attempts').set({ status: 'lost' }).where('invoice', '=', 'INV-A').execute())).toBe(true);
    expect(await refused(db.updateTable('shipments').set({ booking: 'lost' }).where('order_id', '=', ids[0]!).execute())).toBe(true);
    expect(await refused(shipment(db, 999_999, 'steadfast'))).toBe(true); // no such order
    // Deleting an order still takes its attempts and parcel with it.
    await db.deleteFrom('orders').where('id', '=', ids[1]!).execute();
    expect(await db.selectFrom('payment_attempts').select('id').where('order_id', '=', ids[1]!).execute()).toEqual([]);
    expect(await db.selectFrom('shipments').select('id').where('order_id', '=', ids[1]!).execute()).toEqual([]);
  });

  it('leaves a new database without them too (each migration runs after the one that made its column)', async () => {
    const fresh = await createTestDatabase();
    try {
      const c = await order(fresh.db as AnyDb, { courier: 'redx', payment_gateway: 'nagad_online' });
      await attempt(fresh.db as AnyDb, c.id, 'nagad_online', 'INV-C');
      await shipment(fresh.db as AnyDb, c.id, 'redx');
    } finally {
      await fresh.destroy();
    }
  });

  it.runIf(testDialect === 'sqlite')('leaves SQLite whole: integrity_check and foreign_key_check are clean', async () => {
    expect((await sql`pragma integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
    expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
    expect((await sql`pragma foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);
  });
});
