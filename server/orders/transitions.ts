/**
 * The one place an order's status changes: a move of the state machine (domain/order-states.ts)
 * applied inside the caller's transaction with all its effects — the conditional UPDATE from the
 * status the caller read (two movers at once change the order once; the guard is part of the
 * same UPDATE), the history row, the stock, the promotion uses, the money flags and the
 * customer's SMS, a return opened for goods coming back. The back office, the couriers' reports, the payment hold, rejected and late
 * payments all move orders through `applyOrderMove`; a new side effect is written here once.
 */
import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { DB, Order } from '../db/schema';
import { nowIso, timestampParam } from '../db/dialect';
import type { DialectName } from '../db/database';
import type { CatalogService } from '../catalog/service';
import type { PromotionService } from '../promotions/service';
import { enqueueSms } from '../notifications/outbox';
import { findConfirmation, findMove, moveSms, moveSmsKind, type MoveCause } from '../../domain/order-states';
import type { ConfirmationMethod } from '../../domain/order-desk';
import type { OrderStatus } from '../../domain/orders';
import { paymentOnStatusChange } from '../../domain/payments';
import { stockRef } from '../../domain/stock';
import { openReturn } from './returns/records';
import { releaseWaiting } from './preorders';

/** What a move may change beyond the order: the shelf, and the promotions' uses. */
export interface OrderMoveDeps {
  stock: Pick<CatalogService['stock'], 'giveBack' | 'retake' | 'releasePreorder'>;
  promotions?: Pick<PromotionService, 'release' | 'retake'> | undefined;
  /** For guards that compare times (the payment hold: a timestamptz on PostgreSQL). */
  dialect: DialectName;
}

/** What the payment-on-delivery rule reads of the order, as the caller read it. */
type PaymentSnapshot = Pick<Order, 'payment_gateway' | 'payment_status' | 'total' | 'refunded_amount'>;

export interface MoveRequest {
  id: number;
  from: OrderStatus;
  to: OrderStatus;
  cause: MoveCause;
  shopName: string;
  /** The member of staff moving it; null (the default) for the system: a courier, a worker, a gateway. */
  changedBy?: number | null;
  /** The order's payment as the caller read it, for a move that may pay it (Delivered). */
  payment?: PaymentSnapshot;
  /** The time a `holdExpired` guard judges the hold by. */
  holdExpiredAt?: string;
  /** Further columns the move sets on the order (a late payment's money). */
  set?: UpdateObject<DB, 'orders'>;
  /** A late payment's money, for its SMS. */
  money?: { amount: number; reference: string };
}

/** `moved`; `stale`: the order had moved on or failed the guard; `short`: its stock was no longer all there. */
export type MoveResult = 'moved' | 'stale' | 'short';

/** Refused by the table: a caller asked for a move that does not exist (a bug, not a race). */
export class UnknownMove extends Error {}

export async function applyOrderMove(trx: Kysely<DB>, deps: OrderMoveDeps, req: MoveRequest): Promise<MoveResult> {
  const move = findMove(req.from, req.to, req.cause);
  if (!move) throw new UnknownMove(`No move from ${req.from} to ${req.to} for ${req.cause}.`);
  const { id } = req;
  const now = nowIso();
  const has = (e: (typeof move.effects)[number]) => move.effects.includes(e);
  const paid = has('pay_on_delivery') && req.payment ? paymentOnStatusChange(req.payment, req.to) : null;
  const columns: UpdateObject<DB, 'orders'> = {
    status: req.to,
    updated_at: now,
    ...(paid ? { ...paid, paid_at: now } : {}),
    // Leaving Pending ends the payment hold and the confirmation link with it.
    ...(req.to !== 'Pending' ? { payment_hold_until: null, confirm_token_hash: null } : {}),
    // Decided in SQL, from the row as it is: a payment may have landed since the caller read it.
    ...(has('flag_refund_due') ? { refund_due: sql<number>`case when paid_amount > refunded_amount then 1 else refund_due end` } : {}),
    ...req.set,
  };

  const guarded = (set: UpdateObject<DB, 'orders'>) => {
    let q = trx.updateTable('orders').set(set).where('id', '=', id).where('status', '=', req.from);
    const g = move.guard;
    if (g.paymentStatuses) q = q.where('payment_status', 'in', g.paymentStatuses);
    if (g.notBooked) q = q.where('consignment_id', 'is', null);
    if (g.unconfirmed) q = q.where('confirmation', '=', 'unconfirmed');
    if (g.holdExpired && req.holdExpiredAt) q = q.where('payment_hold_until', '<=', timestampParam(deps.dialect, req.holdExpiredAt));
    // A pre-order with a line still waiting for stock leaves Pending only by a cancel: delivered or
    // returned, its waiting units would stay promised for ever and a return would restock units
    // that never came (docs/preorders.md).
    if (req.from === 'Pending' && req.to !== 'Cancelled') q = q.where('preorder_waiting', '=', 0);
    return q.executeTakeFirst();
  };
  const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) === 1;

  if (has('retake_stock')) {
    // The row is taken first (a second mover waits here on PostgreSQL, then finds it moved on),
    // then the stock; only when all of it is there does the status change.
    if (!changed(await guarded({ updated_at: now }))) return 'stale';
    if (!(await deps.stock.retake(trx, await linesOf(trx, id), { reason: 'sale', ref: stockRef.order(id), user: req.changedBy ?? null }))) return 'short';
    await trx.updateTable('orders').set(columns).where('id', '=', id).execute();
  } else if (!changed(await guarded(columns))) {
    return 'stale';
  }

  await trx.insertInto('order_status_changes').values({ order_id: id, from_status: req.from, to_status: req.to, changed_by: req.changedBy ?? null, created_at: now }).execute();
  if (has('restock')) {
    // Lines still waiting for a pre-order took no stock: they give their pre-order units back instead (preorders.ts).
    const lines = await linesOf(trx, id);
    await deps.stock.giveBack(trx, lines.filter((l) => l.preorder !== 'waiting'), { reason: 'cancel', ref: stockRef.order(id), user: req.changedBy ?? null });
    await releaseWaiting(trx, deps.stock, lines);
  }
  if (has('open_return')) {
    // Money the shop still holds is what the return may refund (the refund itself is a separate call).
    const held = await trx.selectFrom('orders').select(['paid_amount', 'refunded_amount']).where('id', '=', id).executeTakeFirstOrThrow();
    await openReturn(trx, { orderId: id, origin: req.cause === 'courier' ? 'courier' : 'staff', status: 'approved', reason: req.cause === 'courier' ? 'The courier brought the parcel back.' : 'Marked Returned by staff.', refundAmount: Math.max(0, held.paid_amount - held.refunded_amount), createdBy: req.changedBy ?? null });
  }
  if (has('release_promotions')) await deps.promotions?.release(trx, id);
  if (has('retake_promotions')) await deps.promotions?.retake(trx, id);
  if (has('notify')) {
    // Order SMS go to the account's own phone; the delivery phone is the courier's to call.
    const order = await trx.selectFrom('orders').select('account_phone').where('id', '=', id).executeTakeFirstOrThrow();
    if (order.account_phone) await enqueueSms(trx, order.account_phone, moveSms(move, { shop: req.shopName, id, ...(req.money ? { money: req.money } : {}) }), moveSmsKind(move));
  }
  return 'moved';
}

/** `confirmed`: this call confirmed it; `already`: it was confirmed before; `stale`: not Pending (for a method that needs it) or no such order. */
export type ConfirmResult = 'confirmed' | 'already' | 'stale';

/**
 * The confirmation's one move (domain/order-states.ts CONFIRMATION_MOVES): a conditional UPDATE
 * from `unconfirmed`, so a link pressed twice, or pressed while staff confirm, confirms once. The
 * one-time link is spent with it.
 */
export async function applyConfirmation(trx: Kysely<DB>, req: { id: number; method: Exclude<ConfirmationMethod, 'auto'>; by?: number | null }): Promise<ConfirmResult> {
  const move = findConfirmation(req.method);
  if (!move) throw new UnknownMove(`No confirmation by ${req.method}.`);
  let q = trx
    .updateTable('orders')
    .set({ confirmation: move.to, confirmation_method: move.method, confirmed_at: nowIso(), confirmed_by: req.by ?? null, confirm_token_hash: null })
    .where('id', '=', req.id)
    .where('confirmation', '=', move.from);
  if (move.pendingOnly) q = q.where('status', '=', 'Pending');
  if (Number((await q.executeTakeFirst()).numUpdatedRows) === 1) return 'confirmed';
  const row = await trx.selectFrom('orders').select(['confirmation', 'status']).where('id', '=', req.id).executeTakeFirst();
  return row?.confirmation === 'confirmed' ? 'already' : 'stale';
}

async function linesOf(trx: Kysely<DB>, orderId: number): Promise<{ product: number; quantity: number; preorder: string | null }[]> {
  const items = await trx.selectFrom('order_items').select(['product_id', 'quantity', 'preorder']).where('order_id', '=', orderId).orderBy('id').execute();
  return items.map((i) => ({ product: i.product_id, quantity: i.quantity, preorder: i.preorder }));
}
