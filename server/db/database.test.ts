import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openPostgres, openSqlite, PLAN_EACH_TIME, type Database } from './database';

describe('SQLite rows', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-db-'));
    database = openSqlite(path.join(dir, 'rows.db'));
    await sql`create table t (id integer primary key, name text, price real, note text)`.execute(database.db);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are the objects better-sqlite3 makes: columns in order, a repeated name the last one', async () => {
    await sql`insert into t (name, price, note) values ('বই', 12.5, null), ('Pen', 3, 'x')`.execute(database.db);
    const text = `select t.*, t.name as label, upper(t.name) as name from t order by id`;
    const direct = new SQLite(path.join(dir, 'rows.db'), { readonly: true });
    const expected = direct.prepare(text).all();
    direct.close();
    const rows = (await sql.raw(text).execute(database.db)).rows;
    expect(rows).toEqual(expected);
    expect(rows.map((r) => Object.keys(r as object))).toEqual(expected.map((r) => Object.keys(r as object)));
    expect(rows[0]).toEqual({ id: 1, name: 'বই', price: 12.5, note: null, label: 'বই' });
    expect(rows[1]).toEqual({ id: 2, name: 'PEN', price: 3, note: 'x', label: 'Pen' });
  });

  it('come back from a write with RETURNING, and a write without gives its counts', async () => {
    const inserted = await database.db.insertInto('t' as never).values({ name: 'Ink', price: 1 } as never).returning(['id' as never, 'name' as never]).executeTakeFirstOrThrow();
    expect(inserted).toEqual({ id: 3, name: 'Ink' });
    const updated = await sql`update t set price = 2 where id > 1`.execute(database.db);
    expect(updated.numAffectedRows).toBe(2n);
  });
});

describe.runIf(testDialect === 'postgres')('PostgreSQL connections prepare statements', () => {
  let made: TestDatabase;
  let database: Database;
  const prepared = async () =>
    (await sql<{ statement: string }>`/* plan each time */ select statement from pg_prepared_statements`.execute(database.db)).rows.map((r) => r.statement);

  beforeAll(async () => {
    made = await createTestDatabase({ migrate: false });
    // One connection, so every statement below runs in the session it asks about.
    database = openPostgres(made.url, { max: 1 });
  });
  afterAll(async () => {
    await database.close();
    await made.destroy();
  });

  it('prepares a statement under a name, so the session parses it once, and answers the same', async () => {
    for (let i = 0; i < 3; i++) expect((await sql<{ n: number }>`select ${i}::int + 1 as n`.execute(database.db)).rows).toEqual([{ n: i + 1 }]);
    expect((await prepared()).filter((s) => s.includes('::int + 1'))).toHaveLength(1);
  });

  it('leaves statements marked PLAN_EACH_TIME to be planned for their parameters every time', async () => {
    await sql`${PLAN_EACH_TIME} select ${'a'}::text like ${'%a%'} as hit`.execute(database.db);
    expect((await prepared()).some((s) => s.includes('like'))).toBe(false);
  });

  it('prepares nothing that is not a query (a transaction, a setting)', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 5000`.execute(trx);
    });
    expect((await prepared()).some((s) => /begin|statement_timeout/i.test(s))).toBe(false);
  });
});
