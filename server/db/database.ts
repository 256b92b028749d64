import path from 'node:path';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

// pg hands back int8 (count(*), sums) as strings and timestamptz as Date; we use plain
// numbers and ISO strings everywhere so both databases give the same row shapes.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());
pg.types.setTypeParser(1114, (v) => new Date(v + 'Z').toISOString());

export function openPostgres(url: string, opts: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  // A dropped idle connection must not take the process down.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

export function openSqlite(file: string): Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Kysely prepares every query it runs; preparing costs about as much as running a page's
  // query, so each distinct SQL text is prepared once (statements run synchronously to the
  // end, so one is never busy when it is reused; Kysely streams nothing here).
  const statements = new Map<string, SQLite.Statement>();
  const database = {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= 1000) statements.clear();
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** SQLite at `$DATA_DIR/haat.db` (or a `sqlite:` path) unless DATABASE_URL is a postgres:// URL. */
export function openDatabase(databaseUrl: string | undefined, dataDir: string): Database {
  if (databaseUrl && isPostgresUrl(databaseUrl)) return openPostgres(databaseUrl);
  const file = databaseUrl?.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : path.join(dataDir, 'haat.db');
  return openSqlite(file);
}
