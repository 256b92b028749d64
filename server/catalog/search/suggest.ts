/**
 * Suggestions as a shopper types (`GET /api/search/suggest/?q=`): at most eight, first the
 * products the search ranks highest, then authors, publishers and categories whose names hold
 * every word of the term (or one of its readings or typo neighbours), in the normalised form of
 * the search. Names are few (hundreds, not the 100,000 products), so they are normalised in
 * memory, once per catalogue version.
 */
import { searchedIsbn } from '../../../domain/isbn';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { keptRecent } from '../../db/remembered-queries';
import { normalizeSearchText } from '../../../domain/search-text';
import { productPath } from '../../../domain/store-paths';
import type { ApiProduct } from '../api-product';
import type { SearchPlan, WordPlan } from './plan';

export const SUGGEST_LIMIT = 8;
/** Names keep at least this many of the eight places when that many match. */
const NAME_PLACES = 3;
/** Normalised titles kept (`normalizedTitle`): a few hundred bytes each. */
const NORMALIZED_TITLES = 5_000;

export type SuggestionKind = 'product' | 'author' | 'publisher' | 'category';

export interface Suggestion {
  kind: SuggestionKind;
  id: number;
  title: string;
  /** The storefront's page of it (domain/store-paths.ts, as the store routes build them). */
  url: string;
}

interface NamedRow {
  kind: Exclude<SuggestionKind, 'product'>;
  id: number;
  name: string;
  normalized: string;
}

const PERSON_PATHS = { author: '/authors/', publisher: '/publishers/', category: '/category/' } as const;

const alternatives = (w: WordPlan) => [w.word, ...w.readings, ...w.typos];

/** How well a normalised text holds the plan: null when some word is missing, lower is better. `words`: each word's alternatives. */
function nameRank(text: string, plan: SearchPlan, words: string[][]): number | null {
  if (!words.every((alts) => alts.some((a) => text.includes(a)))) return null;
  if (text === plan.phrase) return 0;
  if (text.startsWith(plan.phrase)) return 1;
  if (text.includes(plan.phrase)) return 2;
  return plan.words.every((w) => text.includes(w.word)) ? 3 : 4;
}

export function createSuggestions(
  db: Kysely<DB>,
  /** Runs with the term's plan (planned.ts): null when the term has no words. */
  planned: <T>(term: string, run: (plan: SearchPlan) => Promise<T>) => Promise<T | null>,
  products: (plan: SearchPlan, limit: number) => Promise<ApiProduct[]>,
  /** The books whose ISBN-13 key this is (a term that is an ISBN, domain/isbn.ts). */
  byIsbn: (key: string, limit: number) => Promise<ApiProduct[]>,
) {
  let names: { version: number; rows: NamedRow[] } | null = null;
  /**
   * Titles as normalised, by title: normalising one took about 12 µs, and the 8 suggestions'
   * titles, each normalised on every keystroke of every shopper, took a fifth of a suggestion's
   * time in the server. The normal form is a function of the text alone, so it never goes stale.
   */
  const normalizedTitle = keptRecent<string>(NORMALIZED_TITLES);

  /** Every name, remembered under the content version the term's plan was made at. */
  async function allNames(version: number): Promise<NamedRow[]> {
    if (names?.version === version) return names.rows;
    const [authors, publishers, categories] = await Promise.all(
      (['authors', 'publishers', 'categories'] as const).map((table) => db.selectFrom(table).select(['id', 'name']).orderBy('id').execute()),
    );
    const kinds = [
      ['author', authors],
      ['publisher', publishers],
      ['category', categories],
    ] as const;
    const rows = kinds.flatMap(([kind, list]) => (list ?? []).map((r) => ({ kind, id: r.id, name: r.name, normalized: normalizeSearchText(r.name) })));
    names = { version, rows };
    return rows;
  }

  /** The title a shopper recognises: the Bengali one when only it holds the first word. */
  function titleOf(p: ApiProduct, plan: SearchPlan): string {
    const first = plan.words[0];
    if (!first || !p.bangla_title) return p.english_title;
    const alts = alternatives(first);
    const holds = (title: string) => {
      const text = normalizedTitle(title, () => normalizeSearchText(title));
      return alts.some((a) => text.includes(a));
    };
    return !holds(p.english_title) && holds(p.bangla_title) ? p.bangla_title : p.english_title;
  }

  return async function suggest(term: string): Promise<Suggestion[]> {
    const isbn = searchedIsbn(term);
    if (isbn) return (await byIsbn(isbn, SUGGEST_LIMIT)).map((p) => ({ kind: 'product', id: p.id, title: p.bangla_title || p.english_title, url: productPath(p) }));
    return (await planned(term, (plan) => suggestFor(plan))) ?? [];
  };

  async function suggestFor(plan: SearchPlan): Promise<Suggestion[]> {
    const [found, named] = await Promise.all([products(plan, SUGGEST_LIMIT), allNames(plan.version)]);
    const order: Record<NamedRow['kind'], number> = { author: 0, publisher: 1, category: 2 };
    // Every name is tried: the words' alternatives are listed once, not once for each name.
    const words = plan.words.map(alternatives);
    const others = named
      .flatMap((row) => {
        const rank = nameRank(row.normalized, plan, words);
        return rank === null ? [] : [{ row, rank }];
      })
      .sort((a, b) => order[a.row.kind] - order[b.row.kind] || a.rank - b.rank || a.row.normalized.length - b.row.normalized.length || a.row.id - b.row.id)
      .map(({ row }): Suggestion => ({ kind: row.kind, id: row.id, title: row.name, url: PERSON_PATHS[row.kind] + encodeURIComponent(row.name) }));
    const productPlaces = SUGGEST_LIMIT - Math.min(others.length, NAME_PLACES);
    const shown: Suggestion[] = found.slice(0, productPlaces).map((p) => ({ kind: 'product', id: p.id, title: titleOf(p, plan), url: productPath(p) }));
    return [...shown, ...others].slice(0, SUGGEST_LIMIT);
  }
}
