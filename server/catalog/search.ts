/**
 * The one catalogue search (header box, admin search, `search=`, suggestions), and every place
 * where SQLite and PostgreSQL differ for the catalogue. Documents and queries share one
 * normalised form (domain/search-text.ts); documents are written by search-documents.ts.
 *
 * A search is planned first (`plan`): each normalised word of the term, with its alternatives:
 * its Bengali readings when it is Latin (domain/search-translit.ts), and for a word of 5+
 * letters the words of the catalogue one edit away (a typo), looked up in the vocabulary of
 * document words by the prefix or suffix a third of the word long that one edit leaves whole.
 * A product matches when its document contains, for every word, the word or one of its
 * alternatives (a substring, answered by the index for 3+ letters: SQLite FTS5 trigram,
 * PostgreSQL pg_trgm GIN).
 *
 * Ranking: the whole term is a title (0), starts one (1), is inside one (2), every word is found
 * as typed somewhere in the document (3, author, publisher, category…), the rest needed a reading
 * or a typo (4); then more words in one title, the shorter title; in stock first; more sold;
 * newest. Both strategies give the same answers for the same data.
 */
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { editDistanceAtMostOne, searchWords as normalizedWords } from '../../domain/search-text';
import { latinToBengali } from '../../domain/search-translit';
import { createSearchDocuments, typoKeys, type SearchDocuments } from './search-documents';

export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a LIKE filter on names as stored (the back office's author, publisher and
 * category lists): NFC, split on white space, without LIKE wildcards (`%`, `_` and `\` are
 * spaces, so a term never matches everything). The product search normalises instead (`plan`).
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

/** Words of at least this many letters also find the words one edit away. */
export const TYPO_MIN_LETTERS = 5;
/** At most this many typo alternatives per word (the closest in code-point order of the vocabulary). */
const MAX_TYPO_WORDS = 6;
const VOCAB_SCAN = 2_000;
const MAX_CHAR = '\u{10FFFF}';

export interface WordPlan {
  /** The normalised word as typed. */
  word: string;
  /** Its Bengali readings, when it is Latin. */
  readings: string[];
  /** Words of the catalogue one edit away. */
  typos: string[];
}

export interface SearchPlan {
  words: WordPlan[];
  /** The normalised words, joined by one space. */
  phrase: string;
}

const letters = (w: string) => Array.from(w).length;
const alternatives = (w: WordPlan) => [...new Set([w.word, ...w.readings, ...w.typos])];
const contains = (word: string) => `%${word}%`;

export interface SearchStrategy {
  readonly dialect: DialectName;
  /** The words of a term with their alternatives; null when the term has no words. */
  plan(term: string | undefined | null): Promise<SearchPlan | null>;
  /** `products.id IN (…)`: products whose search document holds every word (or an alternative). */
  matches(plan: SearchPlan): Expression<SqlBool>;
  /** Case-insensitive (for English) LIKE of a column reference against a pattern. */
  like(column: string, pattern: string): RawBuilder<SqlBool>;
  /** The ORDER BY terms of a ranked search, over `products` joined with `product_search_docs as d`. */
  rank(plan: SearchPlan): RawBuilder<number>[];
  /** The catalogue's change counter (bumped by triggers on every catalogue write). */
  version(): Promise<number>;
  /** Writes the queued search documents (search-documents.ts). */
  refresh(): Promise<void>;
}

abstract class BaseStrategy implements SearchStrategy {
  abstract readonly dialect: DialectName;
  protected abstract readonly likeOp: 'like' | 'ilike';
  protected readonly documents: SearchDocuments;
  constructor(protected readonly db: Kysely<DB>) {
    this.documents = createSearchDocuments(db, this.dialectName());
  }
  protected abstract dialectName(): DialectName;
  abstract matches(plan: SearchPlan): Expression<SqlBool>;
  abstract version(): Promise<number>;
  protected abstract greatest(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number>;

  refresh(): Promise<void> {
    return this.documents.refresh();
  }

  like(column: string, pattern: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`${sql.ref(column)} ${sql.raw(this.likeOp)} ${pattern}`;
  }

  async plan(term: string | undefined | null): Promise<SearchPlan | null> {
    const words = normalizedWords(term);
    if (!words.length) return null;
    await this.refresh();
    const planned = await Promise.all(words.map(async (word): Promise<WordPlan> => ({ word, readings: latinToBengali(word), typos: await this.typos(word) })));
    return { words: planned, phrase: words.join(' ') };
  }

  /** The vocabulary's words one edit from `word` that do not already contain it. */
  protected async typos(word: string): Promise<string[]> {
    if (letters(word) < TYPO_MIN_LETTERS || /^\p{N}+$/u.test(word)) return [];
    const { prefix, rsuffix, length } = typoKeys(word);
    const { rows } = await sql<{ word: string }>`select word from product_search_vocab
      where ((word >= ${prefix} and word < ${prefix + MAX_CHAR}) or (rword >= ${rsuffix} and rword < ${rsuffix + MAX_CHAR}))
        and length(word) between ${length - 1} and ${length + 1}
      order by word limit ${VOCAB_SCAN}`.execute(this.db);
    return rows
      .map((r) => r.word)
      .filter((w) => w !== word && !w.includes(word) && editDistanceAtMostOne(word, w))
      .sort()
      .slice(0, MAX_TYPO_WORDS);
  }

  /** 1 when any of the words is inside the column, else 0. */
  private hit(column: string, words: string[]): RawBuilder<number> {
    return sql<number>`case when ${sql.join(
      words.map((w) => sql`${sql.ref(column)} like ${contains(w)}`),
      sql` or `,
    )} then 1 else 0 end`;
  }

  rank(plan: SearchPlan): RawBuilder<number>[] {
    const p = plan.phrase;
    const exactAll = sql.join(
      plan.words.map((w) => sql`d.doc like ${contains(w.word)}`),
      sql` and `,
    );
    const tier = sql<number>`case when d.en = ${p} or d.bn = ${p} then 0
      when d.en like ${`${p}%`} or d.bn like ${`${p}%`} then 1
      when d.en like ${contains(p)} or d.bn like ${contains(p)} then 2
      when ${exactAll} then 3 else 4 end`;
    const sum = (column: string) => sql<number>`(${sql.join(
      plan.words.map((w) => this.hit(column, alternatives(w))),
      sql` + `,
    )})`;
    const en = sum('d.en');
    const bn = sum('d.bn');
    const hits = this.greatest(en, bn);
    return [
      tier,
      sql<number>`${hits} desc`,
      // The shorter of titles holding as many words ("Law of Contract" before its "Vol. 2").
      sql<number>`case when ${hits} = 0 then 0 when ${en} >= ${bn} then d.en_words else d.bn_words end`,
      sql<number>`case when products.units_stock > 0 then 0 else 1 end`,
      sql<number>`products.units_sold desc`,
      sql<number>`products.id desc`,
    ];
  }
}

/**
 * SQLite: an FTS5 table with the trigram tokenizer: a word of three or more letters (and each
 * of its alternatives) is a phrase query (a substring match answered by the index); a word with
 * a shorter alternative is a LIKE over the search table.
 */
export class SqliteFtsSearch extends BaseStrategy {
  readonly dialect = 'sqlite' as const;
  protected readonly likeOp = 'like' as const;
  protected dialectName(): DialectName {
    return 'sqlite';
  }

  protected greatest(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number> {
    return sql<number>`max(${a}, ${b})`;
  }

  matches(plan: SearchPlan): Expression<SqlBool> {
    const groups: string[] = [];
    const conditions: RawBuilder<unknown>[] = [];
    for (const w of plan.words) {
      const alts = alternatives(w);
      if (alts.every((a) => letters(a) >= 3)) groups.push(`(${alts.map((a) => `"${a.replaceAll('"', '""')}"`).join(' OR ')})`);
      else
        conditions.push(
          sql`(${sql.join(
            alts.map((a) => sql`doc like ${contains(a)}`),
            sql` or `,
          )})`,
        );
    }
    if (groups.length) conditions.unshift(sql`product_search match ${groups.join(' AND ')}`);
    return sql<SqlBool>`products.id in (select rowid from product_search where ${sql.join(conditions, sql` and `)})`;
  }

  async version(): Promise<number> {
    const { rows } = await sql<{ version: number }>`select version from catalog_version where id = 1`.execute(this.db);
    return Number(rows[0]?.version ?? 0);
  }
}

/** PostgreSQL: a search table with a pg_trgm GIN index, which answers `doc LIKE '%word%'`. */
export class PostgresTrigramSearch extends BaseStrategy {
  readonly dialect = 'postgres' as const;
  protected readonly likeOp = 'ilike' as const;
  protected dialectName(): DialectName {
    return 'postgres';
  }

  protected greatest(a: RawBuilder<number>, b: RawBuilder<number>): RawBuilder<number> {
    return sql<number>`greatest(${a}, ${b})`;
  }

  matches(plan: SearchPlan): Expression<SqlBool> {
    const conditions = plan.words.map(
      (w) =>
        sql`(${sql.join(
          alternatives(w).map((a) => sql`doc like ${contains(a)}`),
          sql` or `,
        )})`,
    );
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
