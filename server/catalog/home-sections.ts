/**
 * The home page's book sections, in their fixed order (domain/catalog.ts HOME_SECTIONS): the
 * newest active products of each section and the categories below it.
 */
import type { FileStorage } from '../media/storage';
import { HOME_SECTIONS } from '../../domain/catalog';
import type { Categories } from './categories';
import type { PageRowReader } from './page-rows';
import { toApiProduct } from './api-product';
import type { SearchStrategy } from './search/strategy';

export function createHomeSections(storage: FileStorage, search: SearchStrategy, categories: Categories, { versionedPage, pageRows }: PageRowReader) {
  /**
   * The sections and the categories below them come from the tree at the content version (in
   * memory while it is the same), so the page is one query per section and one for the version.
   */
  return async function homeSections(perSection: number) {
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
  };
}
