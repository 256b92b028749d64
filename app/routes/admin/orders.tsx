/**
 * Orders: search by customer phone or name, filter by status and by payment status, a paged
 * list with the payment (status, gateway, transaction id) and the Delivered / Returned /
 * Cancelled buttons (disabled once final), name and phone linking to the invoice. An online
 * payment can be refunded from its row, and is offered for refund as soon as its order is
 * cancelled or returned; a payment under review is accepted or rejected there. The parcel
 * column shows the courier's status and tracking code, filtered by parcel status; a Pending
 * order is booked with a courier from its row, or several ticked orders at once.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/orders';
import { z } from 'zod';
import { filterParams, listParams, requireAdminPage } from './guard.server';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/orders';
import { PAYMENT_STATUSES, refundable } from '../../../domain/payments';
import { Pager } from '../../components/pager';
import { PageTitle, Panel } from '../../components/admin/page';
import { SearchBox } from '../../components/admin/search-box';
import { Empty, Table } from '../../components/admin/table';
import { PaymentActions, PaymentSummary, type AdminPayment } from '../../components/admin/order-payment';
import { STATUS_BADGE, StatusButtons } from '../../components/admin/order-status';
import { canRefund, useRefundDialog } from '../../components/admin/refund-dialog';
import { PAYMENT_STATUS_TEXT } from '../../components/payments/status';
import { parcelOf, SHIPMENT_STATUS_TEXT, SHIPMENT_STATUSES } from '../../components/shipments/status';
import { canBook, useBookParcel } from '../../components/admin/shipments/book-parcel';
import { BulkBook } from '../../components/admin/shipments/bulk-book';
import { ShipmentCell } from '../../components/admin/shipments/shipment-cell';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const { page, search } = listParams(request);
  const filters = filterParams(
    request,
    z.object({ status: z.enum(ORDER_STATUSES).optional(), payment_status: z.enum(PAYMENT_STATUSES).optional(), shipment_status: z.enum(SHIPMENT_STATUSES).optional(), refund_due: z.enum(['1']).optional() }),
  );
  const query = { search: search || undefined, ...filters, refund_due: filters.refund_due ? true : undefined, ordering: '-id' as const };
  const list = await context.services.orders.listOrders(user, query, page);
  return {
    search,
    status: filters.status ?? '',
    payment_status: filters.payment_status ?? '',
    shipment_status: filters.shipment_status ?? '',
    refund_due: filters.refund_due ?? '',
    page: page.page,
    count: list.count,
    results: list.results.map((o) => ({ ...o, parcel: parcelOf(o) })),
  };
}

export function meta() {
  return [{ title: 'Orders · Back office' }];
}

function FilterTabs({ label, name, values, current, text, link }: { label: string; name: string; values: readonly string[]; current: string; text: (v: string) => string; link: (name: string, value: string) => string }) {
  return (
    <nav className="mt-3 flex flex-wrap items-center gap-1 text-sm" aria-label={label} data-testid={`filter-${name}`}>
      <span className="mr-1 text-xs font-semibold text-stone-600 uppercase">{label}</span>
      {['', ...values].map((v) => (
        <Link key={v || 'all'} to={link(name, v)} aria-current={v === current ? 'page' : undefined} className={`rounded-full border px-3 py-0.5 ${v === current ? 'border-brand bg-brand text-white' : 'border-stone-300 bg-white hover:bg-stone-100'}`}>
          {v ? text(v) : 'All'}
        </Link>
      ))}
    </nav>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { search, status, payment_status, shipment_status, refund_due, results, count, page } = loaderData;
  const refund = useRefundDialog();
  const booking = useBookParcel();
  const [selected, setSelected] = useState<number[]>([]);
  const bookable = results.filter((o) => canBook({ status: o.status, shipment_status: o.parcel.shipment_status })).map((o) => o.id);
  const toggle = (id: number, on: boolean) => setSelected((prev) => (on ? [...new Set([...prev, id])] : prev.filter((x) => x !== id)));
  const link = (name: string, value: string) => {
    const params = new URLSearchParams();
    if (search) params.set('search', search);
    const filters = { status, payment_status, shipment_status, refund_due, [name]: value };
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    return `?${params.toString()}`;
  };
  /** After a paid order is cancelled or returned, its refund is offered at once. */
  const offerRefund = (order: AdminPayment) => (to: OrderStatus) => {
    if (to === 'Delivered' || !canRefund(order)) return;
    refund.open(order, <p className="rounded bg-amber-50 p-2 text-sm text-amber-950">Order #{order.id} is now {to}. It was paid online: give the money back?</p>);
  };
  return (
    <>
      <PageTitle>Orders</PageTitle>
      <Panel>
        <SearchBox placeholder="Search by customer phone or name" defaultValue={search} />
        <FilterTabs label="Status" name="status" values={ORDER_STATUSES} current={status} text={(v) => v} link={link} />
        <FilterTabs label="Payment" name="payment_status" values={PAYMENT_STATUSES} current={payment_status} text={(v) => PAYMENT_STATUS_TEXT[v as keyof typeof PAYMENT_STATUS_TEXT].en} link={link} />
        <FilterTabs label="Money to give back" name="refund_due" values={['1']} current={refund_due} text={() => 'Refund due'} link={link} />
        <FilterTabs label="Parcel" name="shipment_status" values={SHIPMENT_STATUSES} current={shipment_status} text={(v) => SHIPMENT_STATUS_TEXT[v as keyof typeof SHIPMENT_STATUS_TEXT].en} link={link} />
      </Panel>
      <Panel title={search ? `Orders matching “${search}”` : 'Order list'}>
        <BulkBook selected={selected.filter((id) => bookable.includes(id))} onDone={() => setSelected([])} />
        <Table head={['', 'ID', 'Date', 'Name', 'Phone', 'Delivery / payment', 'Total', 'Payment', 'Parcel', 'Status', 'Actions']} testId="order-list">
          {results.length === 0 && <Empty colSpan={11} text={search ? undefined : 'Nothing here yet.'} />}
          {results.map((o) => (
            <tr key={o.id} data-testid="order-row" data-order-id={o.id}>
              <td>
                {bookable.includes(o.id) && <input type="checkbox" aria-label={`Select order #${o.id} for booking`} checked={selected.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} data-testid="order-select" />}
              </td>
              <td>{o.id}</td>
              <td className="text-xs text-stone-600">{o.date.slice(0, 16).replace('T', ' ')}</td>
              <td>
                <Link className="text-brand underline" to={`/order-invoice/${o.id}`}>
                  {o.name}
                </Link>
              </td>
              <td className="font-mono">
                <Link className="text-brand underline" to={`/order-invoice/${o.id}`}>
                  {o.phone_number}
                </Link>
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
                <ShipmentCell status={o.status} parcel={o.parcel} onBook={() => booking.open(o.id)} />
              </td>
              <td>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[o.status]}`} data-testid="order-status">
                  {o.status}
                </span>
              </td>
              <td>
                <div className="flex flex-wrap gap-1">
                  <StatusButtons id={o.id} status={o.status} paidOnline={canRefund(o) ? refundable(o.paid_amount, o.refunded_amount) : undefined} onChanged={offerRefund(o)} />
                  <PaymentActions order={o} onRefund={(order) => refund.open(order)} />
                </div>
              </td>
            </tr>
          ))}
        </Table>
        <Pager count={count} page={page} summary />
      </Panel>
      {refund.dialog}
      {booking.dialog}
    </>
  );
}
