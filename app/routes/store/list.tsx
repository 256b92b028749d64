/**
 * /list/{slug}: a curated list (issue 36; docs/curated-lists.md) as a card grid in the list's own
 * order, 20 a page, rendered on the server. Bengali title, English when chosen; a list switched
 * off, not yet started or ended is the 404 page. No script of its own beyond the cards'.
 */
import { data } from 'react-router';
import type { Route } from './+types/list';
import { pageOfUrl } from '../../../domain/queries';
import { toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { ProductGrid } from '../../components/product-grid';
import { Pager } from '../../components/pager';
import { cardFields } from '../../components/product-card';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageOfUrl(url);
  const found = await context.services.lists.shelf.page(params.slug, page);
  if (!found) throw data(null, { status: 404 });
  const { title, title_en, slug } = found.list;
  const path = `/list/${slug}${page.page > 1 ? `?page=${page.page}` : ''}`;
  return {
    list: { title, title_en, slug },
    count: found.count,
    page: page.page,
    results: found.results.map(cardFields),
    // Titles the description names: the first few books.
    firstTitles: found.results.slice(0, 4).map((p) => p.bangla_title || p.english_title),
    url: `${url.origin}${path}`,
  };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [{ title: 'পেজটি পাওয়া যায়নি — 404' }, { name: 'robots', content: 'noindex' }];
  const root = matches[0]?.data as { lang?: 'bn' | 'en'; settings?: { shop_name?: string } } | undefined;
  const en = root?.lang === 'en';
  const title = en && d.list.title_en ? d.list.title_en : d.list.title;
  const shop = root?.settings?.shop_name;
  const count = en ? `${d.count} products` : `${toBengaliDigits(d.count)}টি পণ্য`;
  const description = `${title} — ${count}${d.firstTitles.length ? `: ${d.firstTitles.join(', ')}` : ''}`.slice(0, 160);
  return [
    { title: shop ? `${title} | ${shop}` : title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: d.url },
    { tagName: 'link', rel: 'canonical', href: d.url },
  ];
}

export default function CuratedListPage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const count = lang === 'bn' ? toBengaliDigits(d.count) : String(d.count);
  return (
    <main className="wrap py-4 md:py-6" data-testid="curated-list">
      <div className="mb-4">
        <p className="text-sm text-stone-600">{t('বাছাই করা তালিকা', 'Curated list')}</p>
        <h1 className="text-xl font-bold break-words md:text-2xl" data-testid="list-title">
          {t(d.list.title, d.list.title_en || d.list.title)}
        </h1>
        <p className="text-sm text-stone-600">{t(`${count}টি পণ্য`, `${count} products`)}</p>
      </div>
      {/* The cards' titles are h3s under the page's h1: this unseen h2 keeps the heading levels in order. */}
      <h2 className="sr-only">{t('পণ্যের তালিকা', 'Products')}</h2>
      <ProductGrid products={d.results} />
      <Pager page={d.page} count={d.count} />
    </main>
  );
}
