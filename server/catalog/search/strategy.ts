/**
 * The one catalogue search (header box, admin search, `search=`, suggestions): what a strategy
 * does; create-strategy.ts picks the one for the database in use (sqlite-fts.ts,
 * postgres-trigram.ts, on what both share in base-strategy.ts): every place where SQLite and PostgreSQL differ for the catalogue.
 * Documents and queries share one normalised form (domain/search-text.ts); documents are
 * written by documents.ts.
 *
 * A search is planned first (`plan`): each normalised word of the term, with its alternatives:
 * its Bengali readings when it is Latin (domain/search-translit.ts: the likeliest found in some
 * document, and wider ones that start a word of the vocabulary), and for a word of 5+
 * letters the words of the catalogue one edit away (a typo), looked up in the vocabulary of
 * document words by the prefix or suffix a third of the word long that one edit leaves whole.
 * A product matches when its document contains, for every word, the word or one of its
 * alternatives (a substring, answered by the index for 3+ letters: SQLite FTS5 trigram,
 * PostgreSQL pg_trgm GIN). Readings no document contains are left out of the plan, and plans
 * are remembered until the catalogue's content changes.
 *
 * Ranking: the whole term is a title (0), starts one (1), is inside one (2), every word is found
 * as typed somewhere in the document (3, author, publisher, category…), the rest needed a reading
 * or a typo (4); then more words in one title, the shorter title; in stock first; more sold;
 * newest. The part of it that depends only on the documents (`contentRanks`) is worked out once
 * per catalogue content version over the products ranked-pages.ts gives (a common word's
 * sample); stock and sales are read with each page. Both strategies give the same answers for
 * the same data.
 */
import type { AliasedRawBuilder, Expression, RawBuilder, SqlBool } from 'kysely';
import type { DialectName } from '../../db/database';
import type { SearchPlan } from './plan';

export interface SearchStrategy {
  readonly dialect: DialectName;
  /** The words of a term with their alternatives; null when the term has no words. */
  plan(term: string | undefined | null): Promise<SearchPlan | null>;
  /**
   * The plan made for this term at the latest version a search read, without a query (marked
   * `assumed`), or null: one round trip fewer for a term searched before, checked by the page's query.
   */
  remembered(term: string | undefined | null): SearchPlan | null;
  /** A scalar subquery of the content version, to read beside a page. */
  versionColumn(): RawBuilder<number>;
  /** `products.id IN (…)`: products whose search document holds every word (or an alternative). */
  matches(plan: SearchPlan): Expression<SqlBool>;
  /**
   * The ids of matching products that also pass `where` (over `products`), newest first, read in
   * the search index's own order so a common word stops after `limit` matches.
   */
  newestMatchIds(plan: SearchPlan, where: Expression<SqlBool>, limit: number, offset?: number): Promise<number[]>;
  /** The ids of products passing `where` whose English or Bengali title starts with the phrase (the title indexes, 0105), at most `limit` of each. */
  titleMatchIds(plan: SearchPlan, where: Expression<SqlBool>, limit: number): Promise<number[]>;
  /**
   * Words of the documents' vocabulary that share the word's first or last third and are at most
   * `edits` letters longer or shorter: where the words `edits` away from it are (not yet filtered).
   */
  vocabularyNear(word: string, edits: number): Promise<string[]>;
  /** `column IN (ids)` as one statement text whatever the number of ids. */
  idIn(column: string, ids: number[]): RawBuilder<SqlBool>;
  /** Case-insensitive (for English) LIKE of a column reference against a pattern. */
  like(column: string, pattern: string): RawBuilder<SqlBool>;
  /**
   * The part of the term's relevance (the ranking in this file's header) that depends only on the
   * products' documents, for each of these products: 1 for the most relevant, equal for equally
   * relevant. Stock and sales, which break its ties, change with every sale: `rankTable` and the
   * page's ORDER BY add them when a page is read.
   */
  contentRanks(ids: number[], plan: SearchPlan): Promise<number[]>;
  /** A table `c(id, rank)` of these products and their ranks, to join a page's products to. */
  rankTable(ids: number[], ranks: number[]): AliasedRawBuilder<{ id: number; rank: number }, 'c'>;
  /** The catalogue's change counter (bumped by triggers on every catalogue write). */
  version(): Promise<number>;
  /** Writes the queued search documents (documents.ts). */
  refresh(): Promise<void>;
}
