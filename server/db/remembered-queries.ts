import type { Compilable, CompiledQuery } from 'kysely';

/**
 * A function that answers the value kept for a key, making it with `make` when there is none.
 * At most `limit` are kept, the least recently used dropped first (`onDrop` is told). The
 * statements the drivers keep with values written in (database.ts) and the compiled SQL below
 * are kept this way.
 */
export function keptRecent<V>(limit: number, onDrop?: (key: string, value: V) => void) {
  const kept = new Map<string, V>();
  return function get(key: string, make: () => V): V {
    let value = kept.get(key);
    if (value !== undefined) {
      // Most recently used last: a Map keeps insertion order.
      kept.delete(key);
    } else {
      value = make();
      if (kept.size >= limit) {
        const [oldKey, old] = kept.entries().next().value!;
        kept.delete(oldKey);
        onDrop?.(oldKey, old);
      }
    }
    kept.set(key, value);
    return value;
  };
}

/**
 * Compiled SQL remembered by the inputs it is built from. Building a query with Kysely and
 * compiling it cost a list page about 55 of its 400 µs in the server (SQLite, under load); the
 * SQL and parameters are a pure function of those inputs, so a page asked for again runs what was
 * compiled the first time. Nothing read from the database is kept: the rows are read every time.
 */
export function rememberCompiled(limit: number) {
  const kept = keptRecent<CompiledQuery>(limit);
  return (key: string, build: () => Compilable): CompiledQuery => kept(key, () => build().compile());
}
