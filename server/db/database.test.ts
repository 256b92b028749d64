import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { isoTimestamp, openPostgres, openSqlite, placeholders, PLAN_EACH_TIME, PLAN_WITH_VALUES, sqliteLiteral, textWithLiterals, valuesToWrite, withValuesWritten, type Database } from './database';

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

  it('answer a statement marked PLAN_WITH_VALUES as they answer it with parameters, values written in or not', async () => {
    const page = (id: number, limit: number, ratio: number, name: string) =>
      sql`${PLAN_WITH_VALUES} select id, name, price / ${ratio} as part, ${name} as asked from t where id >= ${id} and id > ${-5} order by id limit ${limit}`.execute(database.db);
    const same = (id: number, limit: number, ratio: number, name: string) =>
      sql`select id, name, price / ${ratio} as part, ${name} as asked from t where id >= ${id} and id > ${-5} order by id limit ${limit}`.execute(database.db);
    // Plain values (written in) and a word that is not plain (bound as a parameter) alike.
    const cases: [id: number, limit: number, ratio: number, name: string][] = [
      [1, 2, 2, 'pen'],
      [2, 5, 4, 'pen'],
      [1, 1, 2, 'বই'],
    ];
    for (const args of cases) {
      const [written, bound] = await Promise.all([page(...args), same(...args)]);
      expect(written.rows).toEqual(bound.rows);
      expect(written.rows.length).toBeGreaterThan(0);
    }
    // Integers are written as the reals better-sqlite3 binds: 5 / 2 stays 2.5.
    expect((await sql`${PLAN_WITH_VALUES} select ${5} / ${2} as q`.execute(database.db)).rows).toEqual([{ q: 2.5 }]);
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

  it('prepares a statement marked PLAN_WITH_VALUES with its values written in, once per set of values, and answers the same', async () => {
    const page = (category: number, offset: number) =>
      sql<{ n: number; kind: string }>`select ${PLAN_WITH_VALUES} g.n, ${'books'}::text as kind from generate_series(1, 100) as g(n) where g.n % ${category} = 0 order by g.n limit ${3} offset ${offset}`.execute(database.db);
    for (let i = 0; i < 3; i++) {
      expect((await page(7, 0)).rows).toEqual([7, 14, 21].map((n) => ({ n, kind: 'books' })));
      expect((await page(7, 3)).rows).toEqual([28, 35, 42].map((n) => ({ n, kind: 'books' })));
    }
    const statements = (await prepared()).filter((s) => s.includes('plan with values'));
    // One statement per page, with no parameters left: each is planned once for its values.
    expect(statements).toHaveLength(2);
    expect(statements.every((s) => !/\$\d/.test(s))).toBe(true);
    expect(statements.some((s) => s.includes("offset '3'"))).toBe(true);
  });

  it('sends a PLAN_WITH_VALUES statement with parameters when a value is not plain (text a shopper typed)', async () => {
    const typed = "O'Brien; drop table x";
    const { rows } = await sql<{ t: string }>`select ${PLAN_WITH_VALUES} ${typed}::text as t`.execute(database.db);
    expect(rows).toEqual([{ t: typed }]);
    expect((await prepared()).filter((s) => s.includes('plan with values') && s.includes('$1'))).toHaveLength(1);
  });

  it('keeps at most 24 statements with values written per connection, dropping the least recently used', async () => {
    for (let i = 0; i < 30; i++) expect((await sql<{ n: number }>`select ${PLAN_WITH_VALUES} ${i}::int * 2 as n`.execute(database.db)).rows).toEqual([{ n: 2 * i }]);
    const kept = (await prepared()).filter((s) => s.includes('::int * 2'));
    expect(kept).toHaveLength(24);
    expect(kept.some((s) => s.includes("'0'::int"))).toBe(false);
    expect(kept.some((s) => s.includes("'29'::int"))).toBe(true);
    // A dropped one is prepared again when it comes back.
    expect((await sql<{ n: number }>`select ${PLAN_WITH_VALUES} ${0}::int * 2 as n`.execute(database.db)).rows).toEqual([{ n: 0 }]);
  });

  it('gives rows the same objects pg does: columns in order, a repeated name the last one', async () => {
    const { rows } = await sql`select 1 as a, 'x' as b, 2 as a, null::int as c`.execute(database.db);
    expect(rows).toEqual([{ a: 2, b: 'x', c: null }]);
    expect(Object.keys(rows[0] as object)).toEqual(['a', 'b', 'c']);
  });

  it('reads a timestamptz as Date#toISOString writes it, in any session time zone', async () => {
    const at = '2024-09-25T05:46:50.947Z';
    await database.db.transaction().execute(async (trx) => {
      for (const zone of ['UTC', 'Asia/Dhaka']) {
        await sql`set local time zone ${sql.lit(zone)}`.execute(trx);
        const { rows } = await sql<{ t: string; whole: string; micro: string }>`select ${at}::timestamptz as t, '2024-01-02 03:04:05+00'::timestamptz as whole, '2024-01-02 03:04:05.123999+00'::timestamptz as micro`.execute(trx);
        expect(rows).toEqual([{ t: at, whole: '2024-01-02T03:04:05.000Z', micro: '2024-01-02T03:04:05.123Z' }]);
      }
    });
  });

  it('prepares nothing that is not a query (a transaction, a setting)', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 5000`.execute(trx);
    });
    expect((await prepared()).some((s) => /begin|statement_timeout/i.test(s))).toBe(false);
  });
});

describe('values written into SQLite statements', () => {
  const write = (text: string, values: unknown[], only: 'all' | 'limits') => {
    const p = placeholders(text)!;
    const which = only === 'all' ? p.at.map((_, i) => i) : p.limits;
    const w = valuesToWrite(p.at, which, values, only === 'all' ? sqliteLiteral : (v) => (Number.isSafeInteger(v) ? String(v) : null));
    return w && { text: textWithLiterals(text, p.at, which, w.literals), values: w.rest };
  };

  it('finds the placeholders after LIMIT and OFFSET, not those in strings, quoted names or comments', () => {
    const text = `select "a?", 'b?' from t /* limit ? */ where x = ? -- offset ?\n and y in (select id from u limit ?) order by id LIMIT  ? offset ?`;
    const p = placeholders(text)!;
    expect(p.at).toEqual([text.indexOf('x = ?') + 4, text.indexOf('u limit ?') + 8, text.indexOf('LIMIT  ?') + 7, text.lastIndexOf('offset ?') + 7]);
    expect(p.limits).toEqual([1, 2, 3]);
    expect(write(text, ['x', 5, 20, 40], 'limits')).toEqual({
      text: `select "a?", 'b?' from t /* limit ? */ where x = ? -- offset ?\n and y in (select id from u limit 5) order by id LIMIT  20 offset 40`,
      values: ['x'],
    });
  });

  it('writes the LIMIT and OFFSET of a statement as Kysely compiles it, quoted names around its placeholders', () => {
    const compiled = new Kysely<{ t: { id: number } }>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) })
      .selectFrom('t')
      .select('t.id')
      .where('t.id', '=', 3)
      .limit(2)
      .offset(40)
      .compile();
    expect(write(compiled.sql, [...compiled.parameters], 'limits')).toEqual({ text: 'select "t"."id" from "t" where "t"."id" = ? limit 2 offset 40', values: [3] });
    expect(write(compiled.sql, [...compiled.parameters], 'all')!.text).toBe('select "t"."id" from "t" where "t"."id" = 3.0 limit 2.0 offset 40.0');
  });

  it('writes every plain value of a marked statement as the reals better-sqlite3 binds, a negative one in parentheses', () => {
    expect(write(`select * from "t" where a = ? and b is ? and c = ? and d <> 'x?' limit ? offset ?`, [1, null, 'books', 20, -5.5], 'all')).toEqual({
      text: `select * from "t" where a = 1.0 and b is null and c = 'books' and d <> 'x?' limit 20.0 offset (-5.5)`,
      values: [],
    });
    expect(write('select ? - ?', [1, -2], 'all')!.text).toBe('select 1.0 - (-2.0)');
  });

  it('writes nothing for a value that is not plain, a LIMIT that is not an integer, values unlike the placeholders, or a string left open', () => {
    for (const value of [true, [1], "it's", 'বই', Number.NaN]) expect(write('select ?', [value], 'all')).toBeNull();
    expect(write('select * from t where a = ? limit ? offset ?', [1, 2.5, 0], 'limits')).toBeNull();
    expect(write('select * from t where a = ? limit ? offset ?', [1, '2', 0], 'limits')).toBeNull();
    expect(write('select * from t where a = ? limit ? offset ?', [1, 2], 'limits')).toBeNull();
    expect(write('select ?, ?', [1], 'all')).toBeNull();
    expect(placeholders("select 'open limit ?")).toBeNull();
    expect(placeholders('select * from t limit ?1')).toBeNull();
    expect(placeholders('select 1 limit 5')).toEqual({ at: [], limits: [] });
  });
});

describe('values written into a statement (PLAN_WITH_VALUES)', () => {
  it('writes numbers, booleans, null, plain words and arrays of integers as quoted literals', () => {
    expect(withValuesWritten('select * from t where a = $1 and b = $2 and c is $3 and d = $4 and e = any($5::int[]) limit $6 offset $10', [1, true, null, 'books', [3, -4], 20, 0, 0, 0, -5.5])).toBe(
      "select * from t where a = '1' and b = 'true' and c is null and d = 'books' and e = any('{3,-4}'::int[]) limit '20' offset '-5.5'",
    );
  });

  it('writes nothing when a value is not plain, or the text holds a quote', () => {
    for (const value of ["it's", 'a b', 'বই', 'x\\y', Number.NaN, Infinity, new Date(0), { a: 1 }, [1.5], ['1'], Buffer.from('x')]) expect(withValuesWritten('select $1', [value])).toBeNull();
    expect(withValuesWritten("select $1, 'x'", [1])).toBeNull();
    expect(withValuesWritten('select $2', [1])).toBeNull();
  });

  it('reads a UTC timestamptz as Date does, and other forms through Date', () => {
    for (const text of ['2024-09-25 05:46:50.947+00', '2024-09-25 05:46:50+00', '2024-09-25 05:46:50.9+00', '2024-09-25 05:46:50.999999+00', '2024-09-25 11:46:50.947+06', '2024-09-25 05:46:50.5+05:30'])
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
  });
});
