import path from 'node:path';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
  /** The connections' use now, for /metrics: PostgreSQL's pool; SQLite has its one connection. */
  poolUse(): PoolUse;
}

export interface PoolUse {
  /** Connections open, of which idle; queries waiting for one; the most the pool opens. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
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

/** At most this many statement texts are prepared (each on every connection that runs it). */
const PREPARED_TEXTS = 500;
/**
 * Marks a statement PostgreSQL must plan for its parameters every time: a LIKE that chooses how
 * the matches are read (the trigram index, or an index in order until the page is full).
 */
export const PLAN_EACH_TIME = sql.raw('/* plan each time */');
const PLAN_EACH_TIME_TEXT = '/* plan each time */';

/**
 * PostgreSQL parses and plans every statement it is sent by text, which cost more than running
 * most of the catalogue's reads. Statements are prepared under a name instead, so each connection
 * parses them once and PostgreSQL may keep a generic plan; not those marked PLAN_EACH_TIME. Off
 * with PG_PREPARE=0 (a connection pooler in transaction mode that cannot keep them).
 */
function preparing(pool: pg.Pool) {
  const names = new Map<string, string | null>();
  const nameOf = (text: string): string | null => {
    let name = names.get(text);
    if (name !== undefined) return name;
    name = names.size < PREPARED_TEXTS && /^\s*(select|insert|update|delete|with)\b/i.test(text) && !text.includes(PLAN_EACH_TIME_TEXT) ? `haat_${names.size}` : null;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Kysely sends (text, values); anything else (a config object, a cursor) goes through as it is.
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof config === 'string' && Array.isArray(values) ? nameOf(config) : null;
      return name ? query({ name, text: config, values }, callback) : query(config, values, callback);
    };
  });
}

export function openPostgres(url: string, opts: { max?: number } = {}): Database {
  const max = opts.max ?? 10;
  const pool = new pg.Pool({ connectionString: url, max });
  // A dropped idle connection must not take the process down.
  pool.on('error', () => {});
  if (process.env.PG_PREPARE !== '0') preparing(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
  return { db, dialect: 'postgres', close: () => db.destroy(), poolUse };
}

/** What Kysely's SQLite driver uses of a statement. */
interface DriverStatement {
  readonly reader: boolean;
  all(parameters: unknown[]): unknown[];
  iterate(parameters: unknown[]): IterableIterator<unknown>;
  run(parameters: unknown[]): SQLite.RunResult;
}

/**
 * A statement that returns rows gives them as arrays, made into objects here by a function
 * written for its columns: better-sqlite3 builds each row property by property through V8's API,
 * which for a page of 20 products (34 columns and names) cost more than the query (about half
 * the time here). The objects are the same: the columns in order, a repeated name the last one's.
 */
function withFastRows(statement: SQLite.Statement): DriverStatement {
  if (!statement.reader) return statement as unknown as DriverStatement;
  const columns = statement.columns().map((c) => c.name);
  // Column names of our own SQL, quoted by JSON.stringify.
  const row = new Function('r', `return {${columns.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}};`) as (values: unknown[]) => unknown;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(row),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield row(values);
    },
    run: (parameters) => statement.run(parameters),
  };
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
  const statements = new Map<string, DriverStatement>();
  const database = {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= 1000) statements.clear();
        statement = withFastRows(sqlite.prepare(text));
        statements.set(text, statement);
      }
      return statement;
    },
  };
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  // Statements run synchronously on the one connection: it is never seen busy between them.
  return { db, dialect: 'sqlite', close: () => db.destroy(), poolUse: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }) };
}

/** SQLite at `$DATA_DIR/haat.db` (or a `sqlite:` path) unless DATABASE_URL is a postgres:// URL. */
export function openDatabase(databaseUrl: string | undefined, dataDir: string): Database {
  if (databaseUrl && isPostgresUrl(databaseUrl)) return openPostgres(databaseUrl);
  const file = databaseUrl?.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : path.join(dataDir, 'haat.db');
  return openSqlite(file);
}
