/**
 * PostgreSQL through pg's pool: rows in the same shapes SQLite gives (numbers, ISO strings), and
 * statements prepared under a name, or with their values written in, where that costs less.
 */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema';
import type { Database } from './handle';
import { keptRecent } from './remembered-queries';
import { PLAN_EACH_TIME_TEXT, PLAN_WITH_VALUES_TEXT } from './plan-marks';
import { rowBuilder } from './row-builder';

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
