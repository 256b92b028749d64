/**
 * The /search page's facets and its "did you mean".
 *
 * Facets: how many of the page's matches each choice would show — product type, category,
 * author, publisher, price range (by the price a shopper pays) and in stock. Each facet applies
 * every other active filter but not its own (disjunctive faceting), so a shopper who chose an
 * author still sees the other authors to switch to. The WHERE is product-lists.ts's own
 * (`productConditions` of `searchPageFilter`), so a facet's count is the count its link shows.
 * Categories, authors and publishers: the top TOP_NAMES by count, ties by name in code-point
 * order (PostgreSQL told to compare as SQLite does), then id; the chosen one is always there.
 *
 * Counting every match of a common word costs a scan of its matches, six times, so answers are
 * remembered per phrase and filters until the catalogue's content (names, prices, activity) or
 * availability (a product running out or coming back, migration 0104) changes, at most
 * MAX_REMEMBERED of them.
 *
 * "Did you mean": when a term finds nothing, each of its words that finds no product on its own
 * is replaced by the closest word of the catalogue's vocabulary (edit distance at most 2 for
 * words of 5+ letters, else 1), preferring the word found in most products, then code-point
 * order. Offered only when the corrected term finds products.
 */
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { DB, ProductType } from '../db/schema';
import { PAID_PRICE_SQL, productConditions, searchPageFilter, type SearchFilters } from './product-lists';
import type { SearchPlan, SearchStrategy, WordPlan } from './search';

/** How many categories, authors and publishers a facet lists. */
export const TOP_NAMES = 10;
/** Price ranges in taka, inclusive (prices are whole taka); `max: null` is "and above". */
export const PRICE_BUCKETS: readonly { min: number; max: number | null }[] = [
  { min: 0, max: 199 },
  { min: 200, max: 499 },
  { min: 500, max: 999 },
  { min: 1000, max: null },
];
const PRODUCT_TYPE_ORDER: readonly ProductType[] = ['books', 'electronics', 'stationary'];
const MAX_REMEMBERED = 500;
/** Vocabulary rows read per lookup of a misspelt word. */
const VOCAB_SCAN = 2_000;
/** Candidate corrections of one word counted (the closest, in code-point order). */
const MAX_CANDIDATES = 8;
/** A candidate's products are counted up to this many. */
const CANDIDATE_COUNT_LIMIT = 1_000;

export interface FacetCount<V> {
  value: V;
  count: number;
}
export interface NamedCount {
  id: number;
  name: string;
  count: number;
}
export interface PriceCount {
  min: number;
  max: number | null;
  count: number;
}
export interface SearchFacets {
  types: FacetCount<ProductType>[];
  categories: NamedCount[];
  authors: NamedCount[];
  publishers: NamedCount[];
  prices: PriceCount[];
  /** Matches in stock (all other filters applied). */
  in_stock: number;
}

/** What keys the remembered answers: content and availability counters (stock.ts `versions`). */
export interface VersionSource {
  versions(): Promise<{ content: number; availability: number }>;
}

type Named = 'categories' | 'authors' | 'publishers';
const NAMED_COLUMN = { categories: 'category_id', authors: 'author_id', publishers: 'publisher_id' } as const;
const NAMED_FILTER = { categories: 'category', authors: 'author', publishers: 'publisher' } as const;

const letters = (w: string) => Array.from(w).length;

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

type Part = 'type' | Named | 'price' | 'in_stock';
const PARTS: readonly Part[] = ['type', 'categories', 'authors', 'publishers', 'price', 'in_stock'];
interface FacetRow {
  facet: Part;
  id: number | null;
  name: string | null;
  n: number | string;
}

/** The filters a facet counts under: all but its own (the in-stock count is of the matches in stock, so all). */
function withoutOwn(f: SearchFilters, part: Part): SearchFilters {
  switch (part) {
    case 'type':
      return { ...f, type: undefined };
    case 'price':
      return { ...f, minPrice: undefined, maxPrice: undefined };
    case 'in_stock':
      return f;
    default:
      return { ...f, [NAMED_FILTER[part]]: undefined };
  }
}

/** The price range (index of PRICE_BUCKETS) of a match's price paid, `m.paid`. */
const BUCKET = sql<number>`case ${sql.join(
  PRICE_BUCKETS.slice(0, -1).map((b, i) => sql`when m.paid <= ${sql.lit(b.max!)} then ${sql.lit(i)}`),
  sql` `,
)} else ${sql.lit(PRICE_BUCKETS.length - 1)} end`;

/** The filters as a stable key (undefined and absent alike). */
function filterKey(f: SearchFilters): string {
  return [f.type, f.category, f.author, f.publisher, f.minPrice, f.maxPrice, f.inStock ? 1 : ''].map((v) => v ?? '').join('|');
}

export function createSearchFacets(db: Kysely<DB>, search: SearchStrategy, counters: VersionSource) {
  const nameOrder = search.dialect === 'postgres' ? sql`t.name collate "C"` : sql`t.name`;
  const where = (f: SearchFilters, plan: SearchPlan) => (eb: ExpressionBuilder<DB, 'products'>) => productConditions(search, eb, searchPageFilter(plan, f));

  // Remembered answers (promises, so concurrent askers share one), cleared when the counters move.
  const remembered = new Map<string, Promise<unknown>>();
  let rememberedAt = '';
  async function remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const v = await counters.versions();
    const at = `${v.content}:${v.availability}`;
    if (at !== rememberedAt) {
      remembered.clear();
      rememberedAt = at;
    }
    const known = remembered.get(key);
    if (known) return known as Promise<T>;
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    const answer = compute();
    remembered.set(key, answer);
    answer.catch(() => remembered.delete(key));
    return answer;
  }

  /**
   * The facets that share one set of filters, in one statement: the matches' facet columns once
   * (a materialised CTE: the search index is read once, not once a facet), then a group count
   * of each facet over them.
   */
  async function countFacets(plan: SearchPlan, f: SearchFilters, parts: Part[]): Promise<FacetRow[]> {
    const matches = db
      .selectFrom('products')
      .select(['products.type', 'products.category_id', 'products.author_id', 'products.publisher_id', 'products.units_stock', sql<number>`${sql.raw(PAID_PRICE_SQL)}`.as('paid')])
      .where(where(f, plan));
    const selects = parts.map((part): RawBuilder<FacetRow> => {
      switch (part) {
        case 'type':
          return sql`select 'type' as facet, cast(null as integer) as id, m.type as name, count(*) as n from m group by m.type`;
        case 'price':
          return sql`select 'price' as facet, ${BUCKET} as id, cast(null as text) as name, count(*) as n from m group by ${BUCKET}`;
        case 'in_stock':
          return sql`select 'in_stock' as facet, cast(null as integer) as id, cast(null as text) as name, count(*) as n from m where m.units_stock > 0`;
        default: {
          const column = sql.ref(`m.${NAMED_COLUMN[part]}`);
          return sql`select * from (select ${sql.lit(part)} as facet, t.id as id, t.name as name, count(*) as n from m inner join ${sql.table(part)} as t on t.id = ${column}
            group by t.id, t.name order by count(*) desc, ${nameOrder}, t.id limit ${sql.lit(TOP_NAMES)}) as ${sql.id(`top_${part}`)}`;
        }
      }
    });
    const { rows } = await sql<FacetRow>`with m as materialized ${matches} ${sql.join(selects, sql` union all `)}`.execute(db);
    return rows;
  }

  /** The count of a chosen name that is not among its facet's top (it may have no match at all). */
  async function chosenName(table: Named, plan: SearchPlan, others: SearchFilters, id: number): Promise<NamedCount | null> {
    // Typed as one of the three: each has the `id` and `name` read here.
    const from = table as 'authors';
    const row = await db.selectFrom(`${from} as t`).select(['t.id', 't.name']).where('t.id', '=', id).executeTakeFirst();
    if (!row) return null;
    const counted = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.and([where(others, plan)(eb), eb(`products.${NAMED_COLUMN[table] as 'author_id'}`, '=', id)]))
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, count: Number(counted.n) };
  }

  async function computeFacets(plan: SearchPlan, f: SearchFilters): Promise<SearchFacets> {
    // Each facet counts under the filters without its own; facets under equal filters share a statement.
    const groups = new Map<string, { filters: SearchFilters; parts: Part[] }>();
    for (const part of PARTS) {
      const others = withoutOwn(f, part);
      const key = filterKey(others);
      const group = groups.get(key) ?? { filters: others, parts: [] };
      group.parts.push(part);
      groups.set(key, group);
    }
    const rows = (await Promise.all([...groups.values()].map((g) => countFacets(plan, g.filters, g.parts)))).flat();
    const of = (facet: Part) => rows.filter((r) => r.facet === facet);
    const counts = new Map(of('type').map((r) => [r.name, Number(r.n)]));
    const bucketCounts = new Map(of('price').map((r) => [Number(r.id), Number(r.n)]));
    const named = async (table: Named): Promise<NamedCount[]> => {
      const list = of(table).map((r) => ({ id: Number(r.id), name: String(r.name), count: Number(r.n) }));
      const chosen = f[NAMED_FILTER[table]];
      if (chosen !== undefined && !list.some((r) => r.id === chosen)) {
        const extra = await chosenName(table, plan, withoutOwn(f, table), chosen);
        if (extra) list.push(extra);
      }
      return list;
    };
    const [categories, authors, publishers] = await Promise.all([named('categories'), named('authors'), named('publishers')]);
    return {
      types: PRODUCT_TYPE_ORDER.filter((t) => counts.has(t) || t === f.type).map((t) => ({ value: t, count: counts.get(t) ?? 0 })),
      categories,
      authors,
      publishers,
      prices: PRICE_BUCKETS.map((b, i) => ({ min: b.min, max: b.max, count: bucketCounts.get(i) ?? 0 })),
      in_stock: Number(of('in_stock')[0]?.n ?? 0),
    };
  }

  /**
   * Active products matching the plan, counted up to CANDIDATE_COUNT_LIMIT. Never `LIMIT 1`: for
   * a rare word PostgreSQL then scans the search table for a first row instead of asking its index.
   */
  async function countUpTo(plan: SearchPlan): Promise<number> {
    const matching = db.selectFrom('products').select('products.id').where(where({}, plan)).limit(CANDIDATE_COUNT_LIMIT);
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

  return {
    /** The facets of the search page's matches for `plan` narrowed by `filters`. */
    facets(plan: SearchPlan, filters: SearchFilters): Promise<SearchFacets> {
      return remember(`f:${plan.phrase}\u0000${filterKey(filters)}`, () => computeFacets(plan, filters));
    },

    /**
     * A corrected term for a term that finds nothing (its normalised words, some replaced), or
     * null: when it finds something already, when no word could be corrected, or when the
     * correction would find nothing either.
     */
    didYouMean(plan: SearchPlan): Promise<string | null> {
      return remember(`d:${plan.phrase}`, async () => {
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
      });
    },
  };
}

export type SearchFacetsService = ReturnType<typeof createSearchFacets>;
