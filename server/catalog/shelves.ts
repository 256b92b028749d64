/**
 * The shop's shelves: all products of a type, a category's (with or without the categories
 * below it), an author's and a publisher's; active products, newest first unless asked
 * otherwise, a plain array or one page (PLAIN_LIST_LIMIT).
 */
import type { ProductType } from '../db/schema';
import type { FileStorage } from '../media/storage';
import type { Categories, CategorySnapshot } from './categories';
import { PLAIN_PAGE, type Admin, type Listing, type Paged } from './listing';
import { toApiPerson, type People } from './people';
import type { ProductFilter } from './product-filter';
import { CatalogChanged } from './search/plan';
import type { SearchStrategy } from './search/strategy';

export type CategoryShelf = Paged & { descendants: boolean; author?: number | undefined; publisher?: number | undefined };

export function createShelves(
  storage: FileStorage,
  { listed, listFiltered }: Listing,
  { search, categories, authors, publishers }: { search: SearchStrategy; categories: Categories; authors: People; publishers: People },
) {
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
  };
}
