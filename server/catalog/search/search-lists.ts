/**
 * The search's list pages: the header search box, the /search page's results and the
 * suggestions shown as a shopper types (suggest.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Page } from '../../http/pagination';
import type { Admin, CountedList, Listing } from '../listing';
import { searchPageFilter, type SearchFilters } from '../product-filter';
import type { ApiProduct, ProductOrdering } from '../api-product';
import type { SearchPlan } from './plan';
import { createSuggestions } from './suggest';
import { searchedIsbn } from '../../../domain/isbn';

/** How many results the header search box shows. */
export const HEADER_SEARCH_LIMIT = 20;

export function createSearchLists(db: Kysely<DB>, { planned, pageOfProducts, listed }: Listing) {
  return {
    /** The header search box: ranked (a title starting with the term first), at most `limit`. */
    async searchProducts(term: string, limit = HEADER_SEARCH_LIMIT, opts: Admin = {}): Promise<ApiProduct[]> {
      const page: Page = { page: 1, size: Math.min(Math.max(limit, 1), 100), offset: 0 };
      const isbnKey = searchedIsbn(term);
      if (isbnKey) return (await pageOfProducts({ active: opts.admin ? undefined : true, isbnKey }, '-id', page, !!opts.admin)).products;
      const found = await planned(term, (plan) => pageOfProducts({ active: opts.admin ? undefined : true, plan }, 'rank', page, !!opts.admin));
      return found?.products ?? [];
    },

    /**
     * The /search page's results: the shop's products matching the term and the page's filters,
     * ranked (or in `ordering`), with a count exact up to SEARCH_COUNT_LIMIT. Null when the term
     * has no words. A term that is an ISBN lists that book, with no plan (no facets to narrow one book).
     */
    async searchPage(term: string, filters: SearchFilters, ordering: ProductOrdering | undefined, page: Page): Promise<(CountedList & { plan: SearchPlan | null }) | null> {
      const isbnKey = searchedIsbn(term);
      if (isbnKey) return { ...(await listed({ ...searchPageFilter(undefined, filters), isbnKey }, ordering, '-updated_at', page)), plan: null };
      return planned(term, async (plan) => ({ ...(await listed(searchPageFilter(plan, filters), ordering, '-updated_at', page)), plan }));
    },

    /** Suggestions as a shopper types: products, then authors, publishers, categories (suggest.ts). */
    suggest: createSuggestions(
      db,
      planned,
      async (plan, limit) => (await pageOfProducts({ active: true, plan }, 'rank', { page: 1, size: limit, offset: 0 })).products,
      async (isbnKey, limit) => (await pageOfProducts({ active: true, isbnKey }, '-id', { page: 1, size: limit, offset: 0 })).products,
    ),
  };
}
