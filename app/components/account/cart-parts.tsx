/** Pieces the cart, wishlist and checkout screens share. */
import { Link } from 'react-router';
import { formatTaka, useLang, useT } from '../../lib/i18n';
import { productPath, type CartProduct } from './totals';

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

export function SummaryRow({ label, amount, strong, testId }: { label: string; amount: number; strong?: boolean; testId?: string }) {
  const lang = useLang();
  return (
    <div className={`flex justify-between py-1 ${strong ? 'border-t border-stone-200 pt-2 text-lg font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatTaka(amount, lang)}</dd>
    </div>
  );
}

export function Loading() {
  const t = useT();
  return (
    <p className="py-12 text-center text-stone-600" role="status">
      {t('লোড হচ্ছে…', 'Loading…')}
    </p>
  );
}

export function EmptyState({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg bg-white px-4 py-12 text-center shadow-sm" data-testid="empty-state">
      <p className="text-lg">{text}</p>
      {children}
    </div>
  );
}
