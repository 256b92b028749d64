/** /category/{name}: the books of a category and its sub-categories, author and publisher filters, sort, paging at 20. */
import { Link, data } from 'react-router';
import type { Route } from './+types/category';
import { bookFilters, cardPage, catalog, listingOf } from './catalog.server';
import { toBengaliDigits, useT } from '../../lib/i18n';
import { ProductGrid } from '../../components/product-grid';
import { FilterPanel } from '../../components/filter-panel';
import { FilterButton, FilterDrawer, activeFilters } from '../../components/filter-drawer';
import { SortSelect } from '../../components/sort-select';
import { Pager } from '../../components/pager';
import { categoryPath } from '../../../domain/store-paths';

export function meta({ data: d }: Route.MetaArgs) {
  return d ? [{ title: `${d.category.name} — বই` }, { name: 'description', content: `${d.category.name}: ${d.count}টি বই ও প্রোডাক্ট` }] : [{ title: 'পেজটি পাওয়া যায়নি' }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const listing = listingOf(new URL(request.url));
  const { page, ordering, author, publisher } = listing;
  const c = catalog(context);
  const [list, tree, filters] = await Promise.all([c.productsOfCategory(params.name, { descendants: true, ordering, page, author, publisher }), c.categoryTree(params.name), bookFilters(context, listing)]);
  if (!list) throw data(null, { status: 404 });
  return {
    category: { id: list.category.id, name: list.category.name, parent_name: list.category.parent_name },
    children: (tree?.children ?? []).map((ch) => ({ id: ch.id, name: ch.name })),
    ...cardPage(list, listing),
    ...filters,
  };
}

export default function Category({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const base = categoryPath(d.category.name);
  const active = activeFilters(d);
  return (
    <main className="wrap py-4 md:py-6">
      {d.category.parent_name && (
        <p className="text-sm">
          <Link to={categoryPath(d.category.parent_name)} className="text-brand hover:underline">
            {d.category.parent_name}
          </Link>{' '}
          /
        </p>
      )}
      <h1 className="mb-3 text-xl font-bold md:text-2xl">{d.category.name}</h1>
      {d.children.length > 0 && (
        <ul className="no-scrollbar mb-3 flex gap-2 text-sm max-md:-mx-4 max-md:overflow-x-auto max-md:px-4 md:mb-4 md:flex-wrap" aria-label={t('সাব-ক্যাটাগরি', 'Sub-categories')}>
          {d.children.map((c) => (
            <li key={c.id} className="shrink-0">
              <Link to={categoryPath(c.name)} className="block whitespace-nowrap rounded-full bg-white px-3 py-1 ring-1 ring-stone-300 hover:ring-brand max-md:py-3">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
        <FilterDrawer count={active} side>
          <SortSelect value={d.ordering} id="ordering-drawer" className="md:hidden" />
          <FilterPanel base={base} authors={d.authors} publishers={d.publishers} author={d.author} publisher={d.publisher} />
        </FilterDrawer>
        <section aria-label={t('বইয়ের তালিকা', 'Book list')}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <FilterButton count={active} />
            <p className="text-sm text-stone-600" data-testid="result-count">
              {t(`মোট ${toBengaliDigits(d.count)}টি`, `${d.count} items`)}
            </p>
            <SortSelect value={d.ordering} className="max-md:hidden" />
          </div>
          {/* The cards' titles are h3s under the page's h1: this unseen h2 keeps the heading levels in order. */}
          <h2 className="sr-only">{t('পণ্যের তালিকা', 'Products')}</h2>
          <ProductGrid products={d.results} />
          <Pager page={d.page} count={d.count} />
        </section>
      </div>
    </main>
  );
}
