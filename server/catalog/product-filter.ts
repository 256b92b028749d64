/**
 * What narrows a product list, and its WHERE over `products`: the one condition every list,
 * count, facet and export of products is read with, so a count is always the count of its list.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB, ProductType } from '../db/schema';
import type { ProductOrdering } from './api-product';
import type { SearchPlan } from './search/plan';
import type { SearchStrategy } from './search/strategy';

export interface ProductListQuery {
  type?: ProductType | undefined;
  category?: number | undefined;
  author?: number | undefined;
  publisher?: number | undefined;
  is_active?: boolean | undefined;
  search?: string | undefined;
  /** An ISBN in any printed form (`?isbn=`): the book whose ISBN-13 key it is. */
  isbn?: string | undefined;
  ordering?: ProductOrdering | undefined;
}

/** What narrows a product list; `active: undefined` means active and inactive (admins only). */
export interface ProductFilter {
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
  /** The planned search term (search/plan.ts), when there is one. */
  plan?: SearchPlan | undefined;
  /** The ISBN-13 key (domain/isbn.ts) of the book asked for by `?isbn=` or a search for an ISBN. */
  isbnKey?: string | undefined;
}

/** The /search page's narrowing: each is a facet of the page (search/facets.ts). */
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
export function searchPageFilter(plan: SearchPlan | undefined, f: SearchFilters): ProductFilter {
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
  if (f.isbnKey) list.push(eb('products.isbn_key', '=', f.isbnKey));
  if (f.plan) list.push(search.matches(f.plan));
  return eb.and(list);
}

/** The WHERE of the search page's matches for `plan` narrowed by `filters` (search/facets.ts, search/did-you-mean.ts). */
export function searchPageConditions(search: SearchStrategy, plan: SearchPlan, filters: SearchFilters) {
  return (eb: ExpressionBuilder<DB, 'products'>) => productConditions(search, eb, searchPageFilter(plan, filters));
}
