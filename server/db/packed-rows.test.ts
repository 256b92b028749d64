import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { timestampType } from './dialect';
import { PLAN_WITH_VALUES } from './database';
import { firstPackedValue, packedRow, unpackRow, type PackedColumn } from './packed-rows';

// On the suite's database: SQLite, or PostgreSQL when TEST_DATABASE_URL is set (the CI runs both).
describe('packed rows', () => {
  let t: TestDatabase;
  let columns: PackedColumn[];
  beforeAll(async () => {
    t = await createTestDatabase({ migrate: false });
    await t.db.schema
      .createTable('packed')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('count', 'integer')
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('at', timestampType(t.dialect), (c) => c.notNull())
      .execute();
    const column = (name: string, kind: PackedColumn['kind']): PackedColumn => ({ name, from: sql.ref(`packed.${name}`), kind });
    columns = [column('id', 'int'), column('name', 'text'), column('note', 'text?'), column('count', 'int?'), column('price', 'int'), column('at', 'time')];
  });
  afterAll(() => t.destroy());

  const at = '2026-11-24T09:30:00.125Z';
  async function readBack() {
    const { rows } = await sql<{ r: string }>`${PLAN_WITH_VALUES} select ${packedRow(t.dialect, columns)} as r from packed order by id`.execute(t.db);
    const unpack = unpackRow<Record<string, unknown>>(t.dialect, columns);
    return rows.map((row) => unpack(row.r) ?? { unsplit: firstPackedValue(row.r) });
  }

  it('reads back every value as the columns hold it: NULL apart from the empty text, negative and zero numbers, Bengali, quotes and new lines', async () => {
    await t.db
      .insertInto('packed' as never)
      .values([
        { id: 1, name: 'বই "ভালো" \\ \n ✓', note: null, count: null, price: -5, at },
        { id: 2, name: '', note: '', count: 0, price: 0, at },
        { id: 3, name: '=', note: '=', count: 12, price: 2_000_000_000, at },
      ] as never)
      .execute();
    expect(await readBack()).toEqual([
      { id: 1, name: 'বই "ভালো" \\ \n ✓', note: null, count: null, price: -5, at },
      { id: 2, name: '', note: '', count: 0, price: 0, at },
      { id: 3, name: '=', note: '=', count: 12, price: 2_000_000_000, at },
    ]);
  });

  it('does not guess at a row whose text holds the separator: unpackRow answers null on PostgreSQL (the row found by its first value), and SQLite\'s JSON reads it whole', async () => {
    await t.db.insertInto('packed' as never).values({ id: 4, name: 'a\u001fb', note: 'c', count: 1, price: 1, at } as never).execute();
    const row = (await readBack()).at(-1);
    if (t.dialect === 'postgres') expect(row).toEqual({ unsplit: '4' });
    else expect(row).toEqual({ id: 4, name: 'a\u001fb', note: 'c', count: 1, price: 1, at });
  });
});
