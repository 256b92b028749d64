/**
 * The server's figures for the lines on the desk (`POST /api/cart/quote/`, the cart's own
 * pricing with the promotions that hold now), asked again whenever the lines, the delivery
 * option or the coupon change, and shown before saving. The server prices once more when the
 * order is saved; its answer (or a 409 with its figures) is what counts.
 */
import { useEffect, useState } from 'react';
import { sendApi } from '../../form/api';
import { discountLabel, type CartQuote } from '../../account/quote';

const english = (_bn: string, en: string) => en;

type Quoted = { state: 'idle' } | { state: 'asking'; last: CartQuote | null } | { state: 'ok'; quote: CartQuote } | { state: 'failed'; message: string };

/** `asked`: a counter the page moves to ask again for the same lines (after a 409). */
export function useDeskQuote(lines: readonly { product: number; quantity: number }[], deliveryOption: string, coupon = '', asked = 0): Quoted {
  const key = JSON.stringify([lines.map((l) => [l.product, l.quantity]), deliveryOption, coupon, asked]);
  const [result, setResult] = useState<{ key: string; value: Quoted }>({ key: '', value: { state: 'idle' } });
  useEffect(() => {
    if (lines.length === 0) return;
    let live = true;
    // A short pause, so typing a quantity asks once.
    const timer = setTimeout(() => {
      void sendApi<CartQuote>('POST', '/api/cart/quote/', {
        orderItems: lines.map((l) => ({ product: l.product, quantity: l.quantity })),
        ...(deliveryOption ? { delivery_option: deliveryOption } : {}),
        ...(coupon ? { coupon } : {}),
      }).then((res) => {
        if (!live) return;
        setResult({ key, value: res.ok && res.body ? { state: 'ok', quote: res.body } : { state: 'failed', message: res.message || 'The figures could not be fetched.' } });
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for the lines, the option, the coupon and the counter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (lines.length === 0) return { state: 'idle' };
  if (result.key === key) return result.value;
  return { state: 'asking', last: result.value.state === 'ok' ? result.value.quote : null };
}

/** The figures the server gave (or is working out), as a small table. */
export function Figures({ quoted, testId = 'desk-figures' }: { quoted: Quoted; testId?: string }) {
  if (quoted.state === 'idle') return <p className="text-sm text-stone-600">Add a product to see the figures.</p>;
  if (quoted.state === 'failed')
    return (
      <p role="alert" className="text-sm text-red-700" data-testid={`${testId}-error`}>
        {quoted.message}
      </p>
    );
  const q = quoted.state === 'ok' ? quoted.quote : quoted.last;
  return (
    <div aria-live="polite" aria-busy={quoted.state === 'asking'} data-testid={testId} data-state={quoted.state}>
      {q ? (
        <dl className={`grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm ${quoted.state === 'asking' ? 'opacity-60' : ''}`}>
          <dt>Products</dt>
          <dd className="text-right" data-testid={`${testId}-subtotal`}>
            ৳ {q.subtotal}
          </dd>
          <dt>Delivery</dt>
          <dd className="text-right" data-testid={`${testId}-delivery`}>
            ৳ {q.delivery_charge}
          </dd>
          {q.discounts.map((d, i) => (
            <div key={i} className="contents">
              <dt className="text-emerald-800">{discountLabel(d, english)}</dt>
              <dd className="text-right text-emerald-800">− ৳ {d.amount}</dd>
            </div>
          ))}
          <dt className="font-bold">Total</dt>
          <dd className="text-right font-bold" data-testid={`${testId}-total`}>
            ৳ {q.total}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-stone-600">Working out the figures…</p>
      )}
      {q?.coupon_error && <p className="mt-1 text-xs text-amber-800">{q.coupon_error}</p>}
    </div>
  );
}

/** The figures to send with the order, once the server has given them for exactly these lines. */
export function quotedFigures(quoted: Quoted): { subtotal: number; delivery_charge: number; discount_total: number; total: number } | null {
  if (quoted.state !== 'ok') return null;
  const { subtotal, delivery_charge, discount_total, total } = quoted.quote;
  return { subtotal, delivery_charge, discount_total, total };
}
