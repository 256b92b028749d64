/** Product detail for books, electronics and stationery, with a proper title, description and schema.org data. */
import { useState, type ReactNode } from 'react';
import { Link, data, redirect } from 'react-router';
import type { Route } from './+types/product';
import { parseId } from '../../../domain/queries';
import { catalog } from './catalog.server';
import { useT } from '../../lib/i18n';
import { Price } from '../../components/price';
import { LowStock, OfferBadges, cardFields } from '../../components/product-card';
import { RelatedBooks } from '../../components/related-books';
import { Icon } from '../../components/icons';
import { Picture } from '../../components/picture';
import { categoryPath, productPath } from '../../../domain/store-paths';
import { addProductToCart, addProductToWishlist } from '../../components/shop-actions';
import { BackInStock } from '../../components/back-in-stock';
import { PreorderBadge } from '../../components/preorder';
import { cartLimit } from '../../../domain/preorders';
import { isBackInStockPost, backInStockAction } from './back-in-stock.server';
import { ProductReviews } from '../../components/product-reviews';
import { isReviewPost, productReviews, reviewAction } from './reviews.server';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  // The related lists and the reviews are read alongside the product (no wait for it): empty for a missing one.
  const [product, related, reviews] =
    id === null ? [null, null, null] : await Promise.all([catalog(context).getProduct(id), catalog(context).related(id), productReviews(context, request, id)]);
  if (!product || !related) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // One address per product: /books/7 when 7 is a book.
  if (url.pathname.split('/')[1] !== product.type) throw redirect(productPath(product), 301);
  return {
    product,
    url: `${url.origin}${productPath(product)}`,
    // Only what a card shows.
    related: { by_author: related.by_author.map(cardFields), in_category: related.in_category.map(cardFields), bought_together: related.bought_together.map(cardFields) },
    // A page of reviews (`?reviews=N`) and the signed-in customer's own (reviews.server.ts).
    reviews: reviews!,
  };
}

/**
 * Form posts to the product page, so they work without JavaScript: `intent=restock` asks to be
 * told when a sold-out product is back (back-in-stock.server.ts). Another form adds its branch here.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  if (await isBackInStockPost(request)) return backInStockAction(context, request, id);
  if (await isReviewPost(request)) return reviewAction(context, request, id);
  throw data(null, { status: 405 });
}

function summary(p: { description: string; english_title: string; bangla_title: string; author_name: string | null }): string {
  const text = p.description.replace(/\s+/g, ' ').trim() || [p.bangla_title, p.english_title, p.author_name].filter(Boolean).join(' — ');
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: 'পেজটি পাওয়া যায়নি' }];
  const p = d.product;
  const title = p.bangla_title && p.bangla_title !== p.english_title ? `${p.english_title} | ${p.bangla_title}` : p.english_title;
  const description = summary(p);
  // Crawlers and link previews need absolute addresses, on the shop's public origin (d.url's).
  const image = p.images ? new URL(p.images.detail, d.url).href : null;
  const offer = {
    '@type': 'Offer',
    price: p.price,
    priceCurrency: 'BDT',
    availability: p.units_stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    url: d.url,
  };
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': p.type === 'books' ? ['Product', 'Book'] : 'Product',
    name: p.english_title,
    ...(p.bangla_title ? { alternateName: p.bangla_title } : {}),
    description,
    ...(image ? { image } : {}),
    sku: String(p.id),
    ...(p.category_name ? { category: p.category_name } : {}),
    offers: offer,
    // Only with ratings: Google refuses an aggregateRating of none.
    ...(p.rating_count > 0 && p.rating_average !== null
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating_average, ratingCount: p.rating_count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
  if (p.type === 'books') {
    if (p.author_name) ld.author = { '@type': 'Person', name: p.author_name };
    if (p.publisher_name) ld.publisher = { '@type': 'Organization', name: p.publisher_name };
    if (p.isbn) ld.isbn = p.isbn;
    if (p.total_page) ld.numberOfPages = p.total_page;
    if (p.language) ld.inLanguage = p.language;
    if (p.edition) ld.bookEdition = p.edition;
  } else {
    if (p.brand) ld.brand = { '@type': 'Brand', name: p.brand };
    if (p.model) ld.model = p.model;
  }
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'product' },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { property: 'og:url', content: d.url },
    { tagName: 'link', rel: 'canonical', href: d.url },
    { 'script:ld+json': ld },
  ];
}

type TabName = 'spec' | 'desc';

/** A tab over the details: its panel is `panel-<name>`. */
function Tab({ name, shown, show, children }: { name: TabName; shown: TabName; show: (name: TabName) => void; children: ReactNode }) {
  return (
    <button type="button" role="tab" id={`tab-${name}`} aria-controls={`panel-${name}`} aria-selected={shown === name} onClick={() => show(name)} className="tab">
      {children}
    </button>
  );
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const p = loaderData.product;
  const [tab, setTab] = useState<TabName>('spec');
  const person = (base: string, name: string | null) =>
    name ? (
      <Link to={`${base}/${encodeURIComponent(name)}`} className="text-brand underline">
        {name}
      </Link>
    ) : (
      ''
    );
  const category = p.category_name ? (
    <Link to={categoryPath(p.category_name)} className="text-brand underline">
      {p.category_name}
    </Link>
  ) : (
    ''
  );
  const rows: [string, ReactNode][] =
    p.type === 'books'
      ? [
          ['English Title', p.english_title],
          ['Bangla Title', p.bangla_title],
          ['Category', category],
          ['Author', person('/authors', p.author_name)],
          ['Publisher', person('/publishers', p.publisher_name)],
          ['Edition', p.edition],
          ['ISBN', p.isbn],
          ['Total Page', p.total_page ?? ''],
          ['Language', p.language],
        ]
      : [
          ['English Title', p.english_title],
          ['Bangla Title', p.bangla_title],
          ['Category', category],
          ['Brand', p.brand],
          ['Model', p.model],
          ...(p.type === 'electronics' ? ([['Warranty', p.warranty]] as [string, ReactNode][]) : []),
        ];
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <div className="grid gap-6 md:grid-cols-[minmax(0,22rem)_1fr]">
        <div>
          {/* The page's largest picture: fetched first. 240 px wide on phones (max-w-60), the 22rem column from md. */}
          <Picture
            images={p.images}
            sizes="(min-width: 768px) 352px, 240px"
            fallback="/placeholder-book.svg"
            alt={p.alt_text}
            width={720}
            height={960}
            priority
            className="cover-lg"
          />
          {p.pdf && (
            <a href={p.pdf} target="_blank" rel="noopener noreferrer" className="btn-pdf">
              একটু পড়ে দেখুন
            </a>
          )}
        </div>
        <div>
          <h1 className="text-2xl font-bold">{p.english_title}</h1>
          {p.bangla_title && <p className="mt-1 text-lg text-stone-700">{p.bangla_title}</p>}
          {p.author_name && (
            <p className="mt-1 text-sm">
              {t('লেখক', 'Author')}: {person('/authors', p.author_name)}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <OfferBadges p={p} />
          </div>
          <Price regular={p.regular_price} discount={p.discount_price} className="mt-3 block text-xl" />
          <div className="mt-2">
            <PreorderBadge p={p} className="mb-1 text-sm" />
            <LowStock stock={p.units_stock} />
          </div>
          <div className="mt-4 flex flex-wrap gap-2" data-testid="product-actions">
            {cartLimit(p) > 0 ? (
              <button type="button" onClick={() => addProductToCart(p, 'Product addded successfully!')} className="btn-lg">
                {p.preorder && p.units_stock <= 0 ? t('প্রি-অর্ডার করুন', 'Pre-order') : t('কার্টে যোগ করুন', 'Add to cart')}
              </button>
            ) : (
              <>
                <button type="button" disabled className="btn-lg-off">
                  Stock out!
                </button>
                <BackInStock />
              </>
            )}
            <button type="button" onClick={() => addProductToWishlist(p)} className="btn-wish">
              <Icon n="heart" sm /> {t('উইশলিস্টে যোগ করুন', 'Add to wishlist')}
            </button>
          </div>
        </div>
      </div>

      <section className="mt-8">
        <div role="tablist" aria-label={t('প্রোডাক্টের তথ্য', 'Product details')} className="flex gap-1 border-b-2 border-brand">
          <Tab name="spec" shown={tab} show={setTab}>
            Specification
          </Tab>
          <Tab name="desc" shown={tab} show={setTab}>
            Description
          </Tab>
        </div>
        <div role="tabpanel" id="panel-spec" aria-labelledby="tab-spec" hidden={tab !== 'spec'} className="tabpanel">
          <table className="w-full text-sm">
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label} className="border-b border-stone-100 last:border-0">
                  <th scope="row" className="spec-th">
                    {label}
                  </th>
                  <td className="py-2">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div role="tabpanel" id="panel-desc" aria-labelledby="tab-desc" hidden={tab !== 'desc'} className="tabpanel whitespace-pre-line leading-relaxed">
          {p.description || t('কোন বিবরণ নেই।', 'No description.')}
        </div>
        {/* Without JavaScript the tabs cannot switch: show the description below instead. */}
        <noscript>
          <div className="tabpanel mt-2 whitespace-pre-line">{p.description}</div>
        </noscript>
      </section>
      <ProductReviews data={loaderData.reviews} loginHref={`/login?next=${encodeURIComponent(productPath(p))}`} />
      <RelatedBooks related={loaderData.related} books={p.type === 'books'} />
    </main>
  );
}
