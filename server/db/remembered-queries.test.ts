import { describe, expect, it } from 'vitest';
import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { keptRecent, rememberCompiled } from './remembered-queries';

interface T {
  t: { id: number };
}
const db = new Kysely<T>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });

describe('rememberCompiled', () => {
  it('builds a key once and answers the same compiled query when it is asked again', () => {
    const compiled = rememberCompiled(10);
    let builds = 0;
    const build = (id: number) => () => (builds++, db.selectFrom('t').select('id').where('id', '=', id));
    const first = compiled('1', build(1));
    expect(compiled('1', build(1))).toBe(first);
    expect(builds).toBe(1);
    expect(first.parameters).toEqual([1]);
    expect(compiled('2', build(2)).parameters).toEqual([2]);
    expect(builds).toBe(2);
  });

  it('keeps at most its limit, dropping the least recently used first', () => {
    const compiled = rememberCompiled(2);
    let builds = 0;
    const build = (id: number) => () => (builds++, db.selectFrom('t').select('id').where('id', '=', id));
    compiled('a', build(1));
    compiled('b', build(2));
    compiled('a', build(1)); // a is now the most recently used
    compiled('c', build(3)); // drops b
    expect(builds).toBe(3);
    compiled('a', build(1));
    expect(builds).toBe(3);
    compiled('b', build(2));
    expect(builds).toBe(4);
  });

  it('tells what it drops, the least recently used', () => {
    const dropped: [string, number][] = [];
    const kept = keptRecent<number>(2, (key, value) => dropped.push([key, value]));
    kept('a', () => 1);
    kept('b', () => 2);
    kept('a', () => 9); // kept: a stays 1 and is now the most recently used
    expect(kept('c', () => 3)).toBe(3);
    expect(dropped).toEqual([['b', 2]]);
    expect(kept('a', () => 9)).toBe(1);
  });
});
