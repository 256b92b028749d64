/**
 * Rows read as one text each, for reads of many columns over many rows (a page of 20 products
 * has 740 values). Both drivers hand values over one at a time, which cost more than reading
 * them: pg makes a string of each and runs its type parser (about 160 ns a value), better-sqlite3
 * passes each through V8's API (50–250 ns). Each database packs a row the way it is cheapest to
 * write and to read here:
 * - PostgreSQL joins the values with a separator (`concat_ws`), split apart and typed here. It
 *   writes each value as text for the wire anyway, so packing costs it nothing (pgbench: 0.30–0.31
 *   ms a page either way), and Node's time for a page in the server fell from 660–970 to 490–610
 *   µs a request. JSON (`json_build_array`) cost PostgreSQL 50–60 µs more a page.
 * - SQLite writes a JSON array (`json_array`), read by JSON.parse: its numbers and nulls come
 *   typed, with fewer strings made than splitting (the server answered 1–5 % more pages a second
 *   with JSON than with the separator; the statements cost the same).
 *
 * Exact for every value. With the separator, a NULL is the empty text and a nullable text's values
 * carry a leading `=`, so an empty text stays apart from NULL; a text holding the separator itself
 * splits into too many parts, which `unpackRow` reports (null) rather than guessing, and the caller
 * reads that row the ordinary way.
 */
import { sql, type RawBuilder } from 'kysely';
import { isoTimestamp, rowBuilder, type DialectName } from './database';

/** How a column is packed and read back: an integer, a text, either of them nullable, or a timestamp. */
export type PackedKind = 'int' | 'int?' | 'text' | 'text?' | 'time';

export interface PackedColumn {
  /** The name it gets in the row object. */
  name: string;
  /** The SQL it is read from (a column reference or a scalar subquery). */
  from: RawBuilder<unknown>;
  kind: PackedKind;
}

/** ASCII's unit separator: no text the shop keeps has one (and a row that does is read the ordinary way). */
const SEPARATOR = '\u001f';

/**
 * One column's SQL inside a PostgreSQL packed row; never NULL (`concat_ws` would leave it out).
 * No quoted literals: a statement with a string in it never has its values written in (database.ts,
 * withValuesWritten), and each page would be planned anew. `concat` makes a NULL the empty text,
 * and `chr(61)` is '='.
 */
function separatedValue(c: PackedColumn): RawBuilder<unknown> {
  if (c.kind === 'int?') return sql`concat(${c.from})`;
  if (c.kind === 'text?') return sql`concat(chr(61) || ${c.from})`;
  return c.from;
}

/** The columns as one text per row: separated values on PostgreSQL, a JSON array on SQLite. */
export function packedRow(dialect: DialectName, columns: readonly PackedColumn[]): RawBuilder<string> {
  if (dialect === 'sqlite') return sql<string>`json_array(${sql.join(columns.map((c) => c.from))})`;
  return sql<string>`concat_ws(chr(31), ${sql.join(columns.map(separatedValue))})`;
}

/** How each kind's separated text becomes its value (`v` is the split text; timestamps go through `time`). */
function reading(kind: PackedKind, i: number): string {
  switch (kind) {
    case 'int':
      return `+v[${i}]`;
    case 'int?':
      return `(v[${i}] === '' ? null : +v[${i}])`;
    case 'text':
      return `v[${i}]`;
    case 'text?':
      return `(v[${i}] === '' ? null : v[${i}].slice(1))`;
    case 'time':
      return `time(v[${i}])`;
  }
}

/**
 * A function from a packed row's text to its row object (columns in order), written for its
 * columns as `rowBuilder` is; null when a separated text does not split into exactly one part a
 * column (a value held the separator). PostgreSQL's timestamps are made the ISO text SQLite keeps.
 */
export function unpackRow<T>(dialect: DialectName, columns: readonly PackedColumn[]): (text: string) => T | null {
  if (dialect === 'sqlite') {
    const build = rowBuilder(columns.map((c) => c.name)) as (values: unknown[]) => T;
    return (text) => build(JSON.parse(text) as unknown[]);
  }
  const fields = columns.map((c, i) => `${JSON.stringify(c.name)}: ${reading(c.kind, i)}`).join(', ');
  const make = new Function('time', 'separator', 'count', `return (text) => { const v = text.split(separator); if (v.length !== count) return null; return {${fields}}; };`);
  return make(isoTimestamp, SEPARATOR, columns.length) as (text: string) => T | null;
}

/** A separated row's first value as text (the id of a row `unpackRow` could not split). */
export function firstPackedValue(text: string): string {
  const end = text.indexOf(SEPARATOR);
  return end < 0 ? text : text.slice(0, end);
}
