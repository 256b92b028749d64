/**
 * The order screen's returns (never printed): a parcel on its way back with its "Received"
 * button (`POST /api/order/{id}/receive-parcel/`, a condition per line), each return of the order
 * (state, origin, lines and conditions, photos, money) with what can be done next — decide a
 * request, receive, exchange, refund — and "Create return" on a Delivered order or "Partly
 * delivered…" on a booked Pending one. An exchange order says which order it replaces.
 */
import { Link } from 'react-router';
import { Button } from '../buttons';
import { Panel } from '../page';
import { useRefundDialog, type RefundTarget } from '../refund-dialog';
import { CreateReturnPanel } from './create-return';
import { DecideButtons } from './decide';
import { differenceText, useExchange } from './exchange-dialog';
import { PartialDelivery } from './partial-delivery';
import { useReceive } from './receive-dialog';
import { at, CONDITION_TEXT, inTransit, lineTitle, ORIGIN_TEXT, parcelLines, refundLeft, RETURN_STATE_TEXT, type OrderReturn } from './returns';

export interface ReturnsOrder extends RefundTarget {
  status: string;
  return_status?: string | null;
  exchange_of?: number | null;
  difference_due?: number | null;
  payment_gateway: string | null;
  courier: string | null;
  cod_amount: number | null;
  total: number;
}

interface Item {
  id: number;
  product_title: string;
  quantity: number;
}

function ReturnRow({ r, titles, actions }: { r: OrderReturn; titles: ReadonlyMap<number, string>; actions: React.ReactNode }) {
  const state = RETURN_STATE_TEXT[r.status];
  return (
    <li className="rounded border border-stone-200 px-3 py-2 text-sm" data-testid="order-return" data-return-id={r.id} data-status={r.status}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Return #{r.id}</span>
        <span className={`rounded px-1.5 py-px text-xs font-semibold ${state.badge}`} data-testid="return-status">
          {state.en}
        </span>
        <span className="text-xs text-stone-600">
          {ORIGIN_TEXT[r.origin]} · {at(r.created_at)}
        </span>
        <div className="ml-auto">{actions}</div>
      </div>
      <ul className="mt-1 grid gap-0.5">
        {r.lines.map((l) => (
          <li key={l.order_item}>
            {lineTitle(titles, l.order_item)} × {l.quantity}
            {(l.received_condition ?? l.condition) && <span className="text-stone-600"> · {CONDITION_TEXT[(l.received_condition ?? l.condition)!]}</span>}
          </li>
        ))}
      </ul>
      {r.reason && <p className="mt-1 text-stone-700">“{r.reason}”</p>}
      {r.decision_reason && <p className="mt-1 text-stone-700">Decision: {r.decision_reason}</p>}
      {r.photos.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2" data-testid="return-photos">
          {r.photos.map((src) => (
            <a key={src} href={src} target="_blank" rel="noreferrer">
              <img src={src} alt="Photo from the customer" className="h-16 w-16 rounded border object-cover" />
            </a>
          ))}
        </div>
      )}
      <p className="mt-1 text-xs text-stone-600">
        {r.refund_amount > 0 ? `To give back ৳ ${r.refund_amount}${r.refunded_amount ? `, given ৳ ${r.refunded_amount}` : ''}` : 'No money to give back'}
        {r.received_at && ` · received ${at(r.received_at)}`}
        {r.exchange_order && (
          <>
            {' · exchanged for '}
            <Link to={`/order-invoice/${r.exchange_order}`} className="text-brand underline">
              order #{r.exchange_order}
            </Link>
          </>
        )}
      </p>
    </li>
  );
}

export function OrderReturnsPanel({ order, items, returns }: { order: ReturnsOrder; items: readonly Item[]; returns: readonly OrderReturn[] }) {
  const receive = useReceive();
  const exchange = useExchange();
  const refund = useRefundDialog();
  const titles = new Map(items.map((i) => [i.id, i.product_title]));
  const online = order.payment_gateway !== null;
  const money = { order, online };
  const held = Math.max(0, order.paid_amount - order.refunded_amount);
  const travelling = order.return_status === 'in_transit' ? inTransit(returns) : [];
  // The refund offered after the parcel is in names the first of its returns with money to give back.
  const refundable = travelling.find((r) => refundLeft(r) > 0) ?? travelling[0];
  const canCreate = order.status === 'Delivered';
  const canPartial = order.status === 'Pending' && order.courier !== null;
  if (!returns.length && !canCreate && !canPartial && !order.exchange_of) return null;
  const actionsOf = (r: OrderReturn) => (
    <div className="flex flex-wrap gap-1">
      {r.status === 'requested' && <DecideButtons returnId={r.id} orderId={order.id} />}
      {r.status === 'approved' && travelling.length > 1 && (
        <Button size="sm" onClick={() => receive.open({ url: `/api/returns/${r.id}/receive/`, orderId: order.id, lines: r.lines, items, ret: r, titles, money })} data-testid="receive-return">
          Received
        </Button>
      )}
      {/* An exchange is for goods the customer had: not for a parcel refused at the door. */}
      {(r.status === 'approved' || r.status === 'received') && (r.origin === 'customer' || r.origin === 'staff') && !r.exchange_order && (
        <Button size="sm" kind="secondary" onClick={() => exchange.open(r.id, order.id)} data-testid="exchange-return">
          Exchange…
        </Button>
      )}
      {r.status === 'received' && refundLeft(r) > 0 && held > 0 && (
        <Button size="sm" kind="secondary" onClick={() => refund.open(order, undefined, !online, { also: { return: r.id }, amount: Math.min(refundLeft(r), held) })} data-testid="refund-return">
          Refund…
        </Button>
      )}
    </div>
  );
  return (
    <div className="no-print mx-auto mb-6 max-w-[210mm] print:hidden" data-testid="returns-panel">
      <Panel title="Returns">
        {order.exchange_of && (
          <p className="mb-3 rounded bg-sky-50 px-3 py-2 text-sm" data-testid="exchange-of">
            Exchange for{' '}
            <Link to={`/order-invoice/${order.exchange_of}`} className="text-brand underline">
              order #{order.exchange_of}
            </Link>
            . {differenceText(order.difference_due ?? null)}
          </p>
        )}
        {order.return_status === 'in_transit' && (
          <div className="mb-3 flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm" data-testid="parcel-in-transit">
            <span className="flex-1">The goods are on their way back. Stock comes back when the parcel is received.</span>
            {refundable && (
              <Button
                onClick={() => receive.open({ url: `/api/order/${order.id}/receive-parcel/`, orderId: order.id, lines: parcelLines(travelling), items, ret: refundable, titles, money })}
                data-testid="receive-parcel"
              >
                Received
              </Button>
            )}
          </div>
        )}
        {order.return_status === 'received' && !returns.length && <p className="mb-3 text-sm text-stone-700">The returned goods are back in the shop.</p>}
        {returns.length > 0 && (
          <ol className="grid gap-2" data-testid="order-returns">
            {returns.map((r) => (
              <ReturnRow key={r.id} r={r} titles={titles} actions={actionsOf(r)} />
            ))}
          </ol>
        )}
        {canCreate && <CreateReturnPanel orderId={order.id} items={items} held={held} />}
        {canPartial && (
          <div className="mt-3">
            <PartialDelivery orderId={order.id} items={items} cod={order.cod_amount ?? order.total} />
          </div>
        )}
      </Panel>
      {receive.dialog}
      {exchange.dialog}
      {refund.dialog}
    </div>
  );
}
