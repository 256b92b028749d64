/**
 * /order — the signed-in customer's own orders, newest first; nobody sees another customer's
 * orders. Back from a payment gateway (`?order=<id>&payment=…`) it first says how the payment
 * went, from the order's own payment status, and offers to pay again when it failed. A
 * Delivered order within the shop's `return_days` offers a return request, and every order shows
 * the state of its returns (components/account/return-request.tsx).
 */
import { redirect } from 'react-router';
import type { Route } from './+types/order';
import { pageOfUrl } from '../../../domain/queries';
import { langFromCookie, useT } from '../../lib/i18n';
import { EmptyState } from '../../components/account/list-parts';
import { OrderCard } from '../../components/account/order-card';
import { PaymentResult } from '../../components/payments/payment-result';
import { paymentReturnOf, readPaymentReturn } from '../../components/payments/return';
import { Pager } from '../../components/pager';
import { withNext } from '../../components/account/next';
import { readReturns } from '../../components/admin/returns/returns';

const PAGE_SIZE = 20;

export function meta() {
  return [{ title: 'আমার অর্ডার | My orders' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.user) throw redirect(withNext('/login', `${url.pathname}${url.search}`));
  const page = pageOfUrl(url, PAGE_SIZE);
  const back = readPaymentReturn(url);
  const [{ count, results }, returned] = await Promise.all([
    context.services.orders.listOrders(context.user, { ordering: '-id' }, page),
    back ? context.services.orders.getOrder(context.user, back.orderId) : null,
  ]);
  // Dates are formatted here, in the shop's time zone, so the server and the browser agree.
  const lang = langFromCookie(request.headers.get('cookie'));
  const dateFormat = new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' });
  // A return may be asked for until `return_request_until` (the server's figure: delivery + return_days).
  const now = Date.now();
  const returnUntil = (until: string | null | undefined) => (until && Date.parse(until) > now ? dateFormat.format(new Date(until)) : null);
  return {
    page: page.page,
    count,
    orders: results.map((o) => ({
      ...o,
      placed: dateFormat.format(new Date(o.date)),
      pay_by: o.payment_hold_until ? dateFormat.format(new Date(o.payment_hold_until)) : null,
      returns: readReturns(o.returns),
      return_until: returnUntil(o.return_request_until),
    })),
    payment: back ? paymentReturnOf(returned ?? null, back.payment) : null,
  };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { orders, page, count, payment } = loaderData;

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t('আমার অর্ডার', 'My orders')}</h1>
      {payment && <PaymentResult result={payment} />}
      {orders.length === 0 ? (
        <EmptyState text={t('আপনার কোন অর্ডার পাওয়া যায়নি!', 'No orders were found!')} />
      ) : (
        <ol className="space-y-6">
          {orders.map((o) => (
            <OrderCard key={o.id} order={o} highlighted={payment?.order_id === o.id} />
          ))}
        </ol>
      )}
      <Pager page={page} count={count} size={PAGE_SIZE} />
    </main>
  );
}
