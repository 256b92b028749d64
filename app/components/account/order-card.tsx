/**
 * One of the customer's orders on /order: status and payment, where it goes, its lines and
 * totals. An online order that is still open to payment (Pending, not paid) offers to pay; a
 * delivered one within the return window offers a return request, and its returns show their state.
 */
import { Link } from 'react-router';
import { canStartPayment, type PaymentStatus } from '../../../domain/payment-status';
import { formatTaka, toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { productPath } from '../../../domain/store-paths';
import { gatewayName, PaymentBadge } from '../payments/status';
import { PayAgainButton } from '../payments/pay-again';
import { LinesTable } from './list-parts';
import { discountLabel } from './discount-label';
import { courierName, ShipmentBadge, shipmentStatusOf } from '../shipments/status';
import type { OrderReturn } from '../admin/returns/returns';
import { OrderReturns } from './return-request';

export interface CustomerOrder {
  id: number;
  status: string;
  placed: string;
  /** Until when an unpaid online order is kept (formatted), or null. */
  pay_by: string | null;
  delivery_option: string;
  payment_option: string;
  cash_on_delivery: boolean;
  bkash_transaction_ID: string;
  nagad_transaction_ID: string;
  rocket_transaction_ID: string;
  transaction_amount: number | null;
  payment_status: PaymentStatus;
  /** `unconfirmed` while the shop waits for the buyer's word (the SMS link or a call) before sending it. */
  confirmation?: string;
  payment_gateway: string | null;
  payment_reference: string;
  paid_amount: number;
  /** The parcel, once booked with a courier. */
  courier?: string | null;
  tracking_code?: string | null;
  shipment_status?: string | null;
  name: string;
  phone_number: string;
  optional_phone_number: string;
  email: string;
  district: string;
  upazila_thana: string;
  delivery_address: string;
  subtotal: number;
  delivery_charge: number;
  /** What promotions took off, and which (absent on answers older than promotions). */
  discount_total?: number;
  discounts?: { name: string; code: string | null; amount: number }[];
  total: number;
  items: { id: number; product: number; product_type: string; product_title: string; quantity: number; unit_price: number; total: number }[];
  /** The order's returns and requests, and until when (formatted) one may be asked for; null: not now. */
  returns?: OrderReturn[];
  return_until?: string | null;
}

const STATUS_TEXT: Record<string, [string, string, string]> = {
  Pending: ['পেন্ডিং', 'Pending', 'bg-amber-100 text-amber-900'],
  Delivered: ['ডেলিভারড', 'Delivered', 'bg-emerald-100 text-emerald-900'],
  Returned: ['রিটার্নড', 'Returned', 'bg-stone-200 text-stone-900'],
  Cancelled: ['বাতিল', 'Cancelled', 'bg-red-100 text-red-900'],
};

function Item({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="inline font-semibold">{label}: </dt>
      <dd className="inline" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The parcel's courier, status and tracking code, with the way to its timeline on /track. */
function Parcel({ order: o }: { order: CustomerOrder }) {
  const t = useT();
  const status = shipmentStatusOf(o.shipment_status);
  if (!o.courier || !status) return null;
  const track = `/track?${new URLSearchParams({ order: String(o.id), phone: o.phone_number })}`;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded border border-stone-200 p-3 text-sm" data-testid="order-parcel">
      <span className="font-semibold">{t('পার্সেল', 'Parcel')}:</span>
      <span>{courierName(o.courier, t)}</span>
      <ShipmentBadge status={status} />
      {o.tracking_code && <span className="font-mono" data-testid="order-tracking-code">{o.tracking_code}</span>}
      <Link to={track} className="ml-auto inline-flex min-h-11 items-center text-brand underline" data-testid="order-track-link">
        {t('ট্র্যাক করুন', 'Track')}
      </Link>
    </div>
  );
}

export function OrderCard({ order: o, highlighted }: { order: CustomerOrder; highlighted?: boolean }) {
  const t = useT();
  const lang = useLang();
  const n = (v: number | string) => (lang === 'bn' ? toBengaliDigits(v) : String(v));
  const status = STATUS_TEXT[o.status] ?? [o.status, o.status, 'bg-stone-200'];
  const transaction = o.bkash_transaction_ID || o.nagad_transaction_ID || o.rocket_transaction_ID;
  const payable = canStartPayment(o);
  return (
    <li
      id={`order-${o.id}`}
      className={`scroll-mt-4 rounded-lg bg-white p-4 shadow-sm sm:p-6 ${highlighted ? 'ring-2 ring-brand' : ''}`}
      data-testid="order-card"
      data-order-id={o.id}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 border-b border-stone-100 pb-3">
        <h2 className="text-lg font-bold">
          {t('অর্ডার আইডি', 'Order ID')}: #{n(o.id)}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <PaymentBadge status={o.payment_status} />
          <span className={`rounded px-2 py-1 text-sm font-semibold ${status[2]}`} data-testid="order-status" data-status={o.status}>
            {t(status[0], status[1])}
          </span>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Item label={t('তারিখ', 'Placed')}>{o.placed}</Item>
        <Item label={t('ডেলিভারি অপশন', 'Delivery option')}>{o.delivery_option}</Item>
        <Item label={t('পেমেন্ট অপশন', 'Payment option')} testId="order-payment">
          {o.payment_option}
        </Item>
        {!o.cash_on_delivery && transaction && (
          <Item label={t('ট্রানজেকশন আইডি', 'Transaction ID')} testId="order-transaction">
            {transaction}
            {o.transaction_amount !== null && ` (${formatTaka(o.transaction_amount, lang)})`}
          </Item>
        )}
        {o.payment_gateway && o.payment_reference && (
          <Item label={`${gatewayName(o.payment_gateway, t)} ${t('ট্রানজেকশন আইডি', 'transaction ID')}`} testId="order-payment-reference">
            <span className="font-mono">{o.payment_reference}</span>
            {o.paid_amount > 0 && ` (${formatTaka(o.paid_amount, lang)})`}
          </Item>
        )}
      </dl>
      <Parcel order={o} />
      <OrderReturns orderId={o.id} items={o.items} returns={o.returns ?? []} returnUntil={o.return_until ?? null} />
      {o.status === 'Pending' && o.confirmation === 'unconfirmed' && !o.payment_gateway && (
        <p className="mt-3 rounded border border-sky-200 bg-sky-50 p-3 text-sm" data-testid="order-unconfirmed">
          {t(
            'অর্ডারটি কনফার্মের অপেক্ষায়: এসএমএস-এ লিংক পেলে সেখান থেকে কনফার্ম করুন, নইলে দোকান থেকে ফোন করে জেনে নেওয়া হবে। কনফার্ম হলেই পাঠানো হবে।',
            'This order waits for your confirmation: use the link in the SMS if you got one, or the shop will call you. It is sent once confirmed.',
          )}
        </p>
      )}
      {payable && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="order-payable">
          <div>
            <p>
              {o.payment_status === 'failed'
                ? t('এই অর্ডারের পেমেন্ট সম্পন্ন হয়নি। অর্ডারটি রাখা আছে — আবার পেমেন্ট করুন।', 'The payment for this order did not go through. The order is kept; you can pay again.')
                : t('এই অর্ডারের পেমেন্ট এখনো সম্পন্ন হয়নি।', 'This order has not been paid yet.')}
            </p>
            {o.pay_by && (
              <p className="mt-1 text-xs" data-testid="order-pay-by">
                {t(`${o.pay_by}-এর মধ্যে পেমেন্ট না হলে অর্ডারটি বাতিল হয়ে যাবে।`, `Unless paid by ${o.pay_by}, the order will be cancelled.`)}
              </p>
            )}
          </div>
          <PayAgainButton orderId={o.id} />
        </div>
      )}
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
        {o.discounts?.length ? (
          <div data-testid="order-discounts">
            {o.discounts.map((d, i) => (
              <div key={i} className="flex justify-between gap-2 py-0.5 text-emerald-800">
                <dt>{discountLabel(d, t)}</dt>
                <dd className="whitespace-nowrap">− {formatTaka(d.amount, lang)}</dd>
              </div>
            ))}
          </div>
        ) : null}
        <div className="flex justify-between border-t border-stone-200 py-1 font-bold">
          <dt>{t('সর্বমোট', 'Total')}</dt>
          <dd data-testid="order-total">{formatTaka(o.total, lang)}</dd>
        </div>
      </dl>
    </li>
  );
}
