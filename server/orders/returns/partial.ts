/**
 * A partial delivery (`POST /api/order/{id}/partial-delivery/`, and a courier's
 * `partial_delivered` report through the shipments module): the customer kept some units and paid
 * the courier `collected`. The order becomes Delivered through the state machine (the same move
 * as a full delivery, by staff or the courier) with `paid_amount` grown by what was collected —
 * not its total — and the units not delivered become an approved return on its way back (origin
 * `partial`); stock moves only when that parcel is received.
 *
 * The payment: an order not paid online is `paid` once what it holds covers what was delivered
 * (the total less the undelivered units at their paid prices), `partly_paid` when short, `unpaid`
 * when nothing came. Paid online, its gateway's money stays as it was, and what it holds beyond
 * the delivered part is what the return may refund.
 *
 * The courier may report a partial delivery without saying which units came back (`delivered`
 * absent): the return is then opened without lines and the packer says what came back when the
 * parcel is received (receive.ts); the money collected is taken as settling what was kept.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../db/dialect';
import { badRequest, conflict, type FieldErrors } from '../../http/errors';
import { statusAfterRefund, type PaymentStatus } from '../../../domain/payments';
import { RETURN_MESSAGES } from '../../../domain/returns';
import { PREORDER_MESSAGES } from '../../../domain/preorder-messages';
import { applyOrderMove, type MoveResult, type OrderMoveDeps } from '../transitions';
import { openReturn } from './records';

export interface PartialDelivery {
  orderId: number;
  /** Who reports it: staff in the back office, or the courier's report. */
  cause: 'staff' | 'courier';
  /** Units delivered per order item (an item not named was not delivered); absent: the courier did not say. */
  delivered?: { order_item: number; quantity: number }[] | undefined;
  /** What the courier collected from the customer (taka). */
  collected: number;
  changedBy?: number | null;
  shopName: string;
}

export const PARTIAL_MESSAGES = {
  tooMany: (title: string, ordered: number) => `"${title}" অর্ডারে ছিল ${ordered}টি। (Only ${ordered} of "${title}" were ordered.)`,
  reason: 'Not delivered: the rest of a partial delivery.',
} as const;

/**
 * Inside the caller's transaction: `moved` (Delivered, the rest on its way back), or `stale` when
 * the order was no longer Pending (another report or staff got there first). A line that is not
 * the order's, or more units than were ordered, answers 400.
 */
export async function applyPartialDelivery(trx: Kysely<DB>, deps: OrderMoveDeps, req: PartialDelivery): Promise<MoveResult> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'status', 'total', 'paid_amount', 'refunded_amount', 'payment_gateway', 'payment_status', 'preorder_waiting'])
    .where('id', '=', req.orderId)
    .executeTakeFirst();
  if (!order || order.status !== 'Pending') return 'stale';
  // A pre-order still waiting for stock was never sent: nothing of it can have been delivered.
  if (order.preorder_waiting > 0) throw conflict(PREORDER_MESSAGES.waitingBooking(req.orderId));
  const items = await trx.selectFrom('order_items').select(['id', 'product_title', 'unit_price', 'quantity']).where('order_id', '=', req.orderId).orderBy('id').execute();

  let rest: { order_item: number; quantity: number }[] | null = null;
  if (req.delivered) {
    const delivered = new Map<number, number>();
    const errors: FieldErrors = {};
    req.delivered.forEach((d, i) => {
      const item = items.find((it) => it.id === d.order_item);
      if (!item) return void (errors[`delivered.${i}.order_item`] = [RETURN_MESSAGES.unknownItem]);
      const n = (delivered.get(d.order_item) ?? 0) + d.quantity;
      delivered.set(d.order_item, n);
      if (n > item.quantity) errors[`delivered.${i}.quantity`] = [PARTIAL_MESSAGES.tooMany(item.product_title, item.quantity)];
    });
    const first = Object.values(errors)[0]?.[0];
    if (first) throw badRequest(first, errors);
    rest = items.map((it) => ({ order_item: it.id, quantity: it.quantity - (delivered.get(it.id) ?? 0) })).filter((l) => l.quantity > 0);
  }

  const undeliveredValue = (rest ?? []).reduce((sum, l) => sum + items.find((it) => it.id === l.order_item)!.unit_price * l.quantity, 0);
  const due = Math.max(0, order.total - undeliveredValue);
  const paid = order.paid_amount + req.collected;
  const held = Math.max(0, paid - order.refunded_amount);
  const now = nowIso();
  let status: PaymentStatus = order.payment_status;
  if (order.payment_gateway === null) {
    if (order.refunded_amount > 0) status = statusAfterRefund(paid, order.refunded_amount);
    else if (paid <= 0) status = 'unpaid';
    // Lines unknown: what the courier collected settles what the customer kept.
    else status = rest === null || paid >= due ? 'paid' : 'partly_paid';
  }

  const moved = await applyOrderMove(trx, deps, {
    id: req.orderId,
    from: 'Pending',
    to: 'Delivered',
    cause: req.cause,
    changedBy: req.changedBy ?? null,
    shopName: req.shopName,
    // No `payment`: Delivered does not pay the whole total here; the money is what was collected.
    set: { paid_amount: paid, payment_status: status, ...(req.collected > 0 ? { paid_at: now } : {}) },
  });
  if (moved !== 'moved') return moved;
  if (rest === null || rest.length > 0) {
    await openReturn(trx, {
      orderId: req.orderId,
      origin: 'partial',
      status: 'approved',
      reason: PARTIAL_MESSAGES.reason,
      lines: rest ?? [],
      refundAmount: rest === null ? 0 : Math.max(0, held - due),
      createdBy: req.changedBy ?? null,
    });
  }
  return 'moved';
}
