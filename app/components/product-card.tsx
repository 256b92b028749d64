/** The product card of every listing: image, title, price rules, offer badges, stock states, Read more, heart, Add to cart. */
import { Link, useRouteLoaderData } from 'react-router';
import { appliesTo, type PromotionBadge } from '../../domain/promotion-match';
import { cutTitle } from '../../domain/catalog';
import { stockState } from '../../domain/prices';
import { toBengaliDigits, useLang, useT } from '../lib/i18n';
import { Icon } from './icons';
import { Price } from './price';
import { productPath } from '../../domain/store-paths';
import { addProductToCart, addProductToWishlist } from './shop-actions';
import { Picture } from './picture';
import { GRID_CARD_SIZES, type ImageSet } from '../lib/images';
import { PreorderBadge } from './preorder';
import { cartLimit } from '../../domain/preorders';

export interface CardProduct {
  id: number;
  type: string;
  english_title: string;
  alt_text: string;
  images: ImageSet | null;
  regular_price: number;
  discount_price: number | null;
  percentage: number;
  flat_discount: number;
  units_stock: number;
  /** What an automatic promotion may cover (its badge): the product's category, author and publisher. */
  category?: number | null;
  author?: number | null;
  publisher?: number | null;
  /** Visible reviews' average (one decimal) and count; sent only for a rated product. */
  rating_average?: number | null;
  rating_count?: number;
  /** A pre-order (docs/preorders.md): sent only for one. */
  preorder?: { release_date: string; limit: number } | null;
  preorder_available?: number | null;
}

/** The fields a card shows (loaders send only these). */
export function cardFields<T extends CardProduct>(p: T): CardProduct {
  const { id, type, english_title, alt_text, images, regular_price, discount_price, percentage, flat_discount, units_stock, category = null, author = null, publisher = null } = p;
  // Most cards have no rating: the fields go only with one.
  const rated = p.rating_count ? { rating_average: p.rating_average ?? null, rating_count: p.rating_count } : {};
  const pre = p.preorder ? { preorder: p.preorder, preorder_available: p.preorder_available ?? 0 } : {};
  return { ...rated, ...pre, id, type, english_title, alt_text, images, regular_price, discount_price, percentage, flat_discount, units_stock, category, author, publisher };
}

export function OfferBadges({ p }: { p: Pick<CardProduct, 'id' | 'type' | 'percentage' | 'flat_discount' | 'category' | 'author' | 'publisher'> }) {
  const lang = useLang();
  const n = (v: number) => (lang === 'bn' ? toBengaliDigits(v) : String(v));
  const promotions = useRouteLoaderData<{ promotions?: PromotionBadge[] }>('root')?.promotions ?? [];
  const product = { id: p.id, type: p.type, categories: p.category ? [p.category] : [], author: p.author ?? null, publisher: p.publisher ?? null };
  return (
    <>
      {/* The shop's automatic promotions that cover it (their categories come widened to descendants). */}
      {promotions
        .filter((promo) => appliesTo(promo.applies_to, product))
        .map((promo) => (
          <span key={promo.id} className="rounded bg-emerald-700 px-1.5 py-0.5 text-xs font-bold text-white" data-testid="promotion-badge">
            {lang === 'bn' ? promo.label[0] : promo.label[1]}
          </span>
        ))}
      {p.percentage !== 0 && <span className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">{lang === 'bn' ? `${n(p.percentage)}% ছাড়` : `${p.percentage}% off`}</span>}
      {p.flat_discount !== 0 && <span className="rounded bg-amber-700 px-1.5 py-0.5 text-xs font-bold text-white">{lang === 'bn' ? `${n(p.flat_discount)} টাকা ছাড়` : `${p.flat_discount} taka off`}</span>}
    </>
  );
}

/** `★ 4.5 (12)` under a rated product's title. */
export function RatingBadge({ p }: { p: Pick<CardProduct, 'rating_average' | 'rating_count'> }) {
  const lang = useLang();
  if (!p.rating_count || p.rating_average == null) return null;
  const text = `★ ${p.rating_average.toFixed(1)} (${p.rating_count})`;
  return (
    <p className="text-xs text-amber-700" data-testid="card-rating">
      {lang === 'bn' ? toBengaliDigits(text) : text}
    </p>
  );
}

export function LowStock({ stock }: { stock: number }) {
  return stockState(stock) === 'low' ? <p className="text-xs font-semibold text-orange-700">*** Last {stock} pcs in stock! ***</p> : null;
}

/**
 * `eager`: the card is in the first row a phone shows (a listing's first 2), so its picture is
 * not held back by lazy loading. `sizes`: the picture's layout width; a listing grid's by default.
 */
export function ProductCard({ p, cut = false, eager = false, sizes = GRID_CARD_SIZES, added }: { p: CardProduct; cut?: boolean; eager?: boolean; sizes?: string; added?: string }) {
  const t = useT();
  const href = productPath(p);
  const title = cut ? cutTitle(p.english_title) : p.english_title;
  return (
    <article data-testid="product-card" data-regular={p.regular_price} className="card flex h-full flex-col p-2">
      <Link to={href} className="relative block" tabIndex={-1} aria-hidden="true">
        <Picture
          images={p.images}
          sizes={sizes}
          fallback="/placeholder-book.svg"
          alt={p.alt_text}
          width={360}
          height={480}
          eager={eager}
          className="aspect-[3/4] w-full rounded bg-stone-100 object-cover"
        />
        <span className="absolute left-1 top-1 flex flex-col items-start gap-1">
          <OfferBadges p={p} />
        </span>
      </Link>
      <h3 className="mt-2 text-sm font-semibold leading-snug">
        <Link to={href} className="hover:text-brand" title={p.english_title}>
          {title}
        </Link>
      </h3>
      <Price regular={p.regular_price} discount={p.discount_price} className="mt-1 text-sm" />
      <RatingBadge p={p} />
      <PreorderBadge p={p} className="mt-1" />
      <LowStock stock={p.units_stock} />
      <div className="mt-auto flex flex-wrap items-center gap-1 pt-2">
        <Link to={href} className="btn-line">
          {t('বিস্তারিত', 'Read more')}
        </Link>
        <button type="button" onClick={() => addProductToWishlist(p)} aria-label={t('উইশলিস্টে যোগ করুন', 'Add to wishlist')} className="rounded p-1 text-red-600 hover:bg-red-50">
          <Icon n="heart" sm />
        </button>
        {cartLimit(p) > 0 ? (
          <button type="button" onClick={() => addProductToCart(p, added)} className="btn relative ml-auto">
            {p.preorder && p.units_stock <= 0 ? t('প্রি-অর্ডার', 'Pre-order') : t('কার্টে যোগ', 'Add to cart')}
            {/* Which book, for screen readers: every card's button reads the same otherwise. Held in the
                button (relative), or it would widen the page from a sideways-scrolling shelf. */}
            <span className="sr-only">: {p.english_title}</span>
          </button>
        ) : (
          <button type="button" disabled className="btn-off ml-auto">
            Stock out!
          </button>
        )}
      </div>
    </article>
  );
}
