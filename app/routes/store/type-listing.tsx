/** /electronics and /stationary: a listing with the sorts and paging. */
import type { Route } from './+types/type-listing';
import { cardPage, catalog, listingOf } from './catalog.server';
import { useT } from '../../lib/i18n';
import { ProductGrid } from '../../components/product-grid';
import { SortSelect } from '../../components/sort-select';
import { FilterButton, FilterDrawer, activeFilters } from '../../components/filter-drawer';
import { Pager } from '../../components/pager';

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.type === 'electronics' ? 'ইলেক্ট্রনিক্স — Electronics' : 'স্টেশনারি — Stationery' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = url.pathname.startsWith('/electronics') ? ('electronics' as const) : ('stationary' as const);
  const listing = listingOf(url);
  const list = await catalog(context).productsOfType(type, { ordering: listing.ordering, page: listing.page });
  return { type, ...cardPage(list, listing) };
}

export default function TypeListing({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const active = activeFilters(d);
  return (
    <main className="wrap py-4 md:py-6">
      <FilterDrawer count={active}>
        <SortSelect value={d.ordering} id="ordering-drawer" />
      </FilterDrawer>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 md:mb-4">
        <h1 className="text-xl font-bold md:text-2xl">{d.type === 'electronics' ? t('ইলেক্ট্রনিক্স', 'Electronics') : t('স্টেশনারি', 'Stationery')}</h1>
        <FilterButton count={active} />
        <SortSelect value={d.ordering} className="max-md:hidden" />
      </div>
      {/* The cards' titles are h3s under the page's h1: this unseen h2 keeps the heading levels in order. */}
      <h2 className="sr-only">{t('পণ্যের তালিকা', 'Products')}</h2>
      <ProductGrid products={d.results} cols={5} />
      <Pager page={d.page} count={d.count} />
    </main>
  );
}
