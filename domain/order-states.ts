/**
 * The order state machine: every move of an order's status, what may cause it, what must hold of
 * the order for it (its guard) and what it does beyond the status (its effects). One table, read
 * by server/orders/transitions.ts, which applies a move with its effects inside the caller's
 * transaction; a new flow (confirmation, returns, the counter) adds rows here and, when it needs
 * one, an effect there, instead of writing its own UPDATE. Pure: no database, no clock.
 */
import { ORDER_STATUSES, type OrderStatus } from './orders';
import { PAYABLE, paymentStatusesBefore, type PaymentStatus } from './payments';
import type { ConfirmationMethod, OrderConfirmation } from './order-desk';
import type { ReturnState } from './returns';

/** What asks for a move. */
export const MOVE_CAUSES = [
  /** Staff, from the back office's status change. */
  'staff',
  /** A courier's report on the parcel (delivered, or brought back). */
  'courier',
  /** An online payment's hold ran out with the order unpaid. */
  'hold_expired',
  /** Money under review was rejected and refunded. */
  'payment_rejected',
  /** Money confirmed for a cancelled order whose stock is still on the shelf. */
  'late_payment',
  /** Nobody confirmed the order within `unconfirmed_cancel_hours` (the confirmation sweep). */
  'unconfirmed_expired',
] as const;
export type MoveCause = (typeof MOVE_CAUSES)[number];

/**
 * What a move does besides changing the status. Every move also writes a history row and ends the
 * payment hold of an order leaving Pending.
 */
export type MoveEffect =
  /** Cash on delivery (and wallet money checked by hand) counts as paid. */
  | 'pay_on_delivery'
  /** Money still held (paid, or waiting in review) is flagged `refund_due` until it is refunded. */
  | 'flag_refund_due'
  /** The lines' stock goes back on the shelf. */
  | 'restock'
  /** The promotion and coupon uses go back (a cancelled order did not use its coupon). */
  | 'release_promotions'
  /** The lines' stock is taken again; the move is refused (`short`) when it is not all there. */
  | 'retake_stock'
  /** The promotion uses are taken again (a use past its limit is kept). */
  | 'retake_promotions'
  /** One SMS to the customer's account phone. */
  | 'notify'
  /**
   * The goods are on their way back: the order's `return_status` becomes `in_transit` and an
   * approved return of every line is opened; stock moves only when it is received (issue 34).
   */
  | 'open_return';

/** What must hold of the order besides its status; checked in the move's own conditional UPDATE. */
export interface MoveGuard {
  /** The order's payment is one of these. */
  paymentStatuses?: readonly PaymentStatus[];
  /** No parcel is booked with a courier (a booked parcel is the courier's to bring back). */
  notBooked?: boolean;
  /** The payment hold ran out by the time the caller names (the hold worker's sweep names one). */
  holdExpired?: boolean;
  /** Nobody has confirmed the order yet. */
  unconfirmed?: boolean;
}

export interface OrderMove {
  from: OrderStatus;
  to: OrderStatus;
  cause: MoveCause;
  guard: MoveGuard;
  effects: readonly MoveEffect[];
}

const CANCEL: readonly MoveEffect[] = ['flag_refund_due', 'restock', 'release_promotions', 'notify'];
const DELIVER: readonly MoveEffect[] = ['pay_on_delivery'];
// A returned order did use its coupon: its uses stay. Its stock comes back when the parcel does.
const RETURN: readonly MoveEffect[] = ['open_return'];

/** Every move there is; anything else is refused. */
export const ORDER_MOVES: readonly OrderMove[] = [
  { from: 'Pending', to: 'Delivered', cause: 'staff', guard: {}, effects: DELIVER },
  { from: 'Pending', to: 'Returned', cause: 'staff', guard: {}, effects: RETURN },
  { from: 'Pending', to: 'Cancelled', cause: 'staff', guard: {}, effects: CANCEL },
  { from: 'Pending', to: 'Delivered', cause: 'courier', guard: {}, effects: DELIVER },
  { from: 'Pending', to: 'Returned', cause: 'courier', guard: {}, effects: RETURN },
  // Only an unpaid online order whose parcel is not with a courier; a "pay again" that renewed
  // the hold wins.
  { from: 'Pending', to: 'Cancelled', cause: 'hold_expired', guard: { paymentStatuses: PAYABLE, notBooked: true, holdExpired: true }, effects: CANCEL },
  { from: 'Pending', to: 'Cancelled', cause: 'payment_rejected', guard: { paymentStatuses: ['refunded'], notBooked: true }, effects: CANCEL },
  // Never confirmed in time: only while nothing was paid or verified and no parcel is booked.
  { from: 'Pending', to: 'Cancelled', cause: 'unconfirmed_expired', guard: { paymentStatuses: ['unpaid', 'unverified'], notBooked: true, unconfirmed: true }, effects: CANCEL },
  // The only way out of Cancelled: money arrived and every line's stock is still there.
  {
    from: 'Cancelled',
    to: 'Pending',
    cause: 'late_payment',
    guard: { paymentStatuses: paymentStatusesBefore('review') },
    effects: ['retake_stock', 'retake_promotions', 'notify'],
  },
];

/** The move from `from` to `to` for `cause`; undefined when the table has none (refused). */
export function findMove(from: OrderStatus, to: OrderStatus, cause: MoveCause): OrderMove | undefined {
  return ORDER_MOVES.find((m) => m.from === from && m.to === to && m.cause === cause);
}

/** Whether staff may move an order from `from` to `to` in the back office. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return findMove(from, to, 'staff') !== undefined;
}

/** A status staff can no longer move an order out of. */
export function isFinal(status: OrderStatus): boolean {
  return !ORDER_MOVES.some((m) => m.from === status && m.cause === 'staff');
}

/** The statuses staff may choose next for an order in `status`. */
export function staffMovesFrom(status: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canTransition(status, to));
}

/** What the guard reads of an order; `holdExpiredAt` is the time the caller judges the hold by. */
export interface GuardedOrder {
  payment_status: PaymentStatus;
  confirmation: OrderConfirmation;
  consignment_id: string | null;
  payment_hold_until: string | null;
}

/** Whether an order passes a move's guard (the same test the conditional UPDATE makes in SQL). */
export function passesGuard(guard: MoveGuard, order: GuardedOrder, holdExpiredAt?: string): boolean {
  if (guard.paymentStatuses && !guard.paymentStatuses.includes(order.payment_status)) return false;
  if (guard.notBooked && order.consignment_id !== null) return false;
  if (guard.unconfirmed && order.confirmation !== 'unconfirmed') return false;
  if (guard.holdExpired && holdExpiredAt !== undefined) {
    if (order.payment_hold_until === null) return false;
    if (Date.parse(order.payment_hold_until) > Date.parse(holdExpiredAt)) return false;
  }
  return true;
}

/** The SMS a move's `notify` effect sends, in Bengali; `money` for a late payment's reopening. */
export function moveSms(move: Pick<OrderMove, 'to' | 'cause'>, p: { shop: string; id: number; money?: { amount: number; reference: string } }): string {
  if (move.cause === 'late_payment') {
    const { amount, reference } = p.money ?? { amount: 0, reference: '' };
    return `${p.shop}: অর্ডার #${p.id}-এর ${amount} টাকা পেমেন্ট পাওয়া গেছে (${reference})। অর্ডারটি আবার চালু করা হয়েছে। ধন্যবাদ!`;
  }
  if (move.cause === 'hold_expired') return `${p.shop}: নির্ধারিত সময়ে পেমেন্ট না পাওয়ায় আপনার অর্ডার #${p.id} বাতিল করা হয়েছে।`;
  if (move.cause === 'unconfirmed_expired') return `${p.shop}: কনফার্ম না হওয়ায় আপনার অর্ডার #${p.id} বাতিল করা হয়েছে।`;
  if (move.cause === 'payment_rejected') return `${p.shop}: আপনার অর্ডার #${p.id} বাতিল করা হয়েছে এবং পেমেন্টের টাকা ফেরত দেওয়া হয়েছে।`;
  return `${p.shop}: আপনার অর্ডার #${p.id} বাতিল করা হয়েছে।`;
}

/** The SMS kind a move's message is filed under in the outbox. */
export function moveSmsKind(move: Pick<OrderMove, 'cause'>): 'payment_received' | 'order_cancelled' {
  return move.cause === 'late_payment' ? 'payment_received' : 'order_cancelled';
}

/**
 * The confirmation's moves: an unconfirmed order becomes confirmed once, by the buyer's SMS link,
 * staff's call or say-so, or its first payment. `pendingOnly`: only while the order is Pending
 * (money confirms an order whatever its status: a late payment may have reopened it). There is
 * no way back to unconfirmed.
 */
export const CONFIRMATION_MOVES: readonly { from: 'unconfirmed'; to: 'confirmed'; method: Exclude<ConfirmationMethod, 'auto'>; pendingOnly: boolean }[] = [
  { from: 'unconfirmed', to: 'confirmed', method: 'sms', pendingOnly: true },
  { from: 'unconfirmed', to: 'confirmed', method: 'call', pendingOnly: true },
  { from: 'unconfirmed', to: 'confirmed', method: 'staff', pendingOnly: true },
  { from: 'unconfirmed', to: 'confirmed', method: 'paid', pendingOnly: false },
];

/** The confirmation move for `method`; undefined for `auto` (set at checkout, never a move). */
export function findConfirmation(method: ConfirmationMethod) {
  return CONFIRMATION_MOVES.find((m) => m.method === method);
}

/** What moves a return: staff deciding a request, the shop receiving the goods, refunds reaching its amount. */
export type ReturnCause = 'decision' | 'receipt' | 'refund';

/**
 * A return's moves (domain/returns.ts): a customer's request is approved or rejected by staff;
 * an approved return (staff's, the courier's, the rest of a partial delivery) is received once,
 * which moves its stock; it is refunded once refunds naming it reach its `refund_amount`.
 * Rejected and refunded are final; a received return with nothing to refund stays received.
 */
export const RETURN_MOVES: readonly { from: ReturnState; to: ReturnState; cause: ReturnCause }[] = [
  { from: 'requested', to: 'approved', cause: 'decision' },
  { from: 'requested', to: 'rejected', cause: 'decision' },
  { from: 'approved', to: 'received', cause: 'receipt' },
  { from: 'received', to: 'refunded', cause: 'refund' },
];

/** The return move from `from` to `to`; undefined when the table has none (refused). */
export function findReturnMove(from: ReturnState, to: ReturnState) {
  return RETURN_MOVES.find((m) => m.from === from && m.to === to);
}
