/**
 * Lists of products: the filtered list, a type's, a category's (with or without the categories
 * below it), an author's, a publisher's, the header search and the home page's sections. Every
 * list is one page query (names joined in, never N+1) plus one count, and the count is
 * remembered until the catalogue changes.
 */
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB, ProductType } from '../db/schema';
import { PLAN_WITH_VALUES } from '../db/database';
import { firstPackedValue, packedRow, unpackRow, type PackedColumn } from '../db/packed-rows';
import { rememberCompiled } from '../db/remembered-queries';
import type { Page } from '../http/pagination';
import type { FileStorage } from '../media/storage';
import { HOME_SECTIONS } from '../../domain/catalog';
import { PRODUCT_COLUMNS, PRODUCT_COLUMN_KINDS, productJoins, productQuery, toApiProduct, type ApiProduct, type Listed, type ProductOrdering, type ProductRow } from './products';
import { toApiPerson, type People } from './people';
import type { Categories, CategorySnapshot } from './categories';
import { CatalogChanged, type SearchPlan, type SearchStrategy } from './search';
import { createSuggestions } from './search-suggest';

/** The catalogue routes answer a plain array without `?page=`; it is capped so no answer is the whole table. */
export const PLAIN_LIST_LIMIT = 500;
const PLAIN_PAGE: Page = { page: 1, size: PLAIN_LIST_LIMIT, offset: 0 };
/** A search counts its matches exactly up to this many; beyond, the list says `count_capped` (shown as "10,000+"). */
export const SEARCH_COUNT_LIMIT = 10_000;
/** A search with more matches than this ranks a sample of them (`candidatesOf`). */
export const RANK_SAMPLE = 100;
/** How many titles starting with a common term (of each language) join its ranked sample. */
export const TITLE_SAMPLE = 40;
/** Candidate sets of ranked searches remembered per content version (`candidatesOf`). */
const MAX_CANDIDATE_SETS = 2_000;
/** A list of at most this many categories is read one category at a time and merged (`pageIds`), for pages this deep at most. */
const MERGE_CATEGORIES = 16;
const MERGE_DEPTH = 1_000;
/** Compiled list pages kept (`orderedPage`): a few KB each. */
const COMPILED_PAGES = 500;
/** How many results the header search box shows. */
export const HEADER_SEARCH_LIMIT = 20;

export interface ProductListQuery {
  type?: ProductType | undefined;
  category?: number | undefined;
  author?: number | undefined;
  publisher?: number | undefined;
  is_active?: boolean | undefined;
  search?: string | undefined;
  ordering?: ProductOrdering | undefined;
}

/** What narrows a product list; `active: undefined` means active and inactive (admins only). */
interface ProductFilter {
  type?: ProductType | undefined;
  categoryIds?: number[] | undefined;
  authorIds?: number[] | undefined;
  publisherIds?: number[] | undefined;
  active?: boolean | undefined;
  /** The price a shopper pays (the discount price when set), in taka, inclusive. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Only products with units in stock. */
  inStock?: boolean | undefined;
  /** The planned search term (search.ts), when there is one. */
  plan?: SearchPlan | undefined;
}

/** The /search page's narrowing: each is a facet of the page (search-facets.ts). */
export interface SearchFilters {
  type?: ProductType | undefined;
  category?: number | undefined;
  author?: number | undefined;
  publisher?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: boolean | undefined;
}

/** The SQL of the price a shopper pays (domain/prices.ts `unitPrice`). */
export const PAID_PRICE_SQL = 'case when products.discount_price <> 0 then products.discount_price else products.regular_price end';

/** The shop's (active) products a search page shows, as a filter of this module. */
export function searchPageFilter(plan: SearchPlan, f: SearchFilters): ProductFilter {
  return {
    active: true,
    plan,
    type: f.type,
    categoryIds: f.category === undefined ? undefined : [f.category],
    authorIds: f.author === undefined ? undefined : [f.author],
    publisherIds: f.publisher === undefined ? undefined : [f.publisher],
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    inStock: f.inStock,
  };
}

/** The WHERE of a product filter over `products` (shared with the search page's facet counts). */
export function productConditions(search: SearchStrategy, eb: ExpressionBuilder<DB, 'products'>, f: ProductFilter): Expression<SqlBool> {
  const list: Expression<SqlBool>[] = [];
  if (f.type) list.push(eb('products.type', '=', f.type));
  if (f.active !== undefined) list.push(eb('products.is_active', '=', f.active ? 1 : 0));
  if (f.categoryIds) list.push(f.categoryIds.length ? eb('products.category_id', 'in', f.categoryIds) : eb.lit(false));
  if (f.authorIds) list.push(f.authorIds.length === 1 ? eb('products.author_id', '=', f.authorIds[0]!) : eb('products.author_id', 'in', f.authorIds));
  if (f.publisherIds) list.push(f.publisherIds.length === 1 ? eb('products.publisher_id', '=', f.publisherIds[0]!) : eb('products.publisher_id', 'in', f.publisherIds));
  if (f.minPrice !== undefined) list.push(sql<SqlBool>`${sql.raw(PAID_PRICE_SQL)} >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) list.push(sql<SqlBool>`${sql.raw(PAID_PRICE_SQL)} <= ${f.maxPrice}`);
  if (f.inStock) list.push(eb('products.units_stock', '>', 0));
  if (f.plan) list.push(search.matches(f.plan));
  return eb.and(list);
}

type Admin = { admin?: boolean };

/** A product row read with the catalogue's content version beside it. */
type VersionedRow = ProductRow & { catalog_version: number | string };
/** A page's rows and the content version they were read at. */
interface PageRows {
  rows: ProductRow[];
  version: number;
}

/** A ranked search's first products, with their ranks by content; `sampleEnd` when they are a sample of its matches. */
interface Candidates {
  ids: number[];
  ranks: number[];
  /** The products in the sample for their titles (the rest of the matches leave them out). */
  titled: number[];
  /** The oldest of the newest matches sampled: the other matches are older. */
  sampleEnd?: number;
  /** The ranks in order, best (lowest) first; made by `leading` when a page first needs them. */
  sortedRanks?: number[];
}
/** A list whose count may stop at a limit: `count_capped` says there are more than `count`. */
export type CountedList = Listed<ApiProduct> & { count_capped?: true };
type Paged = { ordering?: ProductOrdering | undefined; page?: Page | undefined };
type CategoryShelf = Paged & { descendants: boolean; author?: number | undefined; publisher?: number | undefined };

const ORDER_BY: Record<ProductOrdering, [column: 'updated_at' | 'units_stock' | 'regular_price' | 'english_title' | 'id', direction: 'asc' | 'desc']> = {
  '-updated_at': ['updated_at', 'desc'],
  '-units_stock': ['units_stock', 'desc'],
  regular_price: ['regular_price', 'asc'],
  '-regular_price': ['regular_price', 'desc'],
  name: ['english_title', 'asc'],
  '-id': ['id', 'desc'],
};

export function createProductLists(
  db: Kysely<DB>,
  storage: FileStorage,
  parts: {
    search: SearchStrategy;
    categories: Categories;
    authors: People;
    publishers: People;
    searchCountLimit?: number | undefined;
    /** How a common word's matches are sampled for ranking (tests make them small). */
    rankSample?: number | undefined;
    titleSample?: number | undefined;
  },
) {
  const { search, categories, authors, publishers } = parts;
  const searchCountLimit = parts.searchCountLimit ?? SEARCH_COUNT_LIMIT;
  const rankSample = parts.rankSample ?? RANK_SAMPLE;
  const titleSample = parts.titleSample ?? TITLE_SAMPLE;
  const eb = expressionBuilder<DB, 'products'>();

  const conditions = (eb: ExpressionBuilder<DB, 'products'>, f: ProductFilter) => productConditions(search, eb, f);

  // Counts of big lists cost a scan of an index; they change only when the catalogue's content
  // does (a checkout moves only the stock counters, migration 0104), so they are remembered. A
  // count with a limit reads at most limit + 1 matches: page 1 of a common word needs no more.
  const counts = new Map<string, number>();
  let countsVersion = -1;
  async function countProducts(f: ProductFilter, limit: number | undefined, version: number): Promise<{ count: number; capped: boolean }> {
    const n = await countUpTo(f, limit, version);
    return limit !== undefined && n > limit ? { count: limit, capped: true } : { count: n, capped: false };
  }
  /** `version`: the content version read with the list's page (or its search plan's). */
  async function countUpTo(f: ProductFilter, limit: number | undefined, version: number): Promise<number> {
    if (version !== countsVersion) {
      counts.clear();
      countsVersion = version;
    }
    // A count of products in stock changes with every sale that empties a shelf: never remembered.
    // A plan by its phrase: the same plan remembered (`assumed`) or made anew counts the same.
    const key = f.inStock ? null : `${limit ?? ''}:${f.plan?.phrase ?? ''}\u0000${JSON.stringify({ ...f, plan: undefined })}`;
    const known = key === null ? undefined : counts.get(key);
    if (known !== undefined) return known;
    const matching = db.selectFrom('products').where((eb) => conditions(eb, f));
    const row = await (limit === undefined
      ? matching.select((eb) => eb.fn.countAll<number>().as('n'))
      : db.selectFrom(matching.select('products.id').limit(limit + 1).as('m')).select((eb) => eb.fn.countAll<number>().as('n'))
    ).executeTakeFirstOrThrow();
    const n = Number(row.n);
    if (counts.size > 5000) counts.clear();
    if (key !== null) counts.set(key, n);
    return n;
  }

  /**
   * Products with their category's, author's and publisher's names, joined (`productQuery`).
   * PostgreSQL plans the joins in about three times as long as scalar subqueries would take, but
   * a page is planned once per connection (PLAN_WITH_VALUES), and run, the joins cost a quarter
   * less (0.23 against 0.33 ms for a page of 20: each subquery scanned the small categories and
   * publishers tables once per row). Built once: Kysely's builders are immutable.
   */
  const namedProducts = productQuery(db);
  /**
   * A page's products with the content version they were read at (`checkedVersion`), read the
   * ordinary way: a row whose text held the packed rows' separator (`pageRows`).
   */
  const versionedRows = namedProducts.select(search.versionColumn().as('catalog_version'));
  /** A page's columns, packed into one text a row (server/db/packed-rows.ts). */
  const pageColumns: PackedColumn[] = [
    ...PRODUCT_COLUMNS.map((c) => ({ name: c, from: sql.ref(`products.${c}`), kind: PRODUCT_COLUMN_KINDS[c] })),
    { name: 'category_name', from: sql.ref('categories.name'), kind: 'text?' },
    { name: 'author_name', from: sql.ref('authors.name'), kind: 'text?' },
    { name: 'publisher_name', from: sql.ref('publishers.name'), kind: 'text?' },
    { name: 'catalog_version', from: search.versionColumn(), kind: 'int' },
  ];
  /**
   * A page's products with the content version they were read at (`checkedVersion`), one packed
   * text a row (the column `page_row`, read by `pageRows`). Both databases plan each page once
   * (PLAN_WITH_VALUES): planning it cost more than running it.
   */
  const versionedPage = productJoins(db).modifyFront(PLAN_WITH_VALUES).select(packedRow(search.dialect, pageColumns).as('page_row'));
  const unpack = unpackRow<VersionedRow>(search.dialect, pageColumns);
  /** A page's rows as objects, in order; a row whose text held the separator is read again the ordinary way. */
  async function pageRows(packed: { page_row: string }[]): Promise<VersionedRow[]> {
    const rows = packed.map((r) => unpack(r.page_row));
    if (!rows.includes(null)) return rows as VersionedRow[];
    const unsplit = packed.flatMap((r, i) => (rows[i] ? [] : [Number(firstPackedValue(r.page_row))]));
    const read = new Map(((await versionedRows.where('products.id', 'in', unsplit).execute()) as VersionedRow[]).map((r) => [r.id, r]));
    // A row removed in between is left out, as a page read a moment later would.
    return packed.flatMap((r, i) => rows[i] ?? read.get(Number(firstPackedValue(r.page_row))) ?? []);
  }

  /**
   * The products a ranked search's pages start with, and their ranks by content (search.ts
   * `contentRanks`). A term with at most `rankSample` matches ranks them all. A common word
   * ranks a sample instead of every match: its newest `rankSample` matches (read in the search
   * index's order, so the read stops there) and the products whose title is the term or starts
   * with it (the title indexes, at most `titleSample` of each language); its other matches
   * follow, newest first. The order is fixed by the data, so pages never repeat or skip a
   * product, and both databases give the same order.
   *
   * All of it depends on the catalogue's content only, so it is worked out once per content
   * version (as plans and counts are), and a sale changes none of it; a page reads the stock and
   * sales that break its ties fresh. A filter on stock (`inStock`) is never remembered.
   */
  const candidateSets = new Map<string, Promise<Candidates>>();
  let candidatesVersion = -1;
  function candidatesOf(f: ProductFilter & { plan: SearchPlan }): Promise<Candidates> {
    if (f.plan.version !== candidatesVersion) {
      candidateSets.clear();
      candidatesVersion = f.plan.version;
    }
    const key = f.inStock ? null : `${f.plan.phrase}\u0000${JSON.stringify({ ...f, plan: undefined })}`;
    const known = key === null ? undefined : candidateSets.get(key);
    if (known) return known;
    const made = findCandidates(f);
    if (key !== null) {
      if (candidateSets.size >= MAX_CANDIDATE_SETS) candidateSets.clear();
      candidateSets.set(key, made);
      // A failed read is not remembered: the next search tries again.
      made.catch(() => candidateSets.get(key) === made && candidateSets.delete(key));
    }
    return made;
  }

  async function findCandidates(f: ProductFilter & { plan: SearchPlan }): Promise<Candidates> {
    const where = conditions(eb, { ...f, plan: undefined });
    const newest = await search.newestMatchIds(f.plan, where, rankSample + 1);
    if (newest.length <= rankSample) return { ids: newest, ranks: await search.contentRanks(newest, f.plan), titled: [] };
    newest.length = rankSample;
    const titled = await search.titleMatchIds(f.plan, where, titleSample);
    const ids = [...new Set([...newest, ...titled])];
    return { ids, ranks: await search.contentRanks(ids, f.plan), titled, sampleEnd: newest[newest.length - 1]! };
  }

  /**
   * `size` of the candidates from `offset`, in rank order with in stock first, more sold, newest
   * breaking ties, in one query: the page's ids are chosen from the candidates' counters alone,
   * and only theirs are read whole with their names.
   */
  async function candidatesPage(c: Pick<Candidates, 'ids' | 'ranks'>, offset: number, size: number): Promise<VersionedRow[]> {
    const page = db
      .selectFrom(search.rankTable(c.ids, c.ranks))
      .innerJoin('products', 'products.id', 'c.id')
      .select(['c.id', 'c.rank', sql<number>`case when products.units_stock > 0 then 0 else 1 end`.as('sold_out'), 'products.units_sold'])
      .orderBy('c.rank')
      .orderBy('sold_out')
      .orderBy('products.units_sold', 'desc')
      .orderBy('c.id', 'desc')
      .limit(size)
      .offset(offset)
      .as('page');
    return await pageRows(
      await versionedPage
        .innerJoin(page, 'page.id', 'products.id')
        .orderBy('page.rank')
        .orderBy('page.sold_out')
        .orderBy('page.units_sold', 'desc')
        .orderBy('page.id', 'desc')
        .execute(),
    );
  }

  /**
   * The candidates that can be among the first `end`: those ranked no lower than the `end`-th
   * best rank. Rank orders a page before stock and sales do, so every other candidate comes after
   * them whatever its stock. Ties at the cutoff all come along: the benchmark's common words,
   * whose matches mostly tie, still join 76 and 100 candidates for their first page.
   */
  function leading(c: Candidates, end: number): Pick<Candidates, 'ids' | 'ranks'> {
    if (end >= c.ids.length) return c;
    const cutoff = (c.sortedRanks ??= [...c.ranks].sort((a, b) => a - b))[end - 1]!;
    const ids: number[] = [];
    const ranks: number[] = [];
    c.ranks.forEach((rank, i) => {
      if (rank > cutoff) return;
      ids.push(c.ids[i]!);
      ranks.push(rank);
    });
    return { ids, ranks };
  }

  /** A ranked search's page (`candidatesOf`), in one query once the candidates are known. */
  async function rankedRows(f: ProductFilter & { plan: SearchPlan }, page: Page, assumed: number | undefined): Promise<PageRows> {
    const c = await candidatesOf(f);
    const end = page.offset + page.size;
    const head = page.offset < c.ids.length ? await candidatesPage(leading(c, end), page.offset, Math.min(end, c.ids.length) - page.offset) : [];
    const version = await checkedVersion(head[0]?.catalog_version, assumed);
    if (c.sampleEnd === undefined || end <= c.ids.length) return { rows: head, version };
    // The rest: the matches older than the sample that are not among its titles, newest first.
    const where = conditions(eb, { ...f, plan: undefined });
    const rest = eb.and([where, eb('products.id', '<', c.sampleEnd), eb.not(search.idIn('products.id', c.titled))]);
    const from = Math.max(page.offset, c.ids.length);
    const tail = await search.newestMatchIds(f.plan, rest, end - from, from - c.ids.length);
    return { rows: [...head, ...(await rowsInOrder(tail))], version };
  }

  /**
   * The content version a page was read at: the one its query read beside its rows, or (an
   * empty page) read now. Another version than `assumed` (what a remembered plan or category
   * tree was made at) throws CatalogChanged.
   */
  async function checkedVersion(read: number | string | undefined, assumed: number | undefined): Promise<number> {
    const version = read === undefined ? await search.version() : Number(read);
    if (assumed !== undefined && version !== assumed) throw new CatalogChanged();
    return version;
  }

  /**
   * Runs a search with the plan remembered for its term (no query to plan it), which the page's
   * own query checks; plans it anew when the term is new or the catalogue changed since.
   */
  async function planned<T>(term: string, run: (plan: SearchPlan) => Promise<T>): Promise<T | null> {
    const assumed = search.remembered(term);
    if (assumed) {
      try {
        return await run(assumed);
      } catch (error) {
        if (!(error instanceof CatalogChanged)) throw error;
      }
    }
    const plan = await search.plan(term);
    return plan ? run(plan) : null;
  }

  /** The rows of these products, with names, in the order of the ids. */
  async function rowsInOrder(ids: number[]): Promise<ProductRow[]> {
    if (!ids.length) return [];
    const rows = (await namedProducts.where('products.id', 'in', ids).execute()) as ProductRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * One page of products (ranked by the search term, or in a fixed order) and the content version
   * its counts are remembered under: a search's plan's, else the one read with the page.
   * `assumed`: the version of a remembered read the list depends on (the category tree).
   */
  async function pageOfProducts(f: ProductFilter, ordering: ProductOrdering | 'rank', page: Page, admin = false, assumed?: number): Promise<{ products: ApiProduct[]; version: number }> {
    const expected = f.plan?.assumed ? f.plan.version : assumed;
    const { rows, version } = ordering === 'rank' && f.plan ? await rankedRows({ ...f, plan: f.plan }, page, expected) : await orderedPage(f, ordering === 'rank' ? '-id' : ordering, page, expected);
    return { products: rows.map((row) => toApiProduct(row, storage, { admin })), version: f.plan ? f.plan.version : version };
  }

  /** The SQL of list pages in a fixed order, by filter, order and page (remembered-queries.ts). */
  const compiledPages = rememberCompiled(COMPILED_PAGES);
  /**
   * A page in a fixed order in one query (one round trip): the page's ids from the indexes alone
   * in a subquery (its OFFSET skips index entries, not rows), their rows and names around it,
   * and the content version beside them (the count is remembered under it).
   */
  async function orderedPage(f: ProductFilter, ordering: ProductOrdering, page: Page, assumed: number | undefined): Promise<PageRows> {
    const build = () => {
      const [column, direction] = ORDER_BY[ordering];
      let q = versionedPage.orderBy(`products.${column}`, direction);
      if (column !== 'id') q = q.orderBy('products.id', direction);
      // `IN`, not a join: joined after the name joins, SQLite read every product for each page
      // (49 ms a page at 100,000), where PostgreSQL saved 3–20 µs.
      return q.where('products.id', 'in', pageIds(f, column, direction, page));
    };
    // A filter with a search plan is built each time: its SQL depends on the plan, not only on the filter's values.
    const query = f.plan ? build().compile() : compiledPages(JSON.stringify([f, ordering, page.offset, page.size]), build);
    const rows = await pageRows((await db.executeQuery(query)).rows as { page_row: string }[]);
    return { rows, version: await checkedVersion(rows[0]?.catalog_version, assumed) };
  }

  /**
   * The ids of a page in a fixed order. On PostgreSQL a few categories (a section with its
   * sub-sections) are read one category at a time, each the first `offset + size` of its own
   * index (category, active, updated_at, id), and merged: one ordered index for all of them
   * visits the rows of every other section's products on the way.
   */
  function pageIds(f: ProductFilter, column: (typeof ORDER_BY)[ProductOrdering][0], direction: 'asc' | 'desc', page: Page) {
    const key = `products.${column}` as const;
    const inOrder = <Q extends { orderBy: (ref: 'products.id' | typeof key, d: 'asc' | 'desc') => Q }>(q: Q) =>
      column === 'id' ? q.orderBy('products.id', direction) : q.orderBy(key, direction).orderBy('products.id', direction);
    const categories = f.categoryIds ?? [];
    // PostgreSQL only: SQLite reads the rows the one index skips in-process about as fast (46 against
    // 55 µs for the benchmark's large section), and building the bigger query costs more than that.
    const merge = search.dialect === 'postgres' && categories.length > 1 && categories.length <= MERGE_CATEGORIES && page.offset + page.size <= MERGE_DEPTH && !f.plan;
    if (!merge) return inOrder(db.selectFrom('products').select('products.id').where((eb) => conditions(eb, f))).limit(page.size).offset(page.offset);
    const first = (id: number) =>
      db
        .selectFrom(
          inOrder(db.selectFrom('products').select(['products.id', sql<unknown>`${sql.ref(key)}`.as('sort_key')]).where((eb) => conditions(eb, { ...f, categoryIds: [id] })))
            .limit(page.offset + page.size)
            .as('b'),
        )
        .select(['b.id', 'b.sort_key']);
    const [head, ...rest] = categories.map(first);
    const merged = rest.reduce((all, next) => all.unionAll(next), head!);
    let ids = db.selectFrom(merged.as('m')).select('m.id');
    if (column !== 'id') ids = ids.orderBy('m.sort_key', direction);
    return ids.orderBy('m.id', direction).limit(page.size).offset(page.offset);
  }

  /**
   * A list's page with its count (exact, or up to SEARCH_COUNT_LIMIT for a search); `assumed` as
   * for pageOfProducts.
   */
  async function listed(f: ProductFilter, ordering: ProductOrdering | undefined, fallback: ProductOrdering, page: Page, admin = false, assumed?: number): Promise<CountedList> {
    const order = ordering ?? (f.plan ? 'rank' : fallback);
    const { products: results, version } = await pageOfProducts(f, order, page, admin, assumed);
    const counted = await countProducts(f, f.plan ? searchCountLimit : undefined, version);
    return counted.capped ? { count: counted.count, count_capped: true, results } : { count: counted.count, results };
  }

  async function listFiltered(f: ProductFilter, ordering: ProductOrdering | undefined, fallback: ProductOrdering, page: Page, term?: string, admin = false): Promise<CountedList> {
    // A term of nothing but punctuation or spaces searches for nothing rather than everything.
    if (!term?.trim()) return listed(f, ordering, fallback, page, admin);
    return (await planned(term, (plan) => listed({ ...f, plan }, ordering, fallback, page, admin))) ?? { count: 0, results: [] };
  }

  async function categoryShelf(tree: CategorySnapshot, name: string, o: CategoryShelf, opts: Admin, assumed: boolean) {
    const named = tree.named(name);
    const first = named[0];
    if (!first) {
      // Not in the remembered tree: perhaps made since.
      if (assumed && (await search.version()) !== tree.version) throw new CatalogChanged();
      return null;
    }
    const ids = o.descendants ? [...new Set(named.flatMap((c) => tree.descendantIds(c.id)))] : named.map((c) => c.id);
    const f: ProductFilter = {
      active: true,
      categoryIds: ids.sort((a, b) => a - b),
      authorIds: o.author === undefined ? undefined : [o.author],
      publisherIds: o.publisher === undefined ? undefined : [o.publisher],
    };
    const list = await listed(f, o.ordering, '-updated_at', o.page ?? PLAIN_PAGE, !!opts.admin, assumed ? tree.version : undefined);
    return { category: tree.get(first.id)!, ...list };
  }

  /** The shop's lists of one author's, one publisher's or one category's products: active ones, newest first. */
  const shelf = (f: ProductFilter, o: Paged, opts: Admin) => listFiltered({ ...f, active: true }, o.ordering, '-updated_at', o.page ?? PLAIN_PAGE, undefined, !!opts.admin);

  return {
    async listProducts(q: ProductListQuery, page: Page, opts: Admin = {}): Promise<CountedList> {
      const admin = !!opts.admin;
      const f: ProductFilter = {
        type: q.type,
        categoryIds: q.category === undefined ? undefined : [q.category],
        authorIds: q.author === undefined ? undefined : [q.author],
        publisherIds: q.publisher === undefined ? undefined : [q.publisher],
        // Shoppers never see inactive products, whatever they ask for.
        active: admin ? q.is_active : true,
      };
      if (!admin && q.is_active === false) return { count: 0, results: [] };
      return listFiltered(f, q.ordering, '-id', page, q.search, admin);
    },

    async productsOfType(type: ProductType, o: Paged & { search?: string | undefined } = {}, opts: Admin = {}) {
      const f: ProductFilter = { type, active: true };
      return listFiltered(f, o.ordering, '-updated_at', o.page ?? PLAIN_PAGE, o.search, !!opts.admin);
    },

    /**
     * A category's shelf (with the categories below it when `descendants`), its lookups in the
     * category tree remembered in memory and checked by the page's own query.
     */
    async productsOfCategory(name: string, o: CategoryShelf, opts: Admin = {}) {
      const remembered = categories.remembered();
      if (remembered) {
        try {
          return await categoryShelf(remembered, name, o, opts, true);
        } catch (error) {
          if (!(error instanceof CatalogChanged)) throw error;
        }
      }
      return categoryShelf(await categories.snapshotAt(await search.version()), name, o, opts, false);
    },

    async productsOfAuthor(name: string, o: Paged = {}, opts: Admin = {}) {
      const named = await authors.named(name);
      if (!named[0]) return null;
      const list = await shelf({ authorIds: named.map((a) => a.id) }, o, opts);
      return { author: toApiPerson(named[0], storage), ...list };
    },

    async productsOfPublisher(name: string, o: Paged = {}, opts: Admin = {}) {
      const named = await publishers.named(name);
      if (!named[0]) return null;
      const list = await shelf({ publisherIds: named.map((p) => p.id) }, o, opts);
      return { publisher: toApiPerson(named[0], storage), ...list };
    },

    /** The header search box: ranked (a title starting with the term first), at most `limit`. */
    async searchProducts(term: string, limit = HEADER_SEARCH_LIMIT, opts: Admin = {}): Promise<ApiProduct[]> {
      const page: Page = { page: 1, size: Math.min(Math.max(limit, 1), 100), offset: 0 };
      const found = await planned(term, (plan) => pageOfProducts({ active: opts.admin ? undefined : true, plan }, 'rank', page, !!opts.admin));
      return found?.products ?? [];
    },

    /**
     * The /search page's results: the shop's products matching the term and the page's filters,
     * ranked (or in `ordering`), with a count exact up to SEARCH_COUNT_LIMIT. Null when the term
     * has no words.
     */
    async searchPage(term: string, filters: SearchFilters, ordering: ProductOrdering | undefined, page: Page): Promise<(CountedList & { plan: SearchPlan }) | null> {
      return planned(term, async (plan) => ({ ...(await listed(searchPageFilter(plan, filters), ordering, '-updated_at', page)), plan }));
    },

    /** Suggestions as a shopper types: products, then authors, publishers, categories (search-suggest.ts). */
    suggest: createSuggestions(db, planned, async (plan, limit) => (await pageOfProducts({ active: true, plan }, 'rank', { page: 1, size: limit, offset: 0 })).products),

    /**
     * The home page's book sections, in their fixed order: the newest active products of each.
     * The sections and the categories below them come from the tree at the content version (in
     * memory while it is the same), so the page is one query per section and one for the version.
     */
    async homeSections(perSection: number) {
      const tree = await categories.snapshotAt(await search.version());
      const sections = HOME_SECTIONS.flatMap((section) => tree.named(section.name));
      const filled = await Promise.all(
        sections.map(async (s) => {
          const ids = tree.descendantIds(s.id);
          const rows = await pageRows(
            await versionedPage
              .where('products.category_id', 'in', ids)
              .where('products.is_active', '=', 1)
              .orderBy('products.updated_at', 'desc')
              .orderBy('products.id', 'desc')
              .limit(perSection)
              .execute(),
          );
          return { id: s.id, name: s.name, products: rows.map((r) => toApiProduct(r, storage)) };
        }),
      );
      return HOME_SECTIONS.flatMap((section) => filled.filter((b) => b.name === section.name).map((b) => ({ ...b, slug: section.slug })));
    },
  };
}
