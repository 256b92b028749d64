/**
 * The checkout screen's parts: the option lists, the wallet fields (the back office's new-order
 * form uses them too), the order summary and the coupon box. What shows only once the shopper
 * picks an online payment, or the server refuses, is in checkout-extras.tsx, fetched when needed (issue 32).
 */
import type { ReactNode } from 'react';
import type { DeliveryOption, PaymentOption } from '../../../domain/settings';
import { formatTaka, toBengaliDigits, useLang, useT } from '../../lib/i18n';
import type { FieldErrors } from '../form/api';
import { Field, FieldError } from '../form/field';
import { SubmitButton } from './account-form';
import { Totals, type DiscountLine } from './summary-parts';
import type { CartLine } from './totals';

export interface Conflict {
  message: string;
  figures?: { subtotal: number; delivery_charge: number; total: number } | undefined;
}

/** The new figures a 409 answer carries, when it carries them all. */
export function conflictFigures(body: Record<string, unknown> | null): Conflict['figures'] {
  const { subtotal, delivery_charge, total } = body ?? {};
  return typeof subtotal === 'number' && typeof delivery_charge === 'number' && typeof total === 'number' ? { subtotal, delivery_charge, total } : undefined;
}

interface ChoiceProps<T extends { id: string; label: string }> {
  name: string;
  legend: string;
  options: T[];
  value: string;
  onChange: (id: string) => void;
  errors: FieldErrors;
}

/** Radio cards; the chosen one is outlined. */
function Choices<T extends { id: string; label: string }>({ name, legend, options, value, onChange, errors, grid, extra }: ChoiceProps<T> & { grid?: boolean; extra?: (o: T) => ReactNode }) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="mb-4" aria-describedby={errors[name] ? errorId : undefined}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className={grid ? 'grid gap-2 sm:grid-cols-2' : ''}>
        {options.map((o) => (
          <label key={o.id} className={`flex cursor-pointer gap-2 rounded border p-3 ${grid ? 'items-center' : 'mb-2 items-start'} ${value === o.id ? 'border-brand bg-teal-50' : 'border-stone-200'}`}>
            <input type="radio" name={name} value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} className={grid ? undefined : 'mt-1'} />
            <span className={grid ? undefined : 'flex-1'}>{o.label}</span>
            {extra?.(o)}
          </label>
        ))}
      </div>
      <FieldError errors={errors} name={name} id={errorId} />
    </fieldset>
  );
}

export function DeliveryChoice(props: Omit<ChoiceProps<DeliveryOption>, 'name' | 'legend'>) {
  const t = useT();
  const lang = useLang();
  return <Choices {...props} name="delivery_option" legend={t('ডেলিভারি অপশন', 'Delivery option')} extra={(o) => <span className="font-semibold">{formatTaka(o.charge, lang)}</span>} />;
}

export function PaymentChoice(props: Omit<ChoiceProps<PaymentOption>, 'name' | 'legend'>) {
  const t = useT();
  return <Choices {...props} name="payment_option" legend={t('পেমেন্ট অপশন', 'Payment option')} grid />;
}

/** A mobile-wallet payment: where to send the money, then its transaction ID and amount. */
export function WalletFields({ payment, field, walletNumber, total, errors }: { payment: PaymentOption; field: string; walletNumber: string; total: number; errors: FieldErrors }) {
  const t = useT();
  const lang = useLang();
  return (
    <div className="mb-4 rounded border border-pink-200 bg-pink-50 p-4" data-testid="wallet-instructions">
      <p className="mb-3 text-sm">
        {t(
          `${payment.label}: আমাদের পার্সোনাল নাম্বার ${walletNumber}-এ ${formatTaka(total, lang)} সেন্ড মানি করুন, তারপর নিচে ট্রানজেকশন আইডি ও টাকার পরিমাণ লিখুন।`,
          `${payment.label}: send ${formatTaka(total, lang)} to our personal number ${walletNumber}, then enter the transaction ID and the amount below.`,
        )}
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field key={field} name={field} label={`${payment.label} — ${t('ট্রানজেকশন আইডি', 'Transaction ID')}`} autoComplete="off" required maxLength={60} errors={errors} />
        <Field name="transaction_amount" label={t('টাকার পরিমাণ', 'Amount (taka)')} type="number" inputMode="numeric" min={1} required errors={errors} />
      </div>
    </div>
  );
}

interface SummaryProps {
  lines: CartLine[];
  charge: number;
  /** Not every product of the cart is known yet: the order waits. */
  held: boolean;
  /** Some products could not be loaded: a way to try again. */
  retry: (() => void) | null;
  busy: boolean;
  /** Paid online: the button says the customer goes on to pay. */
  online?: boolean;
  /** The promotions' savings, from the server's quote. */
  discounts?: DiscountLine[];
  /** The coupon field, under the figures. */
  coupon?: ReactNode;
}

export function OrderSummary({ lines, charge, held, retry, busy, online, discounts = [], coupon }: SummaryProps) {
  const t = useT();
  const lang = useLang();
  const productTotal = lines.reduce((sum, l) => sum + l.total, 0);
  return (
    <aside className="h-fit rounded-lg bg-white p-4 shadow-sm sm:p-6 lg:sticky lg:top-4" aria-labelledby="order-summary">
      <h2 id="order-summary" className="mb-3 text-xl font-bold">
        {t('অর্ডার সামারি', 'Order summary')}
      </h2>
      {retry && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {t('কিছু পণ্যের তথ্য লোড করা যায়নি।', 'Some products could not be loaded.')}{' '}
          <button type="button" className="underline" onClick={retry}>
            {t('আবার চেষ্টা করুন', 'Try again')}
          </button>
        </p>
      )}
      <ul className="mb-3 divide-y divide-stone-100 text-sm" data-testid="summary-lines">
        {lines.map((l) => (
          <li key={l.product.id} className="flex justify-between gap-2 py-2">
            <span>
              {l.product.english_title} <span className="text-stone-600">× {lang === 'bn' ? toBengaliDigits(l.quantity) : l.quantity}</span>
            </span>
            <span className="whitespace-nowrap">{formatTaka(l.total, lang)}</span>
          </li>
        ))}
      </ul>
      <Totals subtotal={productTotal} charge={charge} discounts={discounts} testIds={['summary-subtotal', 'summary-delivery', 'summary-total']} />
      {coupon}
      <SubmitButton busy={busy} disabled={held} testId="place-order" className="mt-4 w-full px-4 py-3 text-lg">
        {busy ? t('অপেক্ষা করুন…', 'Please wait…') : online ? t('অর্ডার করুন ও পেমেন্ট করুন', 'Order and pay') : t('চেকআউট', 'Checkout')}
      </SubmitButton>
    </aside>
  );
}

/**
 * The coupon code box: "apply" asks the server's quote with the code; a code it cannot use shows
 * why (Bengali, from the server) and is not sent with the order. Enter applies, not orders.
 */
export function CouponField({ applied, error, errors, onApply }: { applied: string | null; error: string | undefined; errors: FieldErrors; onApply: (code: string) => void }) {
  const t = useT();
  const apply = (input: HTMLInputElement | null) => onApply(input?.value.trim() ?? '');
  return (
    <div className="mt-3 border-t border-stone-200 pt-3">
      <label htmlFor="coupon-code" className="mb-1 block text-sm font-semibold">
        {t('কুপন কোড', 'Coupon code')}
      </label>
      <div className="flex gap-2">
        <input
          id="coupon-code"
          name="coupon_code"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          className="min-w-0 flex-1 rounded border border-stone-300 px-2 py-1.5 uppercase"
          data-testid="coupon-input"
          aria-describedby="coupon-message"
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply(event.currentTarget);
          }}
        />
        <button type="button" className="rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand hover:text-white" data-testid="apply-coupon" onClick={(event) => apply(event.currentTarget.form?.elements.namedItem('coupon_code') as HTMLInputElement | null)}>
          {t('প্রয়োগ করুন', 'Apply')}
        </button>
      </div>
      <p id="coupon-message" aria-live="polite" className="mt-1 text-sm">
        {error ? (
          <span className="text-red-700" data-testid="coupon-error">
            {error}
          </span>
        ) : applied ? (
          <span className="text-emerald-800" data-testid="coupon-applied">
            {t(`কুপন ${applied} প্রয়োগ হয়েছে`, `Coupon ${applied} applied`)}
          </span>
        ) : null}
      </p>
      <FieldError errors={errors} name="coupon" />
    </div>
  );
}
