/**
 * The one catalogue search (header box, admin search, `search=`), and every place where
 * SQLite and PostgreSQL differ for the catalogue. The search document of a product (titles in
 * both languages, author, publisher, category, brand, model) is kept by the triggers of
 * migration 0102; a product matches when its document contains every word of the term,
 * ignoring case for English and exactly as typed for Bengali (no stemming, no splitting
 * inside Bengali words). Both strategies give the same answers for the same data.
 */
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';

export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a search term: NFC-normalised, split on white space, without LIKE wildcards
 * (`%`, `_` and `\` are treated as spaces, so a term can never match "everything").
 */
export function searchWords(term: string | undefined | null): string[] {
  if (!term) return [];
  return term
    .normalize('NFC')
    .slice(0, 200)
    .replace(/[%_\\]/g, ' ')
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
}

export interface SearchStrategy {
  readonly dialect: DialectName;
  /** `products.id IN (…)`: products whose search document contains every word. */
  matches(words: string[]): Expression<SqlBool>;
  /** Case-insensitive (for English) LIKE of a column reference against a pattern. */
  like(column: string, pattern: string): RawBuilder<SqlBool>;
  /**
   * Search rank of the current product row for the whole term: 0 a title starts with it,
   * 1 a title contains it, 2 it matched elsewhere (author, publisher, category…).
   */
  rank(term: string): RawBuilder<number>;
  /** The catalogue's change counter (bumped by triggers on every catalogue write). */
  version(): Promise<number>;
}

function contains(word: string) {
  return `%${word}%`;
}

abstract class BaseStrategy implements SearchStrategy {
  abstract readonly dialect: DialectName;
  protected abstract readonly likeOp: 'like' | 'ilike';
  constructor(protected readonly db: Kysely<DB>) {}
  abstract matches(words: string[]): Expression<SqlBool>;
  abstract version(): Promise<number>;

  like(column: string, pattern: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`${sql.ref(column)} ${sql.raw(this.likeOp)} ${pattern}`;
  }

  rank(term: string): RawBuilder<number> {
    const phrase = searchWords(term).join(' ');
    const starts = `${phrase}%`;
    const inside = contains(phrase);
    return sql<number>`case when ${this.like('products.english_title', starts)} or ${this.like('products.bangla_title', starts)} then 0
      when ${this.like('products.english_title', inside)} or ${this.like('products.bangla_title', inside)} then 1 else 2 end`;
  }
}

/**
 * SQLite: an FTS5 table with the trigram tokenizer (`case_sensitive 0`): words of three or
 * more characters are phrase queries (substring matches answered by the index), shorter
 * words a LIKE over the search table.
 */
export class SqliteFtsSearch extends BaseStrategy {
  readonly dialect = 'sqlite' as const;
  protected readonly likeOp = 'like' as const;

  matches(words: string[]): Expression<SqlBool> {
    // A phrase query of trigrams is a substring match, and reads positions from the index
    // instead of checking every candidate's text the way LIKE does (about 10× faster for a
    // common word). Words under three characters have no trigram: LIKE scans for those.
    const long = words.filter((w) => [...w].length >= 3);
    const conditions = words.filter((w) => [...w].length < 3).map((w) => sql`doc like ${contains(w)}`);
    if (long.length) conditions.unshift(sql`product_search match ${long.map((w) => `"${w.replaceAll('"', '""')}"`).join(' AND ')}`);
    return sql<SqlBool>`products.id in (select rowid from product_search where ${sql.join(conditions, sql` and `)})`;
  }

  async version(): Promise<number> {
    const { rows } = await sql<{ version: number }>`select version from catalog_version where id = 1`.execute(this.db);
    return Number(rows[0]?.version ?? 0);
  }
}

/** PostgreSQL: a search table with a pg_trgm GIN index, which answers `doc ILIKE '%word%'`. */
export class PostgresTrigramSearch extends BaseStrategy {
  readonly dialect = 'postgres' as const;
  protected readonly likeOp = 'ilike' as const;

  matches(words: string[]): Expression<SqlBool> {
    const conditions = words.map((w) => sql`doc ilike ${contains(w)}`);
    return sql<SqlBool>`products.id in (select product_id from product_search where ${sql.join(conditions, sql` and `)})`;
  }

  async version(): Promise<number> {
    const { rows } = await sql<{ version: number }>`select case when is_called then last_value else 0 end as version from catalog_version_seq`.execute(this.db);
    return Number(rows[0]?.version ?? 0);
  }
}

export function createSearchStrategy(db: Kysely<DB>, dialect?: DialectName): SearchStrategy {
  dialect ??= db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  return dialect === 'postgres' ? new PostgresTrigramSearch(db) : new SqliteFtsSearch(db);
}
