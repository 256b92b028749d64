/**
 * An order's payment status as the shop and the back office show it: a coloured badge with the
 * Bengali label (English in the English locale), and the gateway's name.
 */
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../domain/payment-status';
import { GATEWAYS, isOnlineGateway } from '../../../domain/providers';
import { useT } from '../../lib/i18n';

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, { bn: string; en: string; badge: string }> = {
  unpaid: { bn: 'পরিশোধ হয়নি', en: 'Unpaid', badge: 'bg-stone-200 text-stone-900' },
  unverified: { bn: 'পেমেন্ট যাচাই বাকি', en: 'Payment not verified', badge: 'bg-orange-100 text-orange-900' },
  partly_paid: { bn: 'আংশিক পরিশোধিত', en: 'Partly paid', badge: 'bg-teal-100 text-teal-900' },
  pending: { bn: 'পেমেন্টের অপেক্ষায়', en: 'Payment pending', badge: 'bg-amber-100 text-amber-900' },
  paid: { bn: 'পরিশোধিত', en: 'Paid', badge: 'bg-emerald-100 text-emerald-900' },
  review: { bn: 'যাচাই চলছে', en: 'Under review', badge: 'bg-violet-100 text-violet-900' },
  failed: { bn: 'পেমেন্ট ব্যর্থ', en: 'Payment failed', badge: 'bg-red-100 text-red-900' },
  refunded: { bn: 'টাকা ফেরত দেওয়া হয়েছে', en: 'Refunded', badge: 'bg-sky-100 text-sky-900' },
  partially_refunded: { bn: 'আংশিক টাকা ফেরত', en: 'Partly refunded', badge: 'bg-sky-100 text-sky-900' },
};

/** A payment status from an answer; anything unknown reads as unpaid. */
export function paymentStatusOf(value: unknown): PaymentStatus {
  return (PAYMENT_STATUSES as readonly unknown[]).includes(value) ? (value as PaymentStatus) : 'unpaid';
}

/** The gateway's name from domain/providers.ts; an id no longer listed is shown as it is. */
export function gatewayName(gateway: string | null | undefined, t: (bn: string, en: string) => string): string {
  if (!gateway) return '';
  if (!isOnlineGateway(gateway)) return gateway;
  const { name } = GATEWAYS[gateway];
  return t(name.bn, name.en);
}

/** The badge; `english` keeps it in English whatever the shopper chose (the back office speaks English). */
export function PaymentBadge({ status, english }: { status: PaymentStatus; english?: boolean }) {
  const t = useT();
  const text = PAYMENT_STATUS_TEXT[status];
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${text.badge}`} data-testid="payment-status" data-payment-status={status}>
      {english ? text.en : t(text.bn, text.en)}
    </span>
  );
}
