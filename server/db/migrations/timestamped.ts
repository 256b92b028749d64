/**
 * The shape most migrations share: tables with timestamp columns, whose type depends on the
 * dialect (timestamptz on PostgreSQL, ISO-8601 text on SQLite; dialect.ts). Migrations describe
 * tables that may differ from today's DB type, so `up` takes an untyped Kysely.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { timestampType } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type UntypedDb = Kysely<any>;

export function timestampedMigration(dialect: DialectName, up: (db: UntypedDb, ts: ReturnType<typeof timestampType>) => Promise<void>): Migration {
  const ts = timestampType(dialect);
  return { up: (db) => up(db, ts) };
}
