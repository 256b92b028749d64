/**
 * /search?q=…: the header's live results (loaded with a fetcher) and, for a browser without
 * JavaScript or an Enter press, a page of results. At most 20, best matches first.
 */
import { Link } from 'react-router';
import type { Route } from './+types/search';
import { catalog, searchTermOf } from './catalog.server';
import { useT } from '../../lib/i18n';
import { ProductGrid } from '../../components/product-grid';

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = searchTermOf(new URL(request.url));
  const found = q ? await catalog(context).searchProducts(q, 20) : [];
  return {
    q,
    results: found.map((p) => ({
      id: p.id,
      type: p.type,
      english_title: p.english_title,
      bangla_title: p.bangla_title,
      thumb: p.images?.thumb ?? null,
      price: p.price,
      alt_text: p.alt_text,
      images: p.images,
      regular_price: p.regular_price,
      discount_price: p.discount_price,
      percentage: p.percentage,
      flat_discount: p.flat_discount,
      units_stock: p.units_stock,
    })),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.q ?? ''} — Search` }, { name: 'robots', content: 'noindex' }];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { q, results } = loaderData;
  return (
    <main className="wrap py-6">
      <h1 className="mb-4 text-xl font-bold">
        {t('খোঁজার ফলাফল', 'Search results')}: “{q}”
      </h1>
      {!q ? (
        <p>
          <Link to="/books" className="text-brand underline">
            {t('সব বই দেখুন', 'See all books')}
          </Link>
        </p>
      ) : results.length === 0 ? (
        <p className="text-red-700">Sorry, No result found!</p>
      ) : (
        <ProductGrid products={results} />
      )}
    </main>
  );
}
