import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { DB } from './schema';
import { keptRecent } from './remembered-queries';
import { narrowDatabaseCompanions, prepareDatabaseFile } from './private-files';

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
pg.types.setTypeParser(1184, isoTimestamp);
pg.types.setTypeParser(1114, (v) => new Date(v + 'Z').toISOString());

/** A UTC timestamptz as PostgreSQL writes it (ISO DateStyle): `2024-09-25 05:46:50.947123+00`. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as the ISO string `Date#toISOString` gives (milliseconds, `Z`): rewritten as text
 * when it is in UTC (the usual session time zone), which a page of products does 40 times;
 * through Date otherwise (another zone, a year before 1000 or after 9999, infinity).
 */
export function isoTimestamp(text: string): string {
  const m = UTC_TIMESTAMP.exec(text);
  if (!m) return new Date(text).toISOString();
  return `${m[1]}T${m[2]}.${(m[3] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
}

/** At most this many statement texts are prepared (each on every connection that runs it). */
const PREPARED_TEXTS = 500;
/**
 * Marks a statement PostgreSQL must plan for its parameters every time: a LIKE that chooses how
 * the matches are read (the trigram index, or an index in order until the page is full).
 */
export const PLAN_EACH_TIME = sql.raw('/* plan each time */');
const PLAN_EACH_TIME_TEXT = '/* plan each time */';
/**
 * Marks a statement whose values the database may see written into its text (`withValuesWritten`).
 * PostgreSQL plans a statement with parameters again at every execution (the planner keeps
 * choosing plans for the values over a generic one), and SQLite prepares it again (`WRITTEN_SQLITE`);
 * for the catalogue's list pages either cost more than running them. Written in, each distinct
 * page is a statement with no parameters, planned once and reused while it is kept
 * (`WRITTEN_PER_CONNECTION`, `WRITTEN_SQLITE`; the least recently used dropped first).
 */
export const PLAN_WITH_VALUES = sql.raw('/* plan with values */');
const PLAN_WITH_VALUES_TEXT = '/* plan with values */';
/** Statements with their values written in that one connection keeps prepared (a page's plan is about 130–260 KB there). */
const WRITTEN_PER_CONNECTION = 24;

/** A value as an SQL literal for PostgreSQL, or null when it is not one of the plain kinds that are safe to write. */
function literal(value: unknown): string | null {
  // Quoted like a parameter: of no type until its place gives it one (`limit '20'`, `= '1'`).
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : null;
  if (typeof value === 'boolean') return `'${value}'`;
  if (value === null) return 'null';
  if (typeof value === 'string') return /^[\w-]{0,100}$/.test(value) ? `'${value}'` : null;
  if (Array.isArray(value) && value.length <= 1000 && value.every((v) => Number.isSafeInteger(v))) return `'{${value.join(',')}}'`;
  return null;
}

/**
 * The statement with each `$n` replaced by its value as a literal, or null when a value is not a
 * number, boolean, null, plain word (letters, digits, `_`, `-`) or array of integers, or the text
 * holds a quote (then a `$n` could stand inside a string).
 */
export function withValuesWritten(text: string, values: readonly unknown[]): string | null {
  if (text.includes("'")) return null;
  const literals = values.map(literal);
  if (literals.includes(null)) return null;
  let complete = true;
  const written = text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const value = literals[Number(n) - 1];
    if (value === undefined || value === null) complete = false;
    return value ?? '';
  });
  return complete ? written : null;
}

/** Rows as arrays made into objects by a function written for their columns (the same objects: columns in order, a repeated name the last one's). */
export function rowBuilder(columns: string[]): (values: unknown[]) => unknown {
  // Column names of our own SQL, quoted by JSON.stringify.
  return new Function('r', `return {${columns.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}};`) as (values: unknown[]) => unknown;
}

type Query = (...args: unknown[]) => unknown;
/** What of pg's connection the statements kept per connection touch: its record of the statements it parsed. */
type ClientInternals = { connection?: { parsedStatements?: Record<string, string> } };

/**
 * PostgreSQL parses and plans every statement it is sent by text, which cost more than running
 * most of the catalogue's reads. Statements are prepared under a name instead, so each connection
 * parses them once and PostgreSQL may keep a generic plan; not those marked PLAN_EACH_TIME; those
 * marked PLAN_WITH_VALUES with their values written in, kept per connection. Off with
 * PG_PREPARE=0 (a connection pooler in transaction mode that cannot keep them).
 *
 * Prepared statements' rows come as arrays, made into objects by a function per statement: pg
 * builds each row from a copy of an object of the 37 columns of a product, which for a page of 20
 * cost more than reading them.
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
  const builders = new Map<string, (values: unknown[]) => unknown>();
  const asObjects = (name: string, result: pg.QueryResult<unknown[]>) => {
    let build = builders.get(name);
    if (!build) {
      build = rowBuilder(result.fields.map((f) => f.name));
      // Names are never reused for another text; those of statements written per connection come and go.
      if (builders.size >= 4 * PREPARED_TEXTS) builders.clear();
      builders.set(name, build);
    }
    (result as unknown as pg.QueryResult).rows = result.rows.map(build);
    return result;
  };
  let connections = 0;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const prefix = `haat_c${connections++}_`;
    let made = 0;
    // Text → name, the least recently used dropped first.
    const writtenName = keptRecent<string>(WRITTEN_PER_CONNECTION, (_text, old) => {
      // Queued before the next statement on this connection; pg forgets it parsed it.
      (query(`deallocate ${old}`) as Promise<unknown>).catch(() => {});
      delete (client as unknown as ClientInternals).connection?.parsedStatements?.[old];
      builders.delete(old);
    });
    // Kysely sends (text, values) and awaits the promise; anything else (a config object, a
    // callback, a cursor) goes through as it is.
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined) return query(config, values, callback);
      const text = config.includes(PLAN_WITH_VALUES_TEXT) ? withValuesWritten(config, values) : null;
      const name = text !== null ? writtenName(text, () => `${prefix}${made++}`) : nameOf(config);
      if (!name) return query(config, values);
      const run = query(text !== null ? { name, text, values: [], rowMode: 'array' } : { name, text: config, values, rowMode: 'array' }) as Promise<pg.QueryResult<unknown[]>>;
      return run.then((result) => asObjects(name, result));
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
  const row = rowBuilder(statement.columns().map((c) => c.name));
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

/** Where a statement's placeholders are (`?` outside strings, quoted names and comments), and which of them a LIMIT or OFFSET takes. */
export interface Placeholders {
  /** Each placeholder's offset in the text. */
  at: number[];
  /** The indexes (into `at`) of those after LIMIT or OFFSET. */
  limits: number[];
}

/** The statement's placeholders, or null when a string or comment is left open or a parameter is numbered. */
export function placeholders(text: string): Placeholders | null {
  const at: number[] = [];
  const limits: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    let close = i;
    if (c === "'" || c === '"') close = text.indexOf(c, i + 1);
    else if (c === '/' && text[i + 1] === '*') close = text.indexOf('*/', i + 2) < 0 ? -1 : text.indexOf('*/', i + 2) + 1;
    else if (c === '-' && text[i + 1] === '-') close = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (c === '?') {
      // A numbered parameter (`?1`) is not written into.
      if (/\d/.test(text[i + 1] ?? '')) return null;
      if (/\b(limit|offset)\s*$/i.test(text.slice(Math.max(0, i - 12), i))) limits.push(at.length);
      at.push(i);
    }
    if (close < 0) return null;
    i = close;
  }
  return { at, limits };
}

/**
 * A value as an SQLite literal, or null when it is not plain: a finite number as the real
 * better-sqlite3 binds it as (`5 / 2.0` stays 2.5; a negative one in parentheses, never `--`),
 * null, or a plain word (letters, digits, `_`, `-`).
 */
export function sqliteLiteral(value: unknown): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const text = Number.isInteger(value) ? `${value}.0` : String(value);
    return value < 0 ? `(${text})` : text;
  }
  if (value === null) return 'null';
  if (typeof value === 'string') return /^[\w-]{0,100}$/.test(value) ? `'${value}'` : null;
  return null;
}

/** A LIMIT or OFFSET as an SQLite literal: an integer, else null. */
const limitLiteral = (value: unknown): string | null => (Number.isSafeInteger(value) ? String(value) : null);

/**
 * The literals of the values at the placeholders `write` (indexes into `at`, ascending) and the
 * values still bound; null when a value to write is not plain (`literalOf`) or the values do not
 * match the placeholders.
 */
export function valuesToWrite(at: readonly number[], write: readonly number[], values: readonly unknown[], literalOf: (value: unknown) => string | null): { literals: string[]; rest: unknown[] } | null {
  if (at.length !== values.length) return null;
  const literals: string[] = [];
  const rest: unknown[] = [];
  let next = 0;
  for (let i = 0; i < values.length; i++) {
    if (write[next] === i) {
      const l = literalOf(values[i]);
      if (l === null) return null;
      literals.push(l);
      next += 1;
    } else {
      rest.push(values[i]);
    }
  }
  return { literals, rest };
}

/** The text with the placeholders `write` replaced by `literals`. */
export function textWithLiterals(text: string, at: readonly number[], write: readonly number[], literals: readonly string[]): string {
  let out = '';
  let from = 0;
  write.forEach((i, n) => {
    out += text.slice(from, at[i]) + literals[n];
    from = at[i]! + 1;
  });
  return out + text.slice(from);
}

/**
 * Statements with values written in that SQLite keeps prepared (a few tens of KB each).
 *
 * SQLite prepares a statement again at the first step after a value is bound to it that could
 * change its plan: a LIMIT or OFFSET (measured: a page of ids 10.1 against 6.2 µs, 16.8 against
 * 10.3 in a subquery), and under STAT4 (which better-sqlite3 builds in) a value compared to an
 * indexed column. better-sqlite3 binds the values at every run, so such a statement was prepared
 * again every time. The list page's statement ran in 126 µs with parameters and 86 µs with its
 * values written in (page 50 of 100,000 products; in the server, 2,700 against 3,700–4,000
 * pages/s). So every statement has its LIMIT and OFFSET written into its text, and those marked
 * PLAN_WITH_VALUES every plain value; each distinct text is prepared once and kept
 * (`WRITTEN_SQLITE`, the least recently used dropped first).
 */
const WRITTEN_SQLITE = 200;

export function openSqlite(file: string): Database {
  // The database holds every customer's details: 0600 in a 0700 folder when made here (private-files.ts).
  const onDisk = file !== ':memory:' && file !== '';
  if (onDisk) prepareDatabaseFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  if (onDisk) narrowDatabaseCompanions(file);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Statements with values written in, by their statement's number and the values; the least
  // recently used dropped first.
  const written = keptRecent<DriverStatement>(WRITTEN_SQLITE);
  let texts = 0;
  const writing = (text: string, plain: DriverStatement, at: number[], write: number[], literalOf: (value: unknown) => string | null): DriverStatement => {
    const id = texts++;
    const forValues = (parameters: unknown[]): [DriverStatement, unknown[]] => {
      const w = valuesToWrite(at, write, parameters, literalOf);
      if (!w) return [plain, parameters];
      const statement = written(`${id}\u0000${w.literals.join('\u0000')}`, () => withFastRows(sqlite.prepare(textWithLiterals(text, at, write, w.literals))));
      return [statement, w.rest];
    };
    return {
      reader: plain.reader,
      all: (parameters) => {
        const [s, values] = forValues(parameters);
        return s.all(values);
      },
      iterate: (parameters) => {
        const [s, values] = forValues(parameters);
        return s.iterate(values);
      },
      run: (parameters) => {
        const [s, values] = forValues(parameters);
        return s.run(values);
      },
    };
  };
  // Kysely prepares every query it runs; preparing costs about as much as running a page's
  // query, so each distinct SQL text is prepared once (statements run synchronously to the
  // end, so one is never busy when it is reused; Kysely streams nothing here).
  const statements = new Map<string, DriverStatement>();
  const prepared = (text: string): DriverStatement => {
    let statement = statements.get(text);
    if (!statement) {
      if (statements.size >= 1000) statements.clear();
      const plain = withFastRows(sqlite.prepare(text));
      const marks = placeholders(text);
      statement =
        marks && text.includes(PLAN_WITH_VALUES_TEXT)
          ? writing(text, plain, marks.at, marks.at.map((_, i) => i), sqliteLiteral)
          : marks?.limits.length
            ? writing(text, plain, marks.at, marks.limits, limitLiteral)
            : plain;
      statements.set(text, statement);
    }
    return statement;
  };
  const database = {
    close: () => sqlite.close(),
    prepare: prepared,
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
