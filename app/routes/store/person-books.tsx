/** /authors/{name} and /publishers/{name}: the person's books in a card grid, a sort select, paging at 20. */
import { data } from 'react-router';
import type { Route } from './+types/person-books';
import { cardPage, catalog, listingOf } from './catalog.server';
import { useT } from '../../lib/i18n';
import { ProductGrid } from '../../components/product-grid';
import { SortSelect } from '../../components/sort-select';
import { FilterButton, FilterDrawer, activeFilters } from '../../components/filter-drawer';
import { Pager } from '../../components/pager';

export function meta({ data: d }: Route.MetaArgs) {
  return d ? [{ title: `${d.person.name} — ${d.kind === 'authors' ? 'লেখক' : 'প্রকাশক'}` }, { name: 'description', content: d.person.description.slice(0, 160) || d.person.name }] : [{ title: 'পেজটি পাওয়া যায়নি' }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.pathname.startsWith('/publishers') ? ('publishers' as const) : ('authors' as const);
  const listing = listingOf(url);
  const { page, ordering } = listing;
  const c = catalog(context);
  if (kind === 'authors') {
    const list = await c.productsOfAuthor(params.name, { ordering, page });
    if (!list) throw data(null, { status: 404 });
    return { kind, person: list.author, ...cardPage(list, listing) };
  }
  const list = await c.productsOfPublisher(params.name, { ordering, page });
  if (!list) throw data(null, { status: 404 });
  return { kind, person: list.publisher, ...cardPage(list, listing) };
}

/** On a phone: a small picture, the name, the filter button, the books; the description comes after them. */
export default function PersonBooks({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const active = activeFilters(d);
  return (
    <main className="wrap flex flex-col py-4 md:py-6">
      <div className="mb-3 flex items-center gap-3 md:mb-2 md:gap-4">
        <img
          src={d.person.images?.thumb ?? '/placeholder-person.svg'}
          alt={d.person.images ? d.person.alt_text : ''}
          width={96}
          height={96}
          className="size-14 shrink-0 rounded-full bg-stone-100 object-cover md:size-24"
        />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-stone-600">{d.kind === 'authors' ? t('লেখক', 'Author') : t('প্রকাশক', 'Publisher')}</p>
          <h1 className="text-xl font-bold md:text-2xl">{d.person.name}</h1>
        </div>
        <SortSelect value={d.ordering} className="max-md:hidden" />
      </div>
      {d.person.description && <p className="text-sm text-stone-700 max-md:order-last max-md:mt-6 md:mb-4 md:pl-28">{d.person.description}</p>}
      <FilterDrawer count={active}>
        <SortSelect value={d.ordering} id="ordering-drawer" />
      </FilterDrawer>
      <div className="mb-3 md:hidden">
        <FilterButton count={active} />
      </div>
      {/* The cards' titles are h3s under the page's h1: this unseen h2 keeps the heading levels in order. */}
      <h2 className="sr-only">{t('পণ্যের তালিকা', 'Products')}</h2>
      <ProductGrid products={d.results} />
      <Pager page={d.page} count={d.count} />
    </main>
  );
}
