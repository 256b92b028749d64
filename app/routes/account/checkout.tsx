/**
 * /checkout, for signed-in shoppers only. The browser sends the cart and the figures it shows;
 * the server prices the order itself and answers 409 when they disagree (a price changed) or
 * stock ran out — the cart is kept and the new figures are shown. Each attempt carries an
 * Idempotency-Key, kept for a retry only when no answer arrived, so a retry cannot order twice.
 * An order paid online answers with the gateway's page, where the browser goes next; when the
 * gateway would not open a payment (502) the order is kept and the customer can pay from /order.
 * The shop's checkout limits (units a line, open unpaid orders, checkouts an hour) are refused
 * by the server with a Bengali message, shown above the form and beside the order's lines.
 */
import { lazy, Suspense, useMemo, useRef, useState, type ComponentType } from 'react';
import { redirect, useNavigate } from 'react-router';
import type { Route } from './+types/checkout';
import { MESSAGES, transactionFieldFor } from '../../../domain/order-messages';
import { isOnlineOption } from '../../../domain/payment-status';
import { CART_KEY, clear } from '../../lib/cart';
import { useT } from '../../lib/i18n';
import { notify } from '../../components/notices';
import { failureText } from '../../components/form/api';
import { Field, FieldError, TextArea } from '../../components/form/field';
import { FormAlert } from '../../components/form/messages';
import { useApiForm } from '../../components/form/use-api-form';
import { lazySchema, textFields } from '../../components/form/values';
import { useStoredLines } from '../../components/account/hooks';
import { defaultDelivery, subtotal } from '../../components/account/totals';
import { LinesGate } from '../../components/account/summary-parts';
import { PhoneField } from '../../components/account/account-fields';
import { PlacePicker, preloadPlaces } from '../../components/account/place-picker';
import { conflictFigures, CouponField, DeliveryChoice, OrderSummary, PaymentChoice, WalletFields, type Conflict } from '../../components/account/checkout-parts';
import { useCartQuote } from '../../components/account/quote';
import { goToGateway } from '../../components/payments/gateway';
import { withNext } from '../../components/account/next';
import { PreorderNote } from '../../components/preorder-note';

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
    max_units_per_line: settings.max_units_per_line,
  };
}

// What shows only on use (an online payment picked, a refusal), fetched when the form is
// first touched (issue 32). Client-only: the server renders the form's "loading" (the cart is the browser's).
const extras = () => import('../../components/account/checkout-extras');
type Extras = Awaited<ReturnType<typeof extras>>;
/** A part of checkout-extras; when it cannot be fetched (offline, a newer deploy) a plain stand-in shows instead of an error page. */
function extra<P extends object>(pick: (m: Extras) => ComponentType<P>, standIn: ComponentType<P>) {
  return lazy(() => extras().then((m) => ({ default: pick(m) }), () => ({ default: standIn })));
}
const OnlineNote = extra((m) => m.OnlineNote, () => null);
const ConflictNotice = extra(
  (m) => m.ConflictNotice,
  ({ conflict }) => (
    <p role="alert" className="mb-4 font-bold" data-testid="checkout-conflict">
      {conflict.message}
    </p>
  ),
);
const PaymentNotStarted = extra(
  (m) => m.PaymentNotStarted,
  ({ orderId, message }) => (
    <p role="alert" className="p-6" data-testid="payment-not-started">
      {message}{' '}
      <a href={`/order?order=${orderId}&payment=failed`} className="underline">
        /order
      </a>
    </p>
  ),
);

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

const TEXT_FIELDS = ['name', 'phone_number', 'optional_phone_number', 'email', 'district', 'upazila_thana', 'delivery_address', 'order_instruction'] as const;

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { user, delivery_options, payment_options, wallet_number, max_units_per_line } = loaderData;
  const t = useT();
  const navigate = useNavigate();
  const state = useStoredLines(CART_KEY);
  const { ids, lines } = state;
  const productTotal = subtotal(lines);

  const [deliveryId, setDeliveryId] = useState(defaultDelivery(delivery_options)?.id ?? '');
  const [paymentId, setPaymentId] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  /** The order was placed but its payment could not be opened (502): where to pay it later. */
  const [unpaid, setUnpaid] = useState<{ orderId: number; message: string } | null>(null);
  const attemptKey = useRef<string | null>(null);
  const conflictRef = useRef<HTMLDivElement>(null);

  const payment = payment_options.find((o) => o.id === paymentId);
  const txField = payment ? transactionFieldFor(payment) : null;
  const online = payment ? isOnlineOption(payment) : false;
  const charge = delivery_options.find((o) => o.id === deliveryId)?.charge ?? 0;
  // The code the customer applied; the server's quote says whether it holds and what it saves.
  const [couponCode, setCouponCode] = useState('');
  const quote = useCartQuote(lines, deliveryId || null, couponCode);
  const fresh = quote && quote.subtotal === productTotal && quote.delivery_charge === (lines.length ? charge : 0) ? quote : null;
  const total = fresh ? fresh.total : productTotal + charge;

  // The server's schema (domain/orders), fetched when the form is first touched: zod stays off the page's first load.
  const schema = useMemo(
    () => lazySchema(() => import('../../../domain/orders').then((m) => m.checkoutSchema({ delivery_options, payment_options, max_units_per_line }))),
    [delivery_options, payment_options, max_units_per_line],
  );
  const form = useApiForm({
    method: 'POST',
    url: '/checkout/',
    payload: (f) => ({
      ...textFields(f, TEXT_FIELDS),
      ...(txField ? textFields(f, [txField, 'transaction_amount']) : {}),
      delivery_option: deliveryId,
      payment_option: paymentId,
      orderItems: lines.map((l) => ({ product: l.product.id, quantity: l.quantity })),
      savedCart: Object.fromEntries(lines.map((l) => [String(l.product.id), l.quantity])),
      subtotal: productTotal,
      delivery_charge: charge,
      // The figures with promotions only once the server has quoted them; a coupon only when it holds.
      ...(fresh ? { discount_total: fresh.discount_total, total: fresh.total } : {}),
      ...(fresh?.coupon ? { coupon: fresh.coupon } : {}),
      cash_on_delivery: payment ? !payment.wallet && !online : false,
    }),
    validate: async (body) => {
      const found = await schema.check(body);
      const lineError = found.orderItems?.[0] ?? found.savedCart?.[0];
      if (lineError) notify(lineError, 'error');
      return found;
    },
    preload: () => {
      schema.preload();
      void preloadPlaces();
      void extras().catch(() => undefined);
    },
    headers: () => ({ 'Idempotency-Key': (attemptKey.current ??= newKey()) }),
    onAnswer: (res) => {
      if (res.status !== 0) attemptKey.current = null;
    },
    onRefusal: (res) => {
      if (res.status === 401) void navigate(withNext('/login', '/checkout'));
      else if (res.status === 409) {
        setConflict({ message: failureText(res, t), figures: conflictFigures(res.body) });
        state.reload();
        requestAnimationFrame(() => conflictRef.current?.focus());
      } else if (res.status === 502 && typeof res.body?.order_id === 'number') {
        // The order exists (its stock is held): the cart has done its job.
        clear(CART_KEY);
        setUnpaid({ orderId: res.body.order_id, message: failureText(res, t) });
      } else return false;
      return true;
    },
    success: (res) => (paymentUrl(res.body) ? t('অর্ডার হয়েছে। পেমেন্ট পেজে পাঠানো হচ্ছে…', 'Order placed. Taking you to the payment page…') : res.message || MESSAGES.success),
    then: async (res) => {
      clear(CART_KEY);
      const url = paymentUrl(res.body);
      if (url) goToGateway(url);
      else await navigate('/order');
    },
  });
  const e = form.errors;

  if (unpaid)
    return (
      <Suspense fallback={null}>
        <PaymentNotStarted {...unpaid} />
      </Suspense>
    );

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t('চেকআউট', 'Checkout')}</h1>
      <LinesGate state={{ ...state, loaded: state.loaded && (lines.length === ids.length || state.status === 'error') }} empty={t('আপনার কার্টে কোন আইটেম পাওয়া যায়নি!', 'No items were found in your cart!')} failed={t('কিছু পণ্যের তথ্য লোড করা যায়নি।', 'Some products could not be loaded.')}>
        {conflict && (
          <Suspense fallback={null}>
            <ConflictNotice conflict={conflict} focusRef={conflictRef} />
          </Suspense>
        )}
        <form {...form.props} aria-label={t('চেকআউট', 'Checkout')} className="grid gap-6 lg:grid-cols-[1fr_24rem]">
          <section className="rounded-lg bg-white p-4 shadow-sm sm:p-6" aria-labelledby="billing">
            <h2 id="billing" className="mb-4 text-xl font-bold">
              {t('বিলিং এড্রেস', 'Billing address')}
            </h2>
            <FormAlert text={form.alert} />
            {/* A refusal's message is the alert already; a line refused before sending shows here. */}
            {e.orderItems?.[0] !== form.alert && <FieldError errors={e} name="orderItems" />}
            <div className="grid gap-x-4 sm:grid-cols-2">
              <Field name="name" label={t('নাম', 'Name')} autoComplete="name" defaultValue={user.name} maxLength={120} errors={e} />
              <PhoneField errors={e} defaultValue={user.phone_number} required={false} />
              <PhoneField errors={e} name="optional_phone_number" label={t('বিকল্প ফোন নাম্বার', 'Alternative phone number')} required={false} />
              <Field name="email" label={t('ই-মেইল', 'E-mail')} type="email" autoComplete="email" maxLength={200} errors={e} />
            </div>
            <PlacePicker errors={e} />
            <TextArea name="delivery_address" label={t('ডেলিভারি এড্রেস', 'Delivery address')} autoComplete="street-address" required maxLength={500} errors={e} />
            <DeliveryChoice options={delivery_options} value={deliveryId} onChange={setDeliveryId} errors={e} />
            {lines.some((l) => l.product.preorder) && <PreorderNote />}
            <PaymentChoice options={payment_options} value={paymentId} onChange={setPaymentId} errors={e} />
            {payment && online && (
              <Suspense fallback={null}>
                <OnlineNote payment={payment} />
              </Suspense>
            )}
            {payment?.wallet && txField && <WalletFields payment={payment} field={txField} walletNumber={wallet_number} total={total} errors={e} />}
            <TextArea name="order_instruction" label={t('অর্ডার নির্দেশনা', 'Order instruction')} maxLength={1000} errors={e} />
          </section>
          <OrderSummary
            lines={lines}
            charge={charge}
            held={lines.length < ids.length}
            retry={state.status === 'error' && lines.length < ids.length ? state.reload : null}
            busy={form.busy}
            online={online}
            discounts={fresh?.discounts ?? []}
            coupon={<CouponField applied={fresh?.coupon ?? null} error={couponCode && fresh?.coupon_error ? fresh.coupon_error : undefined} errors={e} onApply={setCouponCode} />}
          />
        </form>
      </LinesGate>
    </main>
  );
}

/** The gateway's page an answer carries, when the order is paid online. */
function paymentUrl(body: Record<string, unknown> | null): string {
  return typeof body?.payment_url === 'string' ? body.payment_url : '';
}
