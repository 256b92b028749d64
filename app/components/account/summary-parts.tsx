/**
 * What the cart, the wishlist and checkout show around their lines: the gate before the lines
 * can be shown, and the figures. Apart from cart-parts.tsx so that checkout does not fetch the
 * cart's line buttons (issue 32: each page ≤ 110 KiB).
 */
import type { ReactNode } from 'react';
import { formatTaka, useLang, useT } from '../../lib/i18n';
import type { StoredLines } from './hooks';
import type { QuoteDiscount } from './quote';
import { discountLabel } from './discount-label';
import { EmptyState, Loading } from './list-parts';

export function SummaryRow({ label, amount, strong, testId }: { label: string; amount: number; strong?: boolean; testId?: string }) {
  const lang = useLang();
  return (
    <div className={`flex justify-between py-1 ${strong ? 'border-t border-stone-200 pt-2 text-lg font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatTaka(amount, lang)}</dd>
    </div>
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
