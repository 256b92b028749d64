/**
 * The lists module (issue 36; docs/curated-lists.md): curated lists of products, their titles in
 * Bengali and English, a slug, a start and an end. It owns `curated_lists` and
 * `curated_list_products`; the products are the catalogue's, checked and read only through the
 * functions handed in (server/services.ts), so this module names no product table.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createListStore, type ListStoreDeps } from './store';
import { createShelf, type ShelfDeps } from './shelf';

export type ListDeps = Pick<ListStoreDeps, 'summaries'> & ShelfDeps;

export function createListService(db: Kysely<DB>, deps: ListDeps) {
  const shelf = createShelf(db, deps);
  const store = createListStore(db, { summaries: deps.summaries, changed: () => shelf.forget() });
  return {
    ...store,
    /** A live list's page of products (404 otherwise), the home page's sections, the sitemap's pages. */
    shelf,
  };
}

export type ListService = ReturnType<typeof createListService>;
