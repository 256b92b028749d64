/**
 * Every statement that must be written differently for SQLite and PostgreSQL lives here (the
 * search module keeps its own two strategies, packed-rows.ts its two ways of packing a row, and
 * migrations choose column types here too). Nothing else in the code compares dialect names.
 */
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import type { DialectName } from './database';

/** Auto-increment integer primary key. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
  );
}

/** Timestamp column type: timestamptz on PostgreSQL, ISO-8601 text on SQLite. */
export function timestampType(dialect: DialectName): 'timestamptz' | 'text' {
  return dialect === 'postgres' ? 'timestamptz' : 'text';
}

export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * An ISO timestamp as a value to compare with a timestamp column inside raw SQL. PostgreSQL
 * cannot compare timestamptz with an untyped text parameter in every position (CASE, excluded.*),
 * so the parameter is cast there; SQLite stores ISO text and compares it as text.
 */
export function timestampParam(dialect: DialectName, iso: string): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`${iso}::timestamptz` : sql<string>`${iso}`;
}

/**
 * Makes the calling transaction the only writer of `table` until it ends, while readers go on.
 * SQLite already runs one write transaction at a time, so there is nothing to do; PostgreSQL
 * takes a self-conflicting SHARE ROW EXCLUSIVE lock.
 */
export async function lockTableForWriters(trx: QueryExecutorProvider, dialect: DialectName, table: string): Promise<void> {
  if (dialect !== 'postgres') return;
  if (!/^[a-z_]+$/.test(table)) throw new Error(`Not a table name: ${table}`);
  await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}

/**
 * Serialises the transactions that take the same `key` until each ends (one customer's
 * checkouts, say), so a count read inside one cannot miss a row another is about to commit.
 * SQLite runs one write transaction at a time already; PostgreSQL takes a transaction-scoped
 * advisory lock on the key's hash.
 */
export async function lockKey(trx: QueryExecutorProvider, dialect: DialectName, key: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
