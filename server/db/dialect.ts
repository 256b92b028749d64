/**
 * Every difference between SQLite and PostgreSQL that the code needs lives here or in a
 * module's own dialect file (search): column types in migrations, and "now" values.
 */
import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
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
