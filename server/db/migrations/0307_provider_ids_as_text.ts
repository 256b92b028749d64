import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * Provider ids as plain text (issue 31): the CHECKs that listed the couriers and gateways a
 * column may hold are dropped, so adding a provider (domain/providers.ts) needs no migration.
 * The app still refuses an unknown id at the edge (zod enums built from that list).
 *
 * Registered once per module, in each module's range, after the migration that made the
 * column: `0307` (orders.courier, orders.payment_gateway), `0602` (payment_attempts.gateway),
 * `0702` (shipments.courier). One number for all would run before 0601 and 0701 on a new
 * database, whose CHECKs would then stay.
 *
 * PostgreSQL drops each constraint by the name pg_constraint gives it. SQLite cannot drop a
 * CHECK, and this connection is defensive (better-sqlite3), so `writable_schema` is refused: the
 * table is rebuilt (sqlite.org/lang_altertable.html, the twelve steps) from its own CREATE TABLE
 * text with only those CHECKs taken out: same columns, rows, ids, indexes and AUTOINCREMENT
 * counter, with foreign keys checked before the commit.
 */
export function providerIdsAsTextMigration(dialect: DialectName, table: string, columns: readonly string[]): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await dropPostgresChecks(db, table, columns);
      else await rebuildSqliteWithoutChecks(db, table, columns);
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function dropPostgresChecks(db: Kysely<any>, table: string, columns: readonly string[]): Promise<void> {
  for (const column of columns) {
    // The CHECKs on this one column (a column's own CHECK is named `<table>_<column>_check`, a table's by its migration).
    const { rows } = await sql<{ conname: string }>`
      select c.conname from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.conrelid = to_regclass(${table}) and c.contype = 'c' and cardinality(c.conkey) = 1 and a.attname = ${column}`.execute(db);
    for (const { conname } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.id(conname)}`.execute(db);
  }
}

/** The CHECK listing a column's allowed values, as SQLite keeps it in the CREATE TABLE text: on the column, or named on the table. */
function checkOf(column: string): RegExp {
  return new RegExp(`(?:, constraint "[^"]+")? check \\("?${column}"? in \\([^)]*\\)\\)`, 'g');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rebuildSqliteWithoutChecks(db: Kysely<any>, table: string, columns: readonly string[]): Promise<void> {
  const created = await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = ${table}`.execute(db);
  const before = created.rows[0]?.sql;
  if (!before) return;
  const after = columns.reduce((text, column) => text.replace(checkOf(column), ''), before);
  if (after === before) return;
  const rebuilt = `${table}_provider_ids_as_text`;
  const head = `CREATE TABLE "${table}" (`;
  if (!after.startsWith(head)) throw new Error(`provider ids as text: ${table}'s CREATE TABLE text is not as expected`);
  // Foreign keys off outside the transaction (the pragma does nothing inside one), checked before the commit.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const brokenBefore = (await sql`pragma foreign_key_check`.execute(trx)).rows.length;
      const others = await sql<{ sql: string }>`select sql from sqlite_schema where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null`.execute(trx);
      const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(trx);
      await sql.raw(`CREATE TABLE "${rebuilt}" (${after.slice(head.length)}`).execute(trx);
      await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(trx);
      await sql`drop table ${sql.table(table)}`.execute(trx);
      await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(trx);
      for (const other of others.rows) await sql.raw(other.sql).execute(trx);
      // The AUTOINCREMENT counter as it was: an id once used is never given again.
      if (counter.rows[0]) await sql`update sqlite_sequence set seq = ${counter.rows[0].seq} where name = ${table}`.execute(trx);
      const broken = (await sql`pragma foreign_key_check`.execute(trx)).rows.length;
      if (broken > brokenBefore) throw new Error(`provider ids as text: rebuilding ${table} broke ${broken - brokenBefore} foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
