import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/database';
import { openPostgres, PLAN_EACH_TIME, type Database } from './database';

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
