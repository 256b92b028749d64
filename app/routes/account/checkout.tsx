/**
 * /checkout (spec §2 "Checkout", §5 "Checkout", §9; decisions §3.5–3.6). Signed-in only. The
 * browser sends the cart and the figures it shows; the server prices the order itself and
 * answers 409 when they disagree (a price changed) or stock ran out — the cart is kept and the
 * new figures are shown.
 */
import { useRef, useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import type { Route } from './+types/checkout';
import { checkoutSchema, MESSAGES, transactionFieldFor } from '../../../domain/orders';
import { CART_KEY, clear, useCart } from '../../lib/cart';
import { formatTaka, toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { notify } from '../../components/notices';
import { failureText, fieldErrorsOf, postJson, type FieldErrors } from '../../components/account/api';
import { useCartProducts, useDropMissing, useHydrated } from '../../components/account/hooks';
import { cartLines, subtotal } from '../../components/account/totals';
import { EmptyState, Loading, SummaryRow } from '../../components/account/cart-parts';
import { Field, FormAlert, TextArea } from '../../components/account/field';
import { PlacePicker } from '../../components/account/place-picker';
import { digitsOnly, dropError, formValues, schemaErrors } from '../../components/account/validation';
import { withNext } from '../../components/account/next';

export function meta() {
  return [{ title: 'চেকআউট | Checkout' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(withNext('/register', '/checkout'));
  const settings = await context.services.settings.get();
  return {
    user: { name: context.user.name, phone_number: context.user.phone_number },
    delivery_options: settings.delivery_options,
    payment_options: settings.payment_options,
    wallet_number: settings.wallet_number,
  };
}

interface Conflict {
  message: string;
  figures?: { subtotal: number; delivery_charge: number; total: number };
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { user, delivery_options, payment_options, wallet_number } = loaderData;
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const cart = useCart();
  const ids = Object.keys(cart);
  const { products, status, missing, reload } = useCartProducts(ids);
  useDropMissing(CART_KEY, missing);
  const lines = cartLines(cart, products);
  const productTotal = subtotal(lines);

  const [deliveryId, setDeliveryId] = useState(delivery_options[0]?.id ?? '');
  const [paymentId, setPaymentId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per checkout attempt; kept only when the answer never arrived, so a retry cannot order twice.
  const attemptKey = useRef<string | null>(null);
  const conflictRef = useRef<HTMLDivElement>(null);

  const delivery = delivery_options.find((o) => o.id === deliveryId);
  const payment = payment_options.find((o) => o.id === paymentId);
  const txField = payment ? transactionFieldFor(payment) : null;
  const charge = delivery?.charge ?? 0;
  const ready = hydrated && (ids.length === 0 || lines.length === ids.length || status === 'error');

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = formValues(event.currentTarget);
    const payload: Record<string, unknown> = {
      name: values.name ?? '',
      phone_number: values.phone_number ?? '',
      optional_phone_number: values.optional_phone_number ?? '',
      email: values.email ?? '',
      district: values.district ?? '',
      upazila_thana: values.upazila_thana ?? '',
      delivery_address: values.delivery_address ?? '',
      delivery_option: deliveryId,
      payment_option: paymentId,
      order_instruction: values.order_instruction ?? '',
      orderItems: lines.map((l) => ({ product: l.product.id, quantity: l.quantity })),
      savedCart: Object.fromEntries(lines.map((l) => [String(l.product.id), l.quantity])),
      subtotal: productTotal,
      delivery_charge: charge,
      total: productTotal + charge,
      cash_on_delivery: payment ? !payment.wallet : false,
    };
    if (txField) {
      payload[txField] = values[txField] ?? '';
      payload.transaction_amount = values.transaction_amount ?? '';
    }
    const found = schemaErrors(checkoutSchema({ delivery_options, payment_options }).safeParse(payload));
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length) {
      if (found.orderItems) notify(found.orderItems, 'error');
      document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    attemptKey.current ??= newKey();
    const answer = await postJson('/checkout/', payload, { 'Idempotency-Key': attemptKey.current });
    setBusy(false);
    if (answer.status !== 0) attemptKey.current = null;

    if (answer.ok) {
      clear(CART_KEY);
      notify(typeof answer.body.message === 'string' ? answer.body.message : MESSAGES.success, 'success', 5000);
      await navigate('/order');
      return;
    }
    if (answer.status === 401) {
      await navigate(withNext('/login', '/checkout'));
      return;
    }
    const text = failureText(answer, t);
    if (answer.status === 409) {
      const b = answer.body;
      const figures = typeof b.subtotal === 'number' && typeof b.delivery_charge === 'number' && typeof b.total === 'number' ? { subtotal: b.subtotal, delivery_charge: b.delivery_charge, total: b.total } : undefined;
      setConflict({ message: text, ...(figures ? { figures } : {}) });
      reload();
      requestAnimationFrame(() => conflictRef.current?.focus());
      return;
    }
    setErrors(fieldErrorsOf(answer));
    setAlert(text);
    notify(text, 'error');
  }

  if (!ready) {
    return (
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{t('চেকআউট', 'Checkout')}</h1>
        <Loading />
      </main>
    );
  }
  if (ids.length === 0) {
    return (
      <main className="mx-auto w-full max-w-6xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{t('চেকআউট', 'Checkout')}</h1>
        <EmptyState text={t('আপনার কার্টে কোন আইটেম পাওয়া যায়নি!', 'No items were found in your cart!')}>
          <Link to="/books" className="mt-4 inline-block rounded bg-brand px-4 py-2 text-white">
            {t('বই দেখুন', 'Browse books')}
          </Link>
        </EmptyState>
      </main>
    );
  }

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t('চেকআউট', 'Checkout')}</h1>
      {conflict && (
        <div ref={conflictRef} tabIndex={-1} role="alert" className="mb-4 rounded border-2 border-amber-500 bg-amber-50 p-4 text-amber-950" data-testid="checkout-conflict">
          <p className="font-bold">{conflict.message}</p>
          {conflict.figures && (
            <p className="mt-1 text-sm">
              {t('নতুন হিসাব', 'New figures')}: {t('প্রোডাক্টের মোট মূল্য', 'Product total')} {formatTaka(conflict.figures.subtotal, lang)} · {t('পরিবহন চার্জ', 'Transport charge')}{' '}
              {formatTaka(conflict.figures.delivery_charge, lang)} · {t('সর্বমোট', 'Total')} {formatTaka(conflict.figures.total, lang)}
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
      )}
      <form noValidate onSubmit={onSubmit} onChange={(e) => setErrors((prev) => dropError(prev, e))} aria-label={t('চেকআউট', 'Checkout')} className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <section className="rounded-lg bg-white p-4 shadow-sm sm:p-6" aria-labelledby="billing">
          <h2 id="billing" className="mb-4 text-xl font-bold">
            {t('বিলিং এড্রেস', 'Billing address')}
          </h2>
          <FormAlert text={alert} />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field name="name" label={t('নাম', 'Name')} autoComplete="name" defaultValue={user.name} maxLength={120} error={errors.name} />
            <Field
              name="phone_number"
              label={t('ফোন নাম্বার', 'Phone number')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              defaultValue={user.phone_number}
              maxLength={13}
              onInput={digitsOnly}
              error={errors.phone_number}
            />
            <Field
              name="optional_phone_number"
              label={t('বিকল্প ফোন নাম্বার', 'Alternative phone number')}
              type="tel"
              inputMode="numeric"
              maxLength={13}
              onInput={digitsOnly}
              error={errors.optional_phone_number}
            />
            <Field name="email" label={t('ই-মেইল', 'E-mail')} type="email" autoComplete="email" maxLength={200} error={errors.email} />
          </div>
          <PlacePicker errors={errors} />
          <TextArea name="delivery_address" label={t('ডেলিভারি এড্রেস', 'Delivery address')} autoComplete="street-address" required maxLength={500} error={errors.delivery_address} />

          <fieldset className="mb-4" aria-describedby={errors.delivery_option ? 'delivery-error' : undefined}>
            <legend className="mb-2 text-sm font-semibold">{t('ডেলিভারি অপশন', 'Delivery option')}</legend>
            {delivery_options.map((o) => (
              <label key={o.id} className={`mb-2 flex cursor-pointer items-start gap-2 rounded border p-3 ${deliveryId === o.id ? 'border-brand bg-teal-50' : 'border-stone-200'}`}>
                <input type="radio" name="delivery_option" value={o.id} checked={deliveryId === o.id} onChange={() => setDeliveryId(o.id)} className="mt-1" />
                <span className="flex-1">{o.label}</span>
                <span className="font-semibold">{formatTaka(o.charge, lang)}</span>
              </label>
            ))}
            {errors.delivery_option && (
              <p id="delivery-error" className="text-sm text-red-700" data-testid="error-delivery_option">
                {errors.delivery_option}
              </p>
            )}
          </fieldset>

          <fieldset className="mb-4" aria-describedby={errors.payment_option ? 'payment-error' : undefined}>
            <legend className="mb-2 text-sm font-semibold">{t('পেমেন্ট অপশন', 'Payment option')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {payment_options.map((o) => (
                <label key={o.id} className={`flex cursor-pointer items-center gap-2 rounded border p-3 ${paymentId === o.id ? 'border-brand bg-teal-50' : 'border-stone-200'}`}>
                  <input type="radio" name="payment_option" value={o.id} checked={paymentId === o.id} onChange={() => setPaymentId(o.id)} />
                  <span>{o.label}</span>
                </label>
              ))}
            </div>
            {errors.payment_option && (
              <p id="payment-error" className="mt-1 text-sm text-red-700" data-testid="error-payment_option">
                {errors.payment_option}
              </p>
            )}
          </fieldset>

          {payment?.wallet && txField && (
            <div className="mb-4 rounded border border-pink-200 bg-pink-50 p-4" data-testid="wallet-instructions">
              <p className="mb-3 text-sm">
                {t(
                  `${payment.label}: আমাদের পার্সোনাল নাম্বার ${wallet_number}-এ ${formatTaka(productTotal + charge, lang)} সেন্ড মানি করুন, তারপর নিচে ট্রানজেকশন আইডি ও টাকার পরিমাণ লিখুন।`,
                  `${payment.label}: send ${formatTaka(productTotal + charge, lang)} to our personal number ${wallet_number}, then enter the transaction ID and the amount below.`,
                )}
              </p>
              <div className="grid gap-x-4 sm:grid-cols-2">
                <Field key={txField} name={txField} label={`${payment.label} — ${t('ট্রানজেকশন আইডি', 'Transaction ID')}`} autoComplete="off" required maxLength={60} error={errors[txField]} />
                <Field name="transaction_amount" label={t('টাকার পরিমাণ', 'Amount (taka)')} type="number" inputMode="numeric" min={1} step={1} required error={errors.transaction_amount} />
              </div>
            </div>
          )}

          <TextArea name="order_instruction" label={t('অর্ডার নির্দেশনা', 'Order instruction')} maxLength={1000} error={errors.order_instruction} />
        </section>

        <aside className="h-fit rounded-lg bg-white p-4 shadow-sm sm:p-6 lg:sticky lg:top-4" aria-labelledby="order-summary">
          <h2 id="order-summary" className="mb-3 text-xl font-bold">
            {t('অর্ডার সামারি', 'Order summary')}
          </h2>
          {status === 'error' && lines.length < ids.length && (
            <p role="alert" className="mb-2 text-sm text-red-700">
              {t('কিছু পণ্যের তথ্য লোড করা যায়নি।', 'Some products could not be loaded.')}{' '}
              <button type="button" className="underline" onClick={reload}>
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
          <dl>
            <SummaryRow label={t('প্রোডাক্টের মোট মূল্য', 'Product total')} amount={productTotal} testId="summary-subtotal" />
            <SummaryRow label={t('পরিবহন চার্জ', 'Transport charge')} amount={charge} testId="summary-delivery" />
            <SummaryRow label={t('সর্বমোট', 'Total')} amount={productTotal + charge} strong testId="summary-total" />
          </dl>
          <button
            type="submit"
            disabled={busy || lines.length < ids.length}
            aria-busy={busy || undefined}
            className="mt-4 w-full rounded bg-brand px-4 py-3 text-lg font-semibold text-white hover:bg-brand-dark focus:outline-2 focus:outline-offset-2 focus:outline-brand disabled:opacity-60"
            data-testid="place-order"
          >
            {busy ? t('অপেক্ষা করুন…', 'Please wait…') : t('চেকআউট', 'Checkout')}
          </button>
        </aside>
      </form>
    </main>
  );
}
