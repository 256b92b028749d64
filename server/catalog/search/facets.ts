/**
 * The /search page's facets, and its "did you mean" (did-you-mean.ts) remembered alongside.
 *
 * Facets: how many of the page's matches each choice would show — product type, category,
 * author, publisher, price range (by the price a shopper pays) and in stock. Each facet applies
 * every other active filter but not its own (disjunctive faceting), so a shopper who chose an
 * author still sees the other authors to switch to. The WHERE is product-filter.ts's own
 * (`productConditions` of `searchPageFilter`), so a facet's count is the count its link shows.
 * Categories, authors and publishers: the top TOP_NAMES by count, ties by name in code-point
 * order (PostgreSQL told to compare as SQLite does), then id; the chosen one is always there.
 *
 * Counting every match of a common word costs a scan of its matches, six times, so answers are
 * remembered per phrase and filters until the catalogue's content (names, prices, activity) or
 * availability (a product running out or coming back, migration 0104) changes, at most
 * MAX_REMEMBERED of them; "did you mean" is remembered the same way.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, ProductType } from '../../db/schema';
import { PAID_PRICE_SQL, searchPageConditions, type SearchFilters } from '../product-filter';
import { createDidYouMean } from './did-you-mean';
import type { SearchPlan } from './plan';
import type { SearchStrategy } from './strategy';
import { PRODUCT_TYPES } from '../../../domain/catalog';

/** How many categories, authors and publishers a facet lists. */
export const TOP_NAMES = 10;
/** Price ranges in taka, inclusive (prices are whole taka); `max: null` is "and above". */
export const PRICE_BUCKETS: readonly { min: number; max: number | null }[] = [
  { min: 0, max: 199 },
  { min: 200, max: 499 },
  { min: 500, max: 999 },
  { min: 1000, max: null },
];
const PRODUCT_TYPE_ORDER: readonly ProductType[] = PRODUCT_TYPES;
const MAX_REMEMBERED = 500;

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
  const where = (f: SearchFilters, plan: SearchPlan) => searchPageConditions(search, plan, f);
  const corrections = createDidYouMean(db, search);

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
  return {
    /** The facets of the search page's matches for `plan` narrowed by `filters`. */
    facets(plan: SearchPlan, filters: SearchFilters): Promise<SearchFacets> {
      return remember(`f:${plan.phrase}\u0000${filterKey(filters)}`, () => computeFacets(plan, filters));
    },

    /** A corrected term for a term that finds nothing, or null (did-you-mean.ts). */
    didYouMean(plan: SearchPlan): Promise<string | null> {
      return remember(`d:${plan.phrase}`, () => corrections(plan));
    },
  };
}

