/**
 * The order list's table: per order its number and buyer (name and number open the order, the
 * number rings the buyer with a `tel:` link), the buyer's badge, where it came from, delivery,
 * total, payment, parcel, status and confirmation, and the actions — "Called — confirmed" on an
 * unconfirmed Pending order, the status buttons, the payment's. Ticked confirmed orders are booked
 * together; ticked orders' labels and packing slips print together (packer+). The list's keys
 * (shortcuts.tsx) act on the highlighted row.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OrderStatus } from '../../../../domain/orders';
import { refundable } from '../../../../domain/payments';
import type { ConfirmationMethod, CustomerHistory, OrderConfirmation, OrderSource } from '../../../../domain/order-desk';
import { Empty, Table } from '../table';
import { PaymentActions, PaymentSummary, type AdminPayment } from '../order-payment';
import { STATUS_BADGE, StatusButtons } from '../order-status';
import { canRefund, useRefundDialog } from '../refund-dialog';
import type { ParcelView } from '../../shipments/status';
import { canBook, useBookParcel } from '../shipments/book-parcel';
import { BulkBook } from '../shipments/bulk-book';
import { ShipmentCell } from '../shipments/shipment-cell';
import { BuyerBadge } from './buyer';
import { ConfirmationBadge, ConfirmButton } from './confirm-order';
import { SOURCE_TEXT } from './desk';
import { ShortcutLegend, useListShortcuts } from './shortcuts';
import { PrintSelected } from './print-selected';
import { useMayPrint } from '../packing/print-links';
import { useMay } from '../use-may';

interface ListOrder extends AdminPayment {
  date: string;
  name: string;
  phone_number: string;
  delivery_option: string;
  payment_option: string;
  total: number;
  status: OrderStatus;
  parcel: ParcelView;
  confirmation: OrderConfirmation;
  confirmation_method: ConfirmationMethod | null;
  confirmed_at: string | null;
  source: OrderSource;
  customer_history?: CustomerHistory | null;
}

const HEAD = ['', 'ID', 'Date', 'Buyer', 'Phone', 'Delivery / payment', 'Total', 'Payment', 'Parcel', 'Status', 'Actions'];

export function OrderList({ orders, emptyText }: { orders: ListOrder[]; emptyText?: string | undefined }) {
  const refund = useRefundDialog();
  const booking = useBookParcel();
  const table = useRef<HTMLDivElement>(null);
  const { focused, setFocused } = useListShortcuts(table);
  const [selected, setSelected] = useState<number[]>([]);
  // What this role may do (the server refuses the rest; the buttons are not offered).
  const mayBook = useMay('packer');
  const maySupport = useMay('support');
  const mayTakeMoney = useMay('accountant');
  // An unconfirmed order cannot be booked (the server refuses it too): it is not offered.
  const bookable = !mayBook ? [] : orders.filter((o) => canBook({ status: o.status, confirmation: o.confirmation, shipment_status: o.parcel.shipment_status })).map((o) => o.id);
  // Labels and slips for ticked orders (packer+): any order but a cancelled one; a booked order is ticked for printing only.
  const mayPrint = useMayPrint();
  const printable = mayPrint ? orders.filter((o) => o.status !== 'Cancelled').map((o) => o.id) : [];
  const toggle = (id: number, on: boolean) => setSelected((prev) => (on ? [...new Set([...prev, id])] : prev.filter((x) => x !== id)));
  /** After a paid order is cancelled or returned, its refund is offered at once. */
  const offerRefund = (order: AdminPayment) => (to: OrderStatus) => {
    if (to === 'Delivered' || !canRefund(order)) return;
    refund.open(order, <p className="rounded bg-amber-50 p-2 text-sm text-amber-950">Order #{order.id} is now {to}. It was paid online: give the money back?</p>);
  };
  return (
    <>
      <ShortcutLegend />
      <BulkBook selected={selected.filter((id) => bookable.includes(id))} onDone={() => setSelected([])} />
      <PrintSelected ids={selected.filter((id) => printable.includes(id))} />
      <div ref={table}>
        <Table head={HEAD} testId="order-list">
          {orders.length === 0 && <Empty colSpan={HEAD.length} text={emptyText} />}
          {orders.map((o, i) => (
            <tr
              key={o.id}
              tabIndex={-1}
              onFocus={() => setFocused(i)}
              data-testid="order-row"
              data-order-id={o.id}
              data-focused={focused === i ? 'true' : undefined}
              className="outline-none data-[focused=true]:bg-teal-50 data-[focused=true]:shadow-[inset_3px_0_0_var(--color-brand)]"
            >
              <td>
                {bookable.includes(o.id) ? (
                  <input type="checkbox" className="size-6 align-middle" aria-label={`Select order #${o.id} for booking`} checked={selected.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} data-testid="order-select" />
                ) : (
                  printable.includes(o.id) && <input type="checkbox" className="size-6 align-middle" aria-label={`Select order #${o.id} for printing`} checked={selected.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} data-testid="order-print-select" />
                )}
              </td>
              <td>
                <Link className="inline-block py-1 text-brand underline" to={`/order-invoice/${o.id}`}>
                  {o.id}
                </Link>
              </td>
              <td className="text-xs text-stone-600">{o.date.slice(0, 16).replace('T', ' ')}</td>
              <td>
                <Link className="inline-block py-1 text-brand underline" to={`/order-invoice/${o.id}`}>
                  {o.name}
                </Link>
                <div className="mt-0.5 flex flex-wrap gap-1">
                  <BuyerBadge history={o.customer_history} />
                  {o.source !== 'web' && <span className="text-[11px] text-stone-600">via {SOURCE_TEXT[o.source]}</span>}
                </div>
              </td>
              <td className="font-mono">
                <a className="text-brand underline" href={`tel:${o.phone_number}`} title={`Call ${o.phone_number}`} data-testid="order-phone">
                  {o.phone_number}
                </a>
              </td>
              <td className="max-w-56 text-xs">
                <div className="truncate" title={o.delivery_option}>
                  {o.delivery_option}
                </div>
                <div className="truncate text-stone-500" title={o.payment_option}>
                  {o.payment_option}
                </div>
              </td>
              <td className="font-semibold whitespace-nowrap">৳ {o.total}</td>
              <td data-testid="order-payment-cell">
                <PaymentSummary order={o} />
              </td>
              <td data-testid="order-shipment-cell">
                <ShipmentCell status={o.status} confirmation={o.confirmation} parcel={o.parcel} onBook={mayBook ? () => booking.open(o.id) : undefined} />
              </td>
              <td>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[o.status]}`} data-testid="order-status">
                  {o.status}
                </span>
                <div className="mt-1">
                  <ConfirmationBadge order={o} />
                </div>
              </td>
              <td>
                <div className="flex flex-wrap gap-1">
                  {maySupport && <ConfirmButton order={o} />}
                  {maySupport && <StatusButtons id={o.id} status={o.status} paidOnline={canRefund(o) ? refundable(o.paid_amount, o.refunded_amount) : undefined} onChanged={offerRefund(o)} />}
                  {mayTakeMoney && <PaymentActions order={o} onRefund={(order) => refund.open(order)} />}
                </div>
              </td>
            </tr>
          ))}
        </Table>
      </div>
      {refund.dialog}
      {booking.dialog}
    </>
  );
}
