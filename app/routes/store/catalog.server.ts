/**
 * Helpers the storefront's loaders share: the catalogue service and the URL's paging, sort and
 * filter values, read with the same schemas as the REST API (domain/queries.ts). A loader is
 * lenient where the API is strict: a value the schema refuses is dropped, so a mistyped link
 * still shows a page.
 */
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import { flagSchema, idSchema, lenientQuery, pageOfUrl, searchFilterQuery, searchTerm, type Page } from '../../../domain/queries';
import type { ProductOrdering, SearchFilters } from '../../../server/catalog/service';
import { cardFields, type CardProduct } from '../../components/product-card';

export function catalog(context: AppLoadContext) {
  return context.services.catalog;
}

/** The sorts the storefront's sort drop-down offers; anything else means the default order. */
const STORE_ORDERINGS = ['-updated_at', '-units_stock', 'regular_price', '-regular_price'] as const satisfies readonly ProductOrdering[];

const listingQuery = z.object({
  ordering: z.enum(STORE_ORDERINGS).optional(),
  author: idSchema.optional(),
  publisher: idSchema.optional(),
});

export interface Listing {
  page: Page;
  ordering: ProductOrdering | undefined;
  author: number | undefined;
  publisher: number | undefined;
}

/** `?page=&ordering=&author=&publisher=` of a product listing, 20 a page. */
export function listingOf(url: URL): Listing {
  const q = lenientQuery(listingQuery, url);
  return { page: pageOfUrl(url), ordering: q.ordering, author: q.author, publisher: q.publisher };
}

/** A page of product cards as a listing's loader answers it, with the listing's sort ('' for the default). */
export function cardPage(list: { count: number; results: CardProduct[] }, { page, ordering }: Pick<Listing, 'page' | 'ordering'>) {
  return { count: list.count, results: list.results.map(cardFields), page: page.page, ordering: ordering ?? '' };
}

const ALL = { page: 1, size: 100, offset: 0 };

/** The author and publisher filters of a book listing: those chosen, and every author and publisher (by name) to choose from. */
export async function bookFilters(context: AppLoadContext, { author, publisher }: Pick<Listing, 'author' | 'publisher'>) {
  const c = catalog(context);
  const [authors, publishers] = await Promise.all([c.listAuthors({ ordering: 'name' }, ALL), c.listPublishers({ ordering: 'name' }, ALL)]);
  return {
    author,
    publisher,
    authors: authors.results.map((a) => ({ id: a.id, name: a.name })),
    publishers: publishers.results.map((p) => ({ id: p.id, name: p.name })),
  };
}

const searchPageQuery = searchFilterQuery.extend({ q: searchTerm.optional(), ordering: z.enum(STORE_ORDERINGS).optional(), live: flagSchema.optional() });

export interface SearchPageQuery {
  q: string;
  filters: SearchFilters;
  /** Undefined: by relevance. */
  ordering: ProductOrdering | undefined;
  page: Page;
  /** `live=1`: the header's results as one types, without the page's facets. */
  live: boolean;
}

/**
 * `/search?q=&type=&category=&author=&publisher=&min_price=&max_price=&in_stock=1&ordering=&page=`,
 * leniently: a bad value is dropped, and a price range given the wrong way round is turned round.
 */
export function searchPageOf(url: URL): SearchPageQuery {
  const v = lenientQuery(searchPageQuery, url);
  let [minPrice, maxPrice] = [v.min_price, v.max_price];
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    q: (v.q ?? '').trim(),
    filters: { type: v.type, category: v.category, author: v.author, publisher: v.publisher, minPrice, maxPrice, inStock: v.in_stock || undefined },
    ordering: v.ordering,
    page: pageOfUrl(url),
    live: !!v.live,
  };
}
