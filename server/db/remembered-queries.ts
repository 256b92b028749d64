import type { Compilable, CompiledQuery } from 'kysely';

/**
 * Compiled SQL remembered by the inputs it is built from. Building a query with Kysely and
 * compiling it cost a list page a third of its time in the server (about 55 µs of 400 on
 * SQLite, measured under load); the SQL and parameters are a pure function of those inputs, so a
 * page asked for again runs what was compiled the first time. Nothing read from the database is
 * kept: the rows are read every time. At most `limit` are kept, the least recently used dropped
 * first.
 */
export function rememberCompiled(limit: number) {
  const memo = new Map<string, CompiledQuery>();
  return function compiled(key: string, build: () => Compilable): CompiledQuery {
    let query = memo.get(key);
    if (query) {
      // Most recently used last: a Map keeps insertion order.
      memo.delete(key);
    } else {
      query = build().compile();
      if (memo.size >= limit) memo.delete(memo.keys().next().value!);
    }
    memo.set(key, query);
    return query;
  };
}
