/** /order — the signed-in customer's own orders, newest first; nobody sees another customer's orders. */
import { Link, redirect } from 'react-router';
import type { Route } from './+types/order';
import { pageOfUrl } from '../../../domain/queries';
import { formatTaka, langFromCookie, toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { EmptyState, LinesTable } from '../../components/account/cart-parts';
import { Pager } from '../../components/pager';
import { productPath } from '../../lib/paths';
import { withNext } from '../../components/account/next';

const PAGE_SIZE = 20;

export function meta() {
  return [{ title: 'আমার অর্ডার | My orders' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) throw redirect(withNext('/login', '/order'));
  const page = pageOfUrl(new URL(request.url), PAGE_SIZE);
  const { count, results } = await context.services.orders.listOrders(context.user, { ordering: '-id' }, page);
  // Dates are formatted here, in the shop's time zone, so the server and the browser agree.
  const lang = langFromCookie(request.headers.get('cookie'));
  const dateFormat = new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' });
  return {
    page: page.page,
    count,
    orders: results.map((o) => ({ ...o, placed: dateFormat.format(new Date(o.date)) })),
  };
}

const STATUS_TEXT: Record<string, [string, string, string]> = {
  Pending: ['পেন্ডিং', 'Pending', 'bg-amber-100 text-amber-900'],
  Delivered: ['ডেলিভারড', 'Delivered', 'bg-emerald-100 text-emerald-900'],
  Returned: ['রিটার্নড', 'Returned', 'bg-stone-200 text-stone-900'],
  Cancelled: ['বাতিল', 'Cancelled', 'bg-red-100 text-red-900'],
};

export default function Orders({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const n = (v: number | string) => (lang === 'bn' ? toBengaliDigits(v) : String(v));
  const { orders, page, count } = loaderData;

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t('আমার অর্ডার', 'My orders')}</h1>
      {orders.length === 0 ? (
        <EmptyState text={t('আপনার কোন অর্ডার পাওয়া যায়নি!', 'No orders were found!')} />
      ) : (
        <ol className="space-y-6">
          {orders.map((o) => {
            const status = STATUS_TEXT[o.status] ?? [o.status, o.status, 'bg-stone-200'];
            const transaction = o.bkash_transaction_ID || o.nagad_transaction_ID || o.rocket_transaction_ID;
            return (
              <li key={o.id} className="rounded-lg bg-white p-4 shadow-sm sm:p-6" data-testid="order-card" data-order-id={o.id}>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2 border-b border-stone-100 pb-3">
                  <h2 className="text-lg font-bold">
                    {t('অর্ডার আইডি', 'Order ID')}: #{n(o.id)}
                  </h2>
                  <span className={`rounded px-2 py-1 text-sm font-semibold ${status[2]}`} data-testid="order-status" data-status={o.status}>
                    {t(status[0], status[1])}
                  </span>
                </div>
                <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="inline font-semibold">{t('তারিখ', 'Placed')}: </dt>
                    <dd className="inline">{o.placed}</dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold">{t('ডেলিভারি অপশন', 'Delivery option')}: </dt>
                    <dd className="inline">{o.delivery_option}</dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold">{t('পেমেন্ট অপশন', 'Payment option')}: </dt>
                    <dd className="inline" data-testid="order-payment">
                      {o.payment_option}
                    </dd>
                  </div>
                  {!o.cash_on_delivery && transaction && (
                    <div>
                      <dt className="inline font-semibold">{t('ট্রানজেকশন আইডি', 'Transaction ID')}: </dt>
                      <dd className="inline" data-testid="order-transaction">
                        {transaction}
                        {o.transaction_amount !== null && ` (${formatTaka(o.transaction_amount, lang)})`}
                      </dd>
                    </div>
                  )}
                </dl>
                <div className="mt-3 rounded bg-stone-50 p-3 text-sm">
                  <p className="font-semibold">{t('ডেলিভারি ঠিকানা', 'Delivery to')}</p>
                  <p>{o.name}</p>
                  <p>{[o.delivery_address, o.upazila_thana, o.district].filter(Boolean).join(', ')}</p>
                  <p>
                    {o.phone_number}
                    {o.optional_phone_number && `, ${o.optional_phone_number}`}
                  </p>
                  {o.email && <p>{o.email}</p>}
                </div>
                <div className="mt-3 overflow-x-auto">
                  <LinesTable
                    headClassName="border-b border-stone-200 text-xs uppercase text-stone-600"
                    columns={[
                      [t('পণ্য', 'Product'), 'py-2 pr-2'],
                      [t('পরিমাণ', 'Qty'), 'px-2 py-2 text-center'],
                      [t('দাম', 'Price'), 'px-2 py-2 text-right'],
                      [t('মোট', 'Total'), 'py-2 pl-2 text-right'],
                    ]}
                  >
                      {o.items.map((item) => (
                        <tr key={item.id} className="border-b border-stone-100" data-testid="order-item">
                          <td className="py-2 pr-2">
                            <Link to={productPath({ id: item.product, type: item.product_type })} className="text-brand hover:underline">
                              {item.product_title}
                            </Link>
                          </td>
                          <td className="px-2 py-2 text-center">{n(item.quantity)}</td>
                          <td className="px-2 py-2 text-right whitespace-nowrap">{formatTaka(item.unit_price, lang)}</td>
                          <td className="py-2 pl-2 text-right whitespace-nowrap">{formatTaka(item.total, lang)}</td>
                        </tr>
                      ))}
                  </LinesTable>
                </div>
                <dl className="mt-3 ml-auto max-w-xs text-sm">
                  <div className="flex justify-between py-0.5">
                    <dt>{t('প্রোডাক্টের মোট মূল্য', 'Subtotal')}</dt>
                    <dd>{formatTaka(o.subtotal, lang)}</dd>
                  </div>
                  <div className="flex justify-between py-0.5">
                    <dt>{t('পরিবহন চার্জ', 'Delivery charge')}</dt>
                    <dd>{formatTaka(o.delivery_charge, lang)}</dd>
                  </div>
                  <div className="flex justify-between border-t border-stone-200 py-1 font-bold">
                    <dt>{t('সর্বমোট', 'Total')}</dt>
                    <dd data-testid="order-total">{formatTaka(o.total, lang)}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ol>
      )}
      <Pager page={page} count={count} size={PAGE_SIZE} />
    </main>
  );
}
