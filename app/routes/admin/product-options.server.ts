/** The choices the product forms need: categories of the product's section, and (books) authors and publishers. */
import type { AppLoadContext } from 'react-router';
import { selfAndDescendants } from '../../components/admin/category-options';
import type { ProductKind } from '../../components/admin/product-kinds';

const ALL = { page: 1, size: 5000, offset: 0 };

export async function productFormOptions(context: AppLoadContext, kind: ProductKind) {
  const svc = context.services.catalog;
  const [categories, authors, publishers] = await Promise.all([
    svc.listCategories({}, ALL),
    kind.type === 'books' ? svc.listAuthors({ ordering: 'name' }, ALL) : null,
    kind.type === 'books' ? svc.listPublishers({ ordering: 'name' }, ALL) : null,
  ]);
  const all = categories.results.map(({ id, name, parent, parent_name }) => ({ id, name, parent, parent_name }));
  const top = all.find((c) => c.name === kind.topCategory && c.parent === null);
  const section = top ? selfAndDescendants(all, top.id) : null;
  return {
    categories: section ? all.filter((c) => section.has(c.id)) : all,
    authors: (authors?.results ?? []).map((a) => ({ value: a.id, label: a.name })),
    publishers: (publishers?.results ?? []).map((p) => ({ value: p.id, label: p.name })),
  };
}

