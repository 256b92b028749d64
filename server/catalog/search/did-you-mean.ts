/**
 * The /search page's "did you mean": when a term finds nothing, each of its words that finds no
 * product on its own is replaced by the closest word of the catalogue's vocabulary (edit
 * distance at most 2 for words of 5+ letters, else 1), preferring the word found in most
 * products, then code-point order. Offered only when the corrected term finds products.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { searchPageConditions } from '../product-filter';
import { VOCAB_SCAN } from './base-strategy';
import { letters, type SearchPlan, type WordPlan } from './plan';
import type { SearchStrategy } from './strategy';

/** Candidate corrections of one word counted (the closest, in code-point order). */
const MAX_CANDIDATES = 8;
/** A candidate's products are counted up to this many. */
const CANDIDATE_COUNT_LIMIT = 1_000;

/** Optimal string alignment distance (a swap of neighbours is one edit), on code points; stops past `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[y.length]!;
}

/** How far a word may be corrected: 2 edits from 5 letters, 1 below; never for digits or 1–2 letters. */
export function correctionDistance(word: string): number {
  const n = letters(word);
  if (n < 3 || /^\p{N}+$/u.test(word)) return 0;
  return n >= 5 ? 2 : 1;
}

export function createDidYouMean(db: Kysely<DB>, search: SearchStrategy) {
  /**
   * Active products matching the plan, counted up to CANDIDATE_COUNT_LIMIT. Never `LIMIT 1`: for
   * a rare word PostgreSQL then scans the search table for a first row instead of asking its index.
   */
  async function countUpTo(plan: SearchPlan): Promise<number> {
    const matching = db.selectFrom('products').select('products.id').where(searchPageConditions(search, plan, {})).limit(CANDIDATE_COUNT_LIMIT);
    const row = await db
      .selectFrom(matching.as('m'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const findsAny = async (plan: SearchPlan) => (await countUpTo(plan)) > 0;
  /** Active products holding `word` (as typed: no readings, no typos); `plan` is the term's. */
  const productsWith = (word: string, plan: SearchPlan) => countUpTo({ ...plan, words: [{ word, readings: [], typos: [] }], phrase: word });

  /** Vocabulary words near `word`: sharing its first or last third (one lookup each), else its middle third. */
  async function nearWords(word: string, max: number): Promise<string[]> {
    const near = (words: string[]) => words.filter((w) => w !== word && editDistance(word, w, max) <= max);
    const found = near(await search.vocabularyNear(word, max));
    if (found.length || max < 2) return found;
    // Two edits may touch the first and the last third: the middle one is then whole.
    const chars = Array.from(word);
    const third = Math.max(1, Math.floor(chars.length / 3));
    const middle = chars.slice(third, chars.length - third).join('');
    if (letters(middle) < 2) return [];
    const length = chars.length;
    const more = await sql<{ word: string }>`select word from product_search_vocab
      where word like ${`%${middle.replace(/[%_\\]/g, '')}%`} and length(word) between ${length - max} and ${length + max}
      order by word limit ${VOCAB_SCAN}`.execute(db);
    return near(more.rows.map((r) => r.word));
  }

  /** The best correction of one word that finds nothing, or null. */
  async function correct(w: WordPlan, plan: SearchPlan): Promise<string | null> {
    const max = correctionDistance(w.word);
    if (!max) return null;
    const words = await nearWords(w.word, max);
    if (!words.length) return null;
    const distance = new Map(words.map((c) => [c, editDistance(w.word, c, max)]));
    const closest = Math.min(...distance.values());
    const candidates = words.filter((c) => distance.get(c) === closest).sort().slice(0, MAX_CANDIDATES);
    let best: { word: string; n: number } | null = null;
    for (const c of candidates) {
      const n = await productsWith(c, plan);
      if (n > 0 && (!best || n > best.n)) best = { word: c, n };
    }
    return best?.word ?? null;
  }

  /**
   * A corrected term for a term that finds nothing (its normalised words, some replaced), or
   * null: when it finds something already, when no word could be corrected, or when the
   * correction would find nothing either.
   */
  return async function didYouMean(plan: SearchPlan): Promise<string | null> {
    if (await findsAny(plan)) return null;
    const words: string[] = [];
    let changed = false;
    for (const w of plan.words) {
      const alone: SearchPlan = { ...plan, words: [w], phrase: w.word };
      const fixed = (await findsAny(alone)) ? null : await correct(w, plan);
      words.push(fixed ?? w.word);
      if (fixed) changed = true;
    }
    if (!changed) return null;
    const term = words.join(' ');
    const corrected = await search.plan(term);
    return corrected && (await findsAny(corrected)) ? term : null;
  };
}
