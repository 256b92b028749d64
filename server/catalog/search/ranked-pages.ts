/**
 * A ranked search's pages: the products a search's pages start with (a common word's sample),
 * ranked by content once per content version (strategy.ts `contentRanks`), then each page in
 * one query with in stock first, more sold and newest breaking ties.
 */
import { expressionBuilder, sql, type CompiledQuery, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Page } from '../../http/pagination';
import { productConditions, type ProductFilter } from '../product-filter';
import type { PageRowReader, PageRows } from '../page-rows';
import type { SearchPlan } from './plan';
import type { SearchStrategy } from './strategy';

/** A search with more matches than this ranks a sample of them (`candidatesOf`). */
export const RANK_SAMPLE = 100;
/** How many titles starting with a common term (of each language) join its ranked sample. */
export const TITLE_SAMPLE = 40;
/** Candidate sets of ranked searches remembered per content version (`candidatesOf`). */
const MAX_CANDIDATE_SETS = 2_000;

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
  /** Its pages' statements, compiled once, by offset and size (`pageQuery`). */
  pages?: Map<string, CompiledQuery>;
}

/**
 * Compiled page statements kept per candidate set (`pageQuery`): shoppers rarely go past page 3,
 * and each is a few KB (its SQL and the rank table's ids), so with MAX_CANDIDATE_SETS sets at most
 * some tens of MB, and far less in use.
 */
const COMPILED_PAGES = 3;

export function createRankedPages(
  db: Kysely<DB>,
  search: SearchStrategy,
  { versionedPage, pageRows, rowsInOrder, checkedVersion }: PageRowReader,
  /** How a common word's matches are sampled for ranking (tests make them small). */
  sample: { rankSample?: number | undefined; titleSample?: number | undefined } = {},
) {
  const rankSample = sample.rankSample ?? RANK_SAMPLE;
  const titleSample = sample.titleSample ?? TITLE_SAMPLE;
  const eb = expressionBuilder<DB, 'products'>();
  const conditions = (eb: ExpressionBuilder<DB, 'products'>, f: ProductFilter) => productConditions(search, eb, f);

  /**
   * The products a ranked search's pages start with, and their ranks by content (strategy.ts
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
  function candidatesPage(c: Pick<Candidates, 'ids' | 'ranks'>, offset: number, size: number) {
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
    return versionedPage.innerJoin(page, 'page.id', 'products.id').orderBy('page.rank').orderBy('page.sold_out').orderBy('page.units_sold', 'desc').orderBy('page.id', 'desc');
  }

  /**
   * A page's statement, compiled once per candidate set, offset and size: its SQL and values
   * depend on nothing else (stock and sales are read by it), and building and compiling it cost
   * a search about a tenth of its time in the server.
   */
  function pageQuery(c: Candidates, offset: number, size: number): CompiledQuery {
    const key = `${offset}:${size}`;
    let query = c.pages?.get(key);
    if (!query) {
      query = candidatesPage(leading(c, offset + size), offset, size).compile();
      c.pages ??= new Map();
      if (c.pages.size >= COMPILED_PAGES) c.pages.clear();
      c.pages.set(key, query);
    }
    return query;
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
    const head =
      page.offset < c.ids.length ? await pageRows((await db.executeQuery(pageQuery(c, page.offset, Math.min(end, c.ids.length) - page.offset))).rows as { page_row: string }[]) : [];
    const version = await checkedVersion(head[0]?.catalog_version, assumed);
    if (c.sampleEnd === undefined || end <= c.ids.length) return { rows: head, version };
    // The rest: the matches older than the sample that are not among its titles, newest first.
    const where = conditions(eb, { ...f, plan: undefined });
    const rest = eb.and([where, eb('products.id', '<', c.sampleEnd), eb.not(search.idIn('products.id', c.titled))]);
    const from = Math.max(page.offset, c.ids.length);
    const tail = await search.newestMatchIds(f.plan, rest, end - from, from - c.ids.length);
    return { rows: [...head, ...(await rowsInOrder(tail))], version };
  }

  return rankedRows;
}
