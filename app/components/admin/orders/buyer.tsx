/**
 * The buyer's record by phone number (customer_history, staff only): the list's badge and the
 * order screen's numbers. The badge says its meaning in words, never by colour alone, and its
 * tooltip gives the numbers.
 */
import type { CustomerHistory } from '../../../../domain/order-desk';
import { BADGE_TEXT, badgeOf, historyText } from './desk';

export function BuyerBadge({ history }: { history: CustomerHistory | null | undefined }) {
  const read = badgeOf({ customer_history: history });
  if (!read) return null;
  const text = BADGE_TEXT[read.badge];
  const words = historyText(read.history);
  return (
    <span className={`inline-block rounded border px-1.5 py-px text-[11px] font-semibold whitespace-nowrap ${text.look}`} title={words} data-testid="buyer-badge" data-badge={read.badge}>
      {text.label}
      {read.badge === 'returns' && ` (${read.history.returned})`}
      <span className="sr-only">: {words}</span>
    </span>
  );
}

const FIGURES: [keyof CustomerHistory, string][] = [
  ['orders', 'Orders'],
  ['delivered', 'Delivered'],
  ['returned', 'Returned'],
  ['cancelled', 'Cancelled'],
];

/** The order screen's numbers: the other orders with this delivery phone, counter sales left out. */
export function BuyerRecord({ history }: { history: CustomerHistory | null | undefined }) {
  if (!history) return null;
  return (
    <div data-testid="buyer-record">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">This number&apos;s other orders</h3>
        <BuyerBadge history={history} />
      </div>
      <dl className="grid grid-cols-5 gap-2 text-center text-sm">
        {FIGURES.map(([key, label]) => (
          <div key={key} className="rounded bg-stone-50 px-2 py-1">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="font-semibold" data-testid={`buyer-${key}`}>
              {history[key]}
            </dd>
          </div>
        ))}
        <div className="rounded bg-stone-50 px-2 py-1">
          <dt className="text-xs text-stone-600">Return rate</dt>
          <dd className="font-semibold" data-testid="buyer-return_rate">
            {Math.round(history.return_rate * 100)} %
          </dd>
        </div>
      </dl>
    </div>
  );
}
