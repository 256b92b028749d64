/** /books, 'Our Books': mega menu, filters by author and publisher, the sorts, paging — all in the URL. */
import { Link } from 'react-router';
import type { Route } from './+types/books';
import { BOOKS_CATEGORY, MEGA_MENU_GROUPS } from '../../../domain/catalog';
import { bookFilters, cardPage, catalog, listingOf } from './catalog.server';
import { toBengaliDigits, useT } from '../../lib/i18n';
import { ProductGrid } from '../../components/product-grid';
import { FilterPanel } from '../../components/filter-panel';
import { FilterButton, FilterDrawer, activeFilters } from '../../components/filter-drawer';
import { SortSelect } from '../../components/sort-select';
import { Pager } from '../../components/pager';
import { categoryPath } from '../../../domain/store-paths';
import { Icon } from '../../components/icons';

export function meta() {
  return [{ title: 'আমাদের বই — Our Books' }, { name: 'description', content: 'বই কিনুন: বিসিএস, মেডিকেল, ইঞ্জিনিয়ারিং, গল্প-উপন্যাস আর আরও অনেক ক্যাটাগরি।' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const listing = listingOf(new URL(request.url));
  const { page, ordering, author, publisher } = listing;
  const c = catalog(context);
  const [list, filters, tree] = await Promise.all([c.listProducts({ type: 'books', author, publisher, ordering }, page), bookFilters(context, listing), c.categoryTree(BOOKS_CATEGORY)]);
  const groups = MEGA_MENU_GROUPS.map((name) => {
    const node = tree?.children?.find((ch) => ch.name === name);
    return { name, children: (node?.children ?? []).map((ch) => ({ id: ch.id, name: ch.name })) };
  });
  return { ...cardPage(list, listing), ...filters, groups };
}

export function MegaMenu({ groups }: { groups: { name: string; children: { id: number; name: string }[] }[] }) {
  const t = useT();
  return (
    <nav aria-label={t('বইয়ের ক্যাটাগরি', 'Book categories')} className="rounded-lg bg-white shadow-sm ring-1 ring-stone-200 md:order-first md:col-span-2">
      <h2 className="px-3 pt-2 text-sm font-bold md:hidden">{t('বইয়ের ক্যাটাগরি', 'Book categories')}</h2>
      <ul className="flex flex-wrap text-sm max-md:flex-col">
        {groups.map((g) => (
          <li key={g.name} className="relative">
            <details className="group">
              <summary className="flex cursor-pointer list-none items-center gap-1 px-3 py-2 font-semibold hover:text-brand max-md:py-3">
                {g.name} <Icon n="down" sm />
              </summary>
              <ul className="menu-panel min-w-52 max-md:static max-md:mx-3 max-md:mb-2 max-md:rounded max-md:shadow-none">
                <li>
                  <Link to="/books" className="chip font-semibold text-brand">
                    {g.name}
                  </Link>
                </li>
                {g.children.map((c) => (
                  <li key={c.id}>
                    <Link to={categoryPath(c.name)} className="chip">
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * On a phone the title, the filter button and the books; the sort, the filters and the mega menu
 * wait in the drawer. From `md` on the mega menu spans the top and the filters are the left panel.
 */
export default function Books({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const active = activeFilters(d);
  return (
    <main className="wrap py-4 md:py-6">
      <h1 className="mb-3 text-xl font-bold md:text-2xl">Our Books</h1>
      <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
        <FilterDrawer count={active} side>
          <SortSelect value={d.ordering} id="ordering-drawer" className="md:hidden" />
          <FilterPanel base="/books" authors={d.authors} publishers={d.publishers} author={d.author} publisher={d.publisher} />
          <MegaMenu groups={d.groups} />
        </FilterDrawer>
        <section aria-label={t('বইয়ের তালিকা', 'Book list')}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <FilterButton count={active} />
            <p className="text-sm text-stone-600" data-testid="result-count">
              {t(`মোট ${toBengaliDigits(d.count)}টি বই`, `${d.count} books`)}
            </p>
            <SortSelect value={d.ordering} className="max-md:hidden" />
          </div>
          {/* The cards' titles are h3s under the page's h1: this unseen h2 keeps the heading levels in order. */}
          <h2 className="sr-only">{t('পণ্যের তালিকা', 'Products')}</h2>
          <ProductGrid products={d.results} added="Book addded successfully!" />
          <Pager page={d.page} count={d.count} />
        </section>
      </div>
    </main>
  );
}
