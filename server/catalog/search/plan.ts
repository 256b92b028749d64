/**
 * A search's plan (strategy.ts `plan`): each normalised word of the term with its alternatives
 * (its Bengali readings when it is Latin, the catalogue's words one edit away when it is long),
 * and the content version it was made at. Also the small text helpers every strategy shares.
 */

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
  /** The catalogue's content version the plan was made at (its answers' counts are remembered under it). */
  version: number;
  /**
   * Set on a plan remembered from an earlier request (`remembered`), whose version this request
   * has not read: the page's query reads the version with the page, and a different one throws
   * `CatalogChanged` (planned.ts plans again).
   */
  assumed?: true;
}

/**
 * What a read assumed from memory (a search's plan, the category tree) was made at another
 * content version than the page its query read: read again without assuming.
 */
export class CatalogChanged extends Error {
  constructor() {
    super('the catalogue changed since what was remembered was read');
  }
}

export const letters = (w: string) => Array.from(w).length;
export const alternatives = (w: WordPlan) => [...new Set([w.word, ...w.readings, ...w.typos])];
export const contains = (word: string) => `%${word}%`;
/** An FTS5 phrase: the trigram tokenizer answers it as a substring match. */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;
