/**
 * A product list's page and its count, whatever the page: ranked by a search term
 * (search/ranked-pages.ts) or in a fixed order (ordered-pages.ts), each one page query (names
 * joined in, never N+1) plus one count remembered until the catalogue changes (list-counts.ts).
 * The list pages (product-lists.ts, shelves.ts, search/search-lists.ts) are built on it.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Page } from '../http/pagination';
import type { FileStorage } from '../media/storage';
import { createListCounts } from './list-counts';
import { createOrderedPages } from './ordered-pages';
import { createPageRows } from './page-rows';
import type { ProductFilter } from './product-filter';
import { toApiProduct, type ApiProduct, type Listed, type ProductOrdering } from './api-product';
import { plannedSearches } from './search/planned';
import { createRankedPages } from './search/ranked-pages';
import type { SearchStrategy } from './search/strategy';
import { searchedIsbn } from '../../domain/isbn';

/** The catalogue routes answer a plain array without `?page=`; it is capped so no answer is the whole table. */
export const PLAIN_LIST_LIMIT = 500;
export const PLAIN_PAGE: Page = { page: 1, size: PLAIN_LIST_LIMIT, offset: 0 };
/** A search counts its matches exactly up to this many; beyond, the list says `count_capped` (shown as "10,000+"). */
export const SEARCH_COUNT_LIMIT = 10_000;

export type Admin = { admin?: boolean };
/** A list whose count may stop at a limit: `count_capped` says there are more than `count`. */
export type CountedList = Listed<ApiProduct> & { count_capped?: true };
export type Paged = { ordering?: ProductOrdering | undefined; page?: Page | undefined };

export interface ListingOptions {
  searchCountLimit?: number | undefined;
  /** How a common word's matches are sampled for ranking (tests make them small). */
  rankSample?: number | undefined;
  titleSample?: number | undefined;
}

export function createListing(db: Kysely<DB>, storage: FileStorage, search: SearchStrategy, opts: ListingOptions = {}) {
  const searchCountLimit = opts.searchCountLimit ?? SEARCH_COUNT_LIMIT;
  const rows = createPageRows(db, search);
  const countProducts = createListCounts(db, search);
  const orderedPage = createOrderedPages(db, search, rows);
  const rankedRows = createRankedPages(db, search, rows, opts);
  const planned = plannedSearches(search);

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

  /** A list's page and count, searched when there is a term; a term that is an ISBN finds that book (domain/isbn.ts). */
  async function listFiltered(f: ProductFilter, ordering: ProductOrdering | undefined, fallback: ProductOrdering, page: Page, term?: string, admin = false): Promise<CountedList> {
    const isbnKey = term ? searchedIsbn(term) : null;
    if (isbnKey) return listed({ ...f, isbnKey }, ordering, fallback, page, admin);
    // A term of nothing but punctuation or spaces searches for nothing rather than everything.
    if (!term?.trim()) return listed(f, ordering, fallback, page, admin);
    return (await planned(term, (plan) => listed({ ...f, plan }, ordering, fallback, page, admin))) ?? { count: 0, results: [] };
  }

  return { rows, planned, pageOfProducts, listed, listFiltered };
}

export type Listing = ReturnType<typeof createListing>;
