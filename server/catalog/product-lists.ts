/**
 * Lists of products, put together: the filtered list (`GET /api/product/`, here), the shelves
 * of a type, category, author or publisher (shelves.ts), the search's lists
 * (search/search-lists.ts) and the home page's sections (home-sections.ts). Every list is one
 * page query plus one remembered count (listing.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Page } from '../http/pagination';
import type { FileStorage } from '../media/storage';
import type { Categories } from './categories';
import { createHomeSections } from './home-sections';
import { createListing, type Admin, type CountedList, type ListingOptions } from './listing';
import type { People } from './people';
import type { ProductFilter, ProductListQuery } from './product-filter';
import { createSearchLists } from './search/search-lists';
import type { SearchStrategy } from './search/strategy';
import { createShelves } from './shelves';
import { isbnKey } from '../../domain/isbn';

export type { CountedList } from './listing';
export type { ProductListQuery, SearchFilters } from './product-filter';

export function createProductLists(
  db: Kysely<DB>,
  storage: FileStorage,
  parts: ListingOptions & { search: SearchStrategy; categories: Categories; authors: People; publishers: People },
) {
  const listing = createListing(db, storage, parts.search, parts);
  const { listFiltered } = listing;

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
        isbnKey: q.isbn === undefined ? undefined : (isbnKey(q.isbn) ?? undefined),
      };
      if (!admin && q.is_active === false) return { count: 0, results: [] };
      return listFiltered(f, q.ordering, '-id', page, q.search, admin);
    },
    ...createShelves(storage, listing, parts),
    ...createSearchLists(db, listing),
    homeSections: createHomeSections(storage, parts.search, parts.categories, listing.rows),
  };
}
