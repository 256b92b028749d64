/**
 * The customer's returns on one of their orders (/order): each request or return with its state,
 * and, on a Delivered order within the shop's `return_days`, "ফেরতের অনুরোধ" — the lines and
 * how many of each, a reason, and up to 3 photos (the phone's camera or gallery), sent as
 * multipart to `POST /api/order/{id}/return-request/`. Photos are made smaller in the browser
 * first (a phone's picture is often over the 2 MB the server takes); the server checks and
 * re-encodes them again. Bengali first; laid out for a 360 px screen. The form itself is in
 * return-request-form.tsx, fetched when the customer opens it.
 */
import { useState, type ComponentType } from 'react';
import { toBengaliDigits, useLang, useT } from '../../lib/i18n';
import type { OrderReturn } from '../admin/returns/returns';
import { RETURN_STATE_TEXT } from './return-state-text';
import type { Item, RequestFormProps } from './return-request-form';

/** Units of each line still open to a return: ordered, less what returns not rejected already cover. */
export function returnable(items: readonly Item[], returns: readonly Pick<OrderReturn, 'status' | 'lines'>[]): Map<number, number> {
  const left = new Map(items.map((i) => [i.id, i.quantity]));
  for (const r of returns) {
    if (r.status === 'rejected') continue;
    for (const l of r.lines) left.set(l.order_item, Math.max(0, (left.get(l.order_item) ?? 0) - l.quantity));
  }
  return left;
}

export function OrderReturns({ orderId, items, returns, returnUntil }: { orderId: number; items: readonly Item[]; returns: readonly OrderReturn[]; returnUntil: string | null }) {
  const t = useT();
  const lang = useLang();
  const [asking, setAsking] = useState(false);
  // The form is fetched when opened (return-request-form.tsx); a failed fetch leaves the button to try again.
  const [RequestForm, setRequestForm] = useState<ComponentType<RequestFormProps> | null>(null);
  const open = () =>
    import('./return-request-form').then(
      (m) => {
        setRequestForm(() => m.RequestForm);
        setAsking(true);
      },
      () => undefined,
    );
  const titles = new Map(items.map((i) => [i.id, i.product_title]));
  const left = returnable(items, returns);
  const canAsk = returnUntil !== null && [...left.values()].some((q) => q > 0);
  if (!returns.length && !canAsk) return null;
  const n = (v: number | string) => (lang === 'bn' ? toBengaliDigits(v) : String(v));
  return (
    <div className="mt-3 rounded border border-stone-200 p-3 text-sm" data-testid="order-returns">
      {returns.map((r) => {
        const state = RETURN_STATE_TEXT[r.status];
        return (
          <div key={r.id} className="mb-2 flex flex-wrap items-center gap-2" data-testid="customer-return" data-status={r.status}>
            <span className="font-semibold">
              {t('ফেরত', 'Return')} #{n(r.id)}
            </span>
            <span className={`rounded px-2 py-0.5 text-xs font-semibold ${state.badge}`} data-testid="customer-return-status">
              {t(state.bn, state.en)}
            </span>
            <span className="text-xs text-stone-600">{r.lines.map((l) => `${titles.get(l.order_item) ?? ''} × ${n(l.quantity)}`).join(', ')}</span>
            {r.status === 'rejected' && r.decision_reason && <span className="w-full text-xs text-stone-700">{r.decision_reason}</span>}
          </div>
        );
      })}
      {canAsk && !asking && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-xs text-stone-600">{t(`${returnUntil} পর্যন্ত ফেরতের অনুরোধ করা যাবে।`, `You can ask for a return until ${returnUntil}.`)}</span>
          <button type="button" className="min-h-11 rounded border border-brand px-4 font-semibold text-brand" onClick={open} data-testid="return-request-open">
            {t('ফেরতের অনুরোধ', 'Request a return')}
          </button>
        </div>
      )}
      {canAsk && asking && RequestForm && <RequestForm orderId={orderId} items={items} left={left} onClose={() => setAsking(false)} />}
    </div>
  );
}
