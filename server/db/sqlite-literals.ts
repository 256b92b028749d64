/**
 * Values written into an SQLite statement's text in place of its `?` placeholders (sqlite.ts says
 * why): where the placeholders are, which values are plain enough to write, and the text written.
 */

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
export const limitLiteral = (value: unknown): string | null => (Number.isSafeInteger(value) ? String(value) : null);

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
