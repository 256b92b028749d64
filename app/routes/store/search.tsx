/**
 * /search?q=…: the search page — results ranked by relevance (or sorted), counted, paged, with
 * facets (type, category, author, publisher, price, in stock) and their counts, the active
 * filters as chips, and "did you mean" when nothing matches. Everything is in the URL
 * (catalog.server.ts `searchPageOf`), so links and GET forms work without JavaScript.
 *
 * The header's live results load this route with a fetcher too (`q` and `results`: header-search.tsx);
 * `live=1` answers them as the header search does: no count, no facets.
 */
import { Link } from 'react-router';
import type { Route } from './+types/search';
import { catalog, searchPageOf } from './catalog.server';
import { toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { cardFields } from '../../components/product-card';
import { ProductGrid } from '../../components/product-grid';
import { FilterButton, FilterDrawer } from '../../components/filter-drawer';
import { SortSelect } from '../../components/sort-select';
import { Pager } from '../../components/pager';
import { ActiveFilterChips, SearchFacetPanel, searchHref, type SearchParams } from '../../components/search-facets';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { q, filters, ordering, page, live } = searchPageOf(new URL(request.url));
  const c = catalog(context);
  // The header's live results need neither a count nor facets: the header search itself.
  const found = !q ? null : live ? { count: 0, count_capped: undefined, results: await c.searchProducts(q, 20), plan: null } : await c.searchPage(q, filters, ordering, page);
  const [facets, suggestion] = found?.plan ? await Promise.all([c.searchFacets.facets(found.plan, filters), found.count === 0 ? c.searchFacets.didYouMean(found.plan) : null]) : [null, null];
  const params: SearchParams = {};
  const put = (k: string, v: string | number | undefined) => {
    if (v !== undefined) params[k] = String(v);
  };
  put('q', q);
  put('type', filters.type);
  put('category', filters.category);
  put('author', filters.author);
  put('publisher', filters.publisher);
  put('min_price', filters.minPrice);
  put('max_price', filters.maxPrice);
  put('in_stock', filters.inStock ? 1 : undefined);
  put('ordering', ordering);
  return {
    q,
    params,
    count: found?.count ?? 0,
    capped: !!found?.count_capped,
    page: page.page,
    ordering: ordering ?? '',
    facets,
    suggestion,
    // The card's fields, and the header's live results' (title in Bengali, thumbnail, price).
    results: (found?.results ?? []).map((p) => ({ ...cardFields(p), bangla_title: p.bangla_title, thumb: p.images?.thumb ?? null, price: p.price })),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.q ?? ''} — Search` }, { name: 'robots', content: 'noindex' }];
}

export default function Search({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { q, params } = d;
  const n = (v: number) => (lang === 'bn' ? toBengaliDigits(v.toLocaleString('en-US')) : v.toLocaleString('en-US'));
  const total = `${n(d.count)}${d.capped ? '+' : ''}`;
  // The choices in force: each filter (a price range is one) and a sort other than relevance.
  const active = ['type', 'category', 'author', 'publisher', 'in_stock', 'ordering'].filter((k) => params[k]).length + (params.min_price || params.max_price ? 1 : 0);
  const { ordering: _ordering, ...keep } = params;
  const sort = (id: string, className: string) => <SortSelect value={d.ordering} keep={keep} id={id} className={className} first={['প্রাসঙ্গিকতা', 'Relevance']} />;
  const heading = (
    <h1 className="mb-3 text-xl font-bold md:text-2xl">
      {t('খোঁজার ফলাফল', 'Search results')}: “{q}”
    </h1>
  );
  if (!q) {
    return (
      <main className="wrap py-4 md:py-6">
        {heading}
        <p>
          <Link to="/books" className="text-brand underline">
            {t('সব বই দেখুন', 'See all books')}
          </Link>
        </p>
      </main>
    );
  }
  const noResult = d.count === 0 && (
    <div className="py-6" data-testid="no-result">
      <p className="text-red-700">Sorry, No result found!</p>
      {d.suggestion && (
        <p className="mt-2" data-testid="did-you-mean">
          {t('আপনি কি খুঁজছেন: ', 'Did you mean: ')}
          <Link to={searchHref({ q: d.suggestion }, {})} className="font-semibold text-brand underline">
            {d.suggestion}
          </Link>
          ?
        </p>
      )}
    </div>
  );
  return (
    <main className="wrap py-4 md:py-6">
      {heading}
      <div className={d.facets && (d.count > 0 || active > 0) ? 'grid gap-4 md:grid-cols-[14rem_1fr]' : ''}>
        {d.facets && (d.count > 0 || active > 0) && (
          <FilterDrawer count={active} side>
            {sort('ordering-drawer', 'md:hidden')}
            <SearchFacetPanel facets={d.facets} params={params} />
          </FilterDrawer>
        )}
        <section aria-label={t('খোঁজার ফলাফল', 'Search results')} className="min-w-0">
          {(d.count > 0 || active > 0) && (
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <FilterButton count={active} />
              <p className="text-sm text-stone-600" data-testid="result-count">
                {d.capped ? t(`${total} ফলাফল`, `${total} results`) : t(`মোট ${total}টি ফলাফল`, `${total} results`)}
              </p>
              {sort('ordering', 'max-md:hidden')}
            </div>
          )}
          <ActiveFilterChips params={params} facets={d.facets} />
          {noResult || (
            <>
              {/* The cards' titles are h3s under the page's h1: this unseen h2 keeps the heading levels in order. */}
              <h2 className="sr-only">{t('পণ্যের তালিকা', 'Products')}</h2>
              <ProductGrid products={d.results} />
              <Pager page={d.page} count={d.count} />
            </>
          )}
        </section>
      </div>
    </main>
  );
}
