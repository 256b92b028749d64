/**
 * The database handle: SQLite (embedded, the default) or PostgreSQL, behind one Kysely type.
 * The drivers are in sqlite.ts and postgres.ts; this file chooses between them and passes on
 * what the rest of the server imports from here.
 */
import path from 'node:path';
import type { Database } from './handle';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';

export { isoTimestamp, openPostgres, withValuesWritten } from './postgres';
export { openSqlite } from './sqlite';
export { placeholders, sqliteLiteral, textWithLiterals, valuesToWrite } from './sqlite-literals';
export { PLAN_EACH_TIME, PLAN_WITH_VALUES } from './plan-marks';
export { rowBuilder } from './row-builder';

export type { Database, DialectName } from './handle';

export function isPostgresUrl(url: string): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** SQLite at `$DATA_DIR/haat.db` (or a `sqlite:` path) unless DATABASE_URL is a postgres:// URL. */
export function openDatabase(databaseUrl: string | undefined, dataDir: string): Database {
  if (databaseUrl && isPostgresUrl(databaseUrl)) return openPostgres(databaseUrl);
  const file = databaseUrl?.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : path.join(dataDir, 'haat.db');
  return openSqlite(file);
}
