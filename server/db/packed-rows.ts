/**
 * Rows read as one text each: the columns joined by a separator in SQL, split apart and typed
 * here. A page of 20 products has 740 values, and both drivers hand values over one at a time:
 * pg makes a string of each and runs its type parser (about 160 ns a value), better-sqlite3
 * passes each through V8's API. One text a row costs the database no more to write (PostgreSQL
 * writes each column as text for the wire anyway), and String#split makes the values in one go:
 * a page of 20 products on PostgreSQL took 340–550 µs of Node's time as columns and 150–190
 * µs packed.
 *
 * Exact for every value: a NULL is the empty text, and a nullable text column's values carry a
 * leading `=` so that an empty text stays apart from NULL. A text holding the separator itself
 * splits into too many parts, which `unpackRow` reports (null) rather than guessing; the caller
 * then reads that row the ordinary way.
 */
import { sql, type RawBuilder } from 'kysely';
import { isoTimestamp, type DialectName } from './database';

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

/** One column's SQL inside the packed row; never NULL (`concat_ws` would leave it out). */
function packedValue(dialect: DialectName, c: PackedColumn): RawBuilder<unknown> {
  switch (c.kind) {
    // No quoted literals on PostgreSQL: a statement with a string in it never has its values
    // written in (database.ts, withValuesWritten), and each page would be planned anew.
    // `concat` makes a NULL the empty text, and `chr(61)` is '='.
    case 'int?':
      return dialect === 'postgres' ? sql`concat(${c.from})` : sql`ifnull(${c.from}, '')`;
    case 'text?':
      return dialect === 'postgres' ? sql`concat(chr(61) || ${c.from})` : sql`ifnull('=' || ${c.from}, '')`;
    default:
      return c.from;
  }
}

/**
 * The columns as one text per row, by `concat_ws` on both databases (SQLite has it since 3.44;
 * a chain of `||` copies the growing text at each step, 20 µs more a page). PostgreSQL writes
 * each value with its type's output function, as it would for the wire; SQLite an integer as its
 * digits and a timestamp as the ISO text it keeps.
 */
export function packedRow(dialect: DialectName, columns: readonly PackedColumn[]): RawBuilder<string> {
  return sql<string>`concat_ws(${sql.raw(dialect === 'postgres' ? 'chr(31)' : 'char(31)')}, ${sql.join(columns.map((c) => packedValue(dialect, c)))})`;
}

/** How each kind's text becomes its value (`v` is the split text; timestamps go through `time`). */
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
 * A function from a packed row's text to its row object (columns in order), or null when the
 * text does not split into exactly one part a column (a value held the separator). Written
 * for its columns, as `rowBuilder` is. PostgreSQL's timestamps are made the ISO text SQLite keeps.
 */
export function unpackRow<T>(dialect: DialectName, columns: readonly PackedColumn[]): (text: string) => T | null {
  const fields = columns.map((c, i) => `${JSON.stringify(c.name)}: ${reading(c.kind, i)}`).join(', ');
  const time = dialect === 'postgres' ? isoTimestamp : (text: string) => text;
  const make = new Function('time', 'separator', 'count', `return (text) => { const v = text.split(separator); if (v.length !== count) return null; return {${fields}}; };`);
  return make(time, SEPARATOR, columns.length) as (text: string) => T | null;
}

/** A packed row's first value as text (a row's id, for one `unpackRow` could not split). */
export function firstPackedValue(text: string): string {
  const end = text.indexOf(SEPARATOR);
  return end < 0 ? text : text.slice(0, end);
}
