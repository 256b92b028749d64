/**
 * The banner at the top of /order after the gateway: paid, under review, failed or cancelled
 * (both offering to pay again while the order is still open), or not confirmed yet. It takes the
 * focus so a screen reader reads it first.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatTaka, toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { PayAgainButton } from './pay-again';
import type { PaymentReturn } from './return';

const LOOK = {
  paid: 'border-emerald-500 bg-emerald-50 text-emerald-950',
  review: 'border-violet-400 bg-violet-50 text-violet-950',
  pending: 'border-amber-400 bg-amber-50 text-amber-950',
  failed: 'border-red-400 bg-red-50 text-red-950',
  cancelled: 'border-stone-400 bg-stone-50 text-stone-900',
} as const;

export function PaymentResult({ result }: { result: PaymentReturn }) {
  const t = useT();
  const lang = useLang();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [result.order_id, result.outcome]);
  const id = lang === 'bn' ? toBengaliDigits(result.order_id) : String(result.order_id);
  const amount = formatTaka(result.paid_amount || result.total, lang);

  let title: string;
  let text: string;
  switch (result.outcome) {
    case 'paid':
      title = t('পেমেন্ট সম্পন্ন হয়েছে!', 'Payment complete!');
      text = t(`অর্ডার #${id}-এর জন্য ${amount} পরিশোধ করা হয়েছে। ধন্যবাদ — আপনার অর্ডারটি প্রস্তুত করা হচ্ছে।`, `${amount} was paid for order #${id}. Thank you — your order is being prepared.`);
      break;
    case 'review':
      title = t('পেমেন্ট গ্রহণ করা হয়েছে, যাচাই চলছে', 'Payment received, being checked');
      text = t(`অর্ডার #${id}-এর পেমেন্টটি যাচাই করা হচ্ছে। যাচাই শেষে আমরা আপনাকে এসএমএস-এ জানাব।`, `The payment for order #${id} is being checked. We will text you once it is done.`);
      break;
    case 'pending':
      title = t('পেমেন্ট এখনো নিশ্চিত হয়নি', 'Payment not confirmed yet');
      text = t(`অর্ডার #${id}-এর পেমেন্ট এখনো নিশ্চিত হয়নি। কিছুক্ষণ পরে পেজটি আবার দেখুন।`, `The payment for order #${id} is not confirmed yet. Please check this page again in a moment.`);
      break;
    case 'cancelled':
      title = t('পেমেন্ট বাতিল করা হয়েছে', 'Payment cancelled');
      text = result.payable
        ? t(`অর্ডার #${id}-এর পেমেন্ট বাতিল করা হয়েছে। অর্ডারটি রাখা আছে — চাইলে আবার পেমেন্ট করুন।`, `The payment for order #${id} was cancelled. Your order is kept; you can pay again.`)
        : t(`অর্ডার #${id}-এর পেমেন্ট বাতিল করা হয়েছে।`, `The payment for order #${id} was cancelled.`);
      break;
    default:
      title = t('পেমেন্ট সম্পন্ন হয়নি', 'Payment failed');
      text = result.payable
        ? t(`অর্ডার #${id}-এর পেমেন্ট সম্পন্ন হয়নি। অর্ডারটি রাখা আছে — আবার পেমেন্ট করুন।`, `The payment for order #${id} did not go through. Your order is kept; please pay again.`)
        : t(`অর্ডার #${id}-এর পেমেন্ট সম্পন্ন হয়নি, এবং অর্ডারটির জন্য এখন আর পেমেন্ট করা যাবে না।`, `The payment for order #${id} did not go through, and the order can no longer be paid.`);
  }

  return (
    <div ref={ref} tabIndex={-1} role={result.outcome === 'failed' ? 'alert' : 'status'} className={`mb-6 rounded-lg border-2 p-4 outline-none sm:p-5 ${LOOK[result.outcome]}`} data-testid="payment-result" data-outcome={result.outcome}>
      <p className="text-lg font-bold">{title}</p>
      <p className="mt-1">{text}</p>
      {result.outcome === 'paid' && result.reference && (
        <p className="mt-1 text-sm">
          {t('ট্রানজেকশন আইডি', 'Transaction ID')}: <span className="font-mono" data-testid="payment-result-reference">{result.reference}</span>
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {(result.outcome === 'failed' || result.outcome === 'cancelled') && result.payable && <PayAgainButton orderId={result.order_id} />}
        {result.outcome === 'pending' && (
          <Link to={`?order=${result.order_id}&payment=pending`} reloadDocument className="text-sm font-semibold underline">
            {t('আবার দেখুন', 'Check again')}
          </Link>
        )}
        <a href={`#order-${result.order_id}`} className="text-sm underline">
          {t('অর্ডারটি দেখুন', 'See the order')}
        </a>
      </div>
    </div>
  );
}
