/** /authors/{name} and /publishers/{name}: the person's books in a card grid, a sort select, paging at 20. */
import { data } from 'react-router';
import type { Route } from './+types/person-books';
import { catalog, listingOf } from './catalog.server';
import { useT } from '../../lib/i18n';
import { cardFields } from '../../components/product-card';
import { ProductGrid } from '../../components/product-grid';
import { SortSelect } from '../../components/sort-select';
import { Pager } from '../../components/pager';

export function meta({ data: d }: Route.MetaArgs) {
  return d ? [{ title: `${d.person.name} — ${d.kind === 'authors' ? 'লেখক' : 'প্রকাশক'}` }, { name: 'description', content: d.person.description.slice(0, 160) || d.person.name }] : [{ title: 'পেজটি পাওয়া যায়নি' }];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.pathname.startsWith('/publishers') ? ('publishers' as const) : ('authors' as const);
  const { page, ordering } = listingOf(url);
  const c = catalog(context);
  if (kind === 'authors') {
    const list = await c.productsOfAuthor(params.name, { ordering, page });
    if (!list) throw data(null, { status: 404 });
    return { kind, person: list.author, count: list.count, results: list.results.map(cardFields), page: page.page, ordering: ordering ?? '' };
  }
  const list = await c.productsOfPublisher(params.name, { ordering, page });
  if (!list) throw data(null, { status: 404 });
  return { kind, person: list.publisher, count: list.count, results: list.results.map(cardFields), page: page.page, ordering: ordering ?? '' };
}

export default function PersonBooks({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="wrap py-6">
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <img
          src={d.person.images?.thumb ?? '/placeholder-person.svg'}
          alt={d.person.images ? d.person.alt_text : ''}
          width={96}
          height={96}
          className="size-24 rounded-full bg-stone-100 object-cover"
        />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-stone-600">{d.kind === 'authors' ? t('লেখক', 'Author') : t('প্রকাশক', 'Publisher')}</p>
          <h1 className="text-2xl font-bold">{d.person.name}</h1>
          {d.person.description && <p className="mt-1 text-sm text-stone-700">{d.person.description}</p>}
        </div>
        <SortSelect value={d.ordering} />
      </div>
      <ProductGrid products={d.results} />
      <Pager page={d.page} count={d.count} />
    </main>
  );
}
