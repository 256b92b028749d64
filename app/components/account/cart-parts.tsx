/** Pieces the cart and wishlist screens share: a line's picture, title, price and buttons (checkout's figures and gate are in summary-parts.tsx). */
import { Link } from 'react-router';
import { CART_KEY } from '../../lib/cart';
import { formatTaka, toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { productPath } from '../../../domain/store-paths';
import { addProductToCart, removeFromList } from '../shop-actions';
import type { CartProduct } from './totals';

// The cart's and wishlist's routes import these from here, as before.
export { LinesTable, type Column } from './list-parts';
export { LinesGate, Totals } from './summary-parts';

export function ProductThumb({ product }: { product: CartProduct }) {
  return (
    <Link to={productPath(product)} className="block h-16 w-12 shrink-0 overflow-hidden rounded bg-stone-100" tabIndex={-1} aria-hidden="true">
      {product.image && <img src={product.image} alt={product.alt_text} width={48} height={64} loading="lazy" className="h-full w-full object-cover" />}
    </Link>
  );
}

export function ProductTitle({ product }: { product: CartProduct }) {
  return (
    <Link to={productPath(product)} className="font-semibold text-brand hover:underline" data-testid="line-title">
      {product.english_title}
      {product.bangla_title && product.bangla_title !== product.english_title && <span className="block text-xs font-normal text-stone-600">{product.bangla_title}</span>}
    </Link>
  );
}

/** The unit price, with the regular price struck through when a discount applies. */
export function UnitPrice({ product }: { product: CartProduct }) {
  const lang = useLang();
  const t = useT();
  const discounted = product.price < product.regular_price;
  return (
    <span>
      {discounted && (
        <s className="mr-1 text-xs text-stone-500">
          <span className="sr-only">{t('আগের দাম', 'was')} </span>
          {formatTaka(product.regular_price, lang)}
        </s>
      )}
      <span className={discounted ? 'font-bold text-red-700' : ''}>{formatTaka(product.price, lang)}</span>
    </span>
  );
}

/** A cart line's − and + (+ stops at the stock), with the quantity between them. */
export function QuantityButtons({ product, quantity }: { product: CartProduct; quantity: number }) {
  const t = useT();
  const lang = useLang();
  const button = 'h-9 w-9 rounded border border-stone-300 text-lg hover:bg-stone-100';
  return (
    <div className="flex items-center justify-center gap-1">
      <button type="button" className={button} aria-label={t(`${product.english_title}: এক পিস কমান`, `${product.english_title}: one less`)} data-testid="minus" onClick={() => removeFromList(CART_KEY, product.id)}>
        −
      </button>
      <span className="min-w-8 text-center font-semibold" data-testid="quantity" aria-live="polite">
        {lang === 'bn' ? toBengaliDigits(quantity) : quantity}
      </span>
      <button type="button" className={button} aria-label={t(`${product.english_title}: এক পিস বাড়ান`, `${product.english_title}: one more`)} data-testid="plus" onClick={() => addProductToCart(product)}>
        +
      </button>
    </div>
  );
}

/** Takes a whole line out of the cart. */
export function RemoveButton({ id }: { id: number }) {
  const t = useT();
  return (
    <button type="button" className="ml-2 text-xs font-normal text-red-700 underline max-sm:ml-0 max-sm:mt-1" onClick={() => removeFromList(CART_KEY, id, true)}>
      {t('সরান', 'Remove')}
    </button>
  );
}
