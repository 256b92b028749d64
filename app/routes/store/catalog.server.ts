/** Helpers the storefront's loaders share: the catalogue service and the URL's paging, sort and filter values. */
import type { AppLoadContext } from 'react-router';
import type { Page } from '../../../server/http/pagination';
import type { ProductOrdering } from '../../../server/catalog/service';

export type { ApiCategory } from '../../../server/catalog/service';
export type { ApiPerson, ApiProduct } from '../../../server/catalog/serialize';

export function catalog(context: AppLoadContext) {
  return context.services.catalog;
}

export const PAGE_SIZE = 20;

/** `?page=N` → a Page of 20 (bad or missing numbers mean page 1). */
export function pageOf(url: URL, size = PAGE_SIZE): Page {
  const n = Number(url.searchParams.get('page'));
  const page = Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  return { page, size, offset: (page - 1) * size };
}

/** The sorts of spec §9; anything else means the default order. */
const ORDERINGS: readonly ProductOrdering[] = ['-updated_at', '-units_stock', 'regular_price', '-regular_price'];
export function orderingOf(url: URL): ProductOrdering | undefined {
  const o = url.searchParams.get('ordering') ?? '';
  return ORDERINGS.find((x) => x === o);
}

export function idParam(url: URL, name: string): number | undefined {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
}
