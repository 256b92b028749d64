/** /electronics and /stationary: a listing with the sorts and paging. */
import type { Route } from './+types/type-listing';
import { catalog, listingOf } from './catalog.server';
import { useT } from '../../lib/i18n';
import { cardFields } from '../../components/product-card';
import { ProductGrid } from '../../components/product-grid';
import { SortSelect } from '../../components/sort-select';
import { Pager } from '../../components/pager';

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.type === 'electronics' ? 'ইলেক্ট্রনিক্স — Electronics' : 'স্টেশনারি — Stationery' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = url.pathname.startsWith('/electronics') ? ('electronics' as const) : ('stationary' as const);
  const { page, ordering } = listingOf(url);
  const list = await catalog(context).productsOfType(type, { ordering, page });
  return { type, count: list.count, results: list.results.map(cardFields), page: page.page, ordering: ordering ?? '' };
}

export default function TypeListing({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="wrap py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{d.type === 'electronics' ? t('ইলেক্ট্রনিক্স', 'Electronics') : t('স্টেশনারি', 'Stationery')}</h1>
        <SortSelect value={d.ordering} />
      </div>
      <ProductGrid products={d.results} cols={5} />
      <Pager page={d.page} count={d.count} />
    </main>
  );
}
