/**
 * The checkout's parts that show only on use: the online-payment note (once such an option is
 * picked), the price-change notice (a 409) and the order-kept notice (a 502).
 * Fetched when the form is first touched, not with the page (issue 32: each page ≤ 110 KiB).
 */
import { useEffect, type RefObject } from 'react';
import { Link } from 'react-router';
import type { PaymentOption } from '../../../domain/settings';
import { formatTaka, useLang, useT } from '../../lib/i18n';
import type { Conflict } from './checkout-parts';

/** The server priced the order differently (a price changed) or stock ran out: the cart is kept and the new figures shown. */
export function ConflictNotice({ conflict, focusRef }: { conflict: Conflict; focusRef: RefObject<HTMLDivElement | null> }) {
  const t = useT();
  const lang = useLang();
  const f = conflict.figures;
  // This part may arrive after the refusal: it takes the focus itself once shown.
  useEffect(() => focusRef.current?.focus(), [conflict, focusRef]);
  return (
    <div ref={focusRef} tabIndex={-1} role="alert" className="mb-4 rounded border-2 border-amber-500 bg-amber-50 p-4 text-amber-950" data-testid="checkout-conflict">
      <p className="font-bold">{conflict.message}</p>
      {f && (
        <p className="mt-1 text-sm">
          {t('নতুন হিসাব', 'New figures')}: {t('প্রোডাক্টের মোট মূল্য', 'Product total')} {formatTaka(f.subtotal, lang)} · {t('পরিবহন চার্জ', 'Transport charge')} {formatTaka(f.delivery_charge, lang)} ·{' '}
          {t('সর্বমোট', 'Total')} {formatTaka(f.total, lang)}
        </p>
      )}
      <p className="mt-1 text-sm">
        {t('আপনার কার্ট রাখা আছে। সামারি দেখে আবার অর্ডার করুন, অথবা ', 'Your cart is kept. Check the summary and order again, or ')}
        <Link to="/cart" className="underline">
          {t('কার্টে পরিমাণ বদলান', 'change quantities in the cart')}
        </Link>
        .
      </p>
    </div>
  );
}

/** An online payment: after ordering, the customer pays on the gateway's page and comes back. */
export function OnlineNote({ payment }: { payment: PaymentOption }) {
  const t = useT();
  return (
    <p className="mb-4 rounded border border-sky-200 bg-sky-50 p-3 text-sm" data-testid="online-payment-note">
      {t(
        `${payment.label}: অর্ডার করার পর আপনাকে পেমেন্ট পেজে পাঠানো হবে। পেমেন্ট শেষে আপনি আবার এই সাইটে ফিরে আসবেন।`,
        `${payment.label}: after you order, you are taken to the payment page, and brought back here once you have paid.`,
      )}
    </p>
  );
}

/** The order was placed, but the gateway would not open its payment: it is kept, to be paid from /order. */
export function PaymentNotStarted({ orderId, message }: { orderId: number; message: string }) {
  const t = useT();
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-10">
      <div role="alert" className="rounded-lg border-2 border-amber-500 bg-amber-50 p-5 text-amber-950" data-testid="payment-not-started">
        <h1 className="mb-2 text-xl font-bold">{t('অর্ডার হয়েছে, কিন্তু পেমেন্ট শুরু করা যায়নি', 'Order placed, but the payment could not start')}</h1>
        <p>{message}</p>
        <p className="mt-3">
          <Link to={`/order?order=${orderId}&payment=failed`} className="font-semibold text-brand underline">
            {t('আমার অর্ডারে গিয়ে আবার পেমেন্ট করুন', 'Go to my orders and pay again')}
          </Link>
        </p>
      </div>
    </main>
  );
}
