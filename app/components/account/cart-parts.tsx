/** Pieces the cart, wishlist and checkout screens share. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CART_KEY } from '../../lib/cart';
import { formatTaka, toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { productPath } from '../../../domain/store-paths';
import { addProductToCart, removeFromList } from '../shop-actions';
import type { StoredLines } from './hooks';
import type { CartProduct } from './totals';
import { discountLabel, type QuoteDiscount } from './quote';

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

/** Product total, transport, each promotion's saving and the sum, each figure with its test id. */
export function Totals({ subtotal, charge, discounts = [], testIds }: { subtotal: number; charge: number; discounts?: DiscountLine[]; testIds: [subtotal: string, charge: string, total: string] }) {
  const t = useT();
  const lang = useLang();
  const saved = discounts.reduce((sum, d) => sum + d.amount, 0);
  return (
    <dl>
      <SummaryRow label={t('প্রোডাক্টের মোট মূল্য', 'Product total')} amount={subtotal} testId={testIds[0]} />
      <SummaryRow label={t('পরিবহন চার্জ', 'Transport charge')} amount={charge} testId={testIds[1]} />
      {discounts.map((d, i) => (
        <div key={i} className="flex justify-between gap-2 py-1 text-emerald-800" data-testid="discount-line">
          <dt>{discountLabel(d, t)}</dt>
          <dd className="whitespace-nowrap">− {formatTaka(d.amount, lang)}</dd>
        </div>
      ))}
      <SummaryRow label={t('সর্বমোট', 'Total')} amount={Math.max(0, subtotal + charge - saved)} strong testId={testIds[2]} />
    </dl>
  );
}

/** A promotion's saving as the cart, checkout and order show it. */
export type DiscountLine = Pick<QuoteDiscount, 'name' | 'code' | 'amount'>;

/** A column of a lines table: its heading (for screen readers only when `hidden`) and its classes. */
export type Column = [label: string, className: string, hidden?: boolean];

export function LinesTable({ columns, testId, headClassName = 'border-b border-stone-200 bg-stone-100 text-xs uppercase', children }: { columns: Column[]; testId?: string; headClassName?: string; children: ReactNode }) {
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <thead className={headClassName}>
        <tr>
          {columns.map(([label, className, hidden]) => (
            <th key={label} scope="col" className={className}>
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * The server can't see the browser's stored cart, so it renders "loading"; the box keeps the
 * empty state's size, so that what the browser then shows moves nothing below it.
 */
const GATE_BOX = 'flex min-h-48 flex-col items-center justify-center rounded-lg bg-white px-4 py-12 text-center shadow-sm';

export function Loading() {
  const t = useT();
  return (
    <p className={`${GATE_BOX} text-stone-600`} role="status">
      {t('লোড হচ্ছে…', 'Loading…')}
    </p>
  );
}

/** Nothing to show yet: the message and a way back to the books. */
export function EmptyState({ text }: { text: string }) {
  const t = useT();
  return (
    <div className={GATE_BOX} data-testid="empty-state">
      <p className="text-lg">{text}</p>
      <Link to="/books" className="mt-4 inline-block rounded bg-brand px-4 py-2 text-white">
        {t('বই দেখুন', 'Browse books')}
      </Link>
    </div>
  );
}

/**
 * The cart's and the wishlist's lines before they can be shown: loading (the lists live in the
 * browser), empty, or the products could not be fetched. Otherwise the children.
 */
export function LinesGate({ state, empty, failed, children }: { state: StoredLines; empty: string; failed: string; children: ReactNode }) {
  const t = useT();
  if (!state.loaded) return <Loading />;
  if (state.ids.length === 0) return <EmptyState text={empty} />;
  if (state.status === 'error' && state.lines.length === 0) {
    return (
      <p role="alert" className="rounded bg-white p-6 text-center shadow-sm">
        {failed}{' '}
        <button type="button" className="text-brand underline" onClick={state.reload}>
          {t('আবার চেষ্টা করুন', 'Try again')}
        </button>
      </p>
    );
  }
  return children;
}
