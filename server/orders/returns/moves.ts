/**
 * A return's moves (domain/order-states.ts RETURN_MOVES), each a conditional UPDATE from the
 * state the caller read: two staff deciding at once, or two packers receiving one parcel, move
 * it once — the second finds nothing to move. Also the money a return keeps count of: refunds
 * naming it are set aside on it (never past its `refund_amount`), and it becomes refunded once
 * received with all of it given back. And the order's `return_status`, worked out from its returns.
 */
import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../db/dialect';
import { findReturnMove } from '../../../domain/order-states';
import type { ReturnState } from '../../../domain/returns';

/** Refused by the table: a caller asked for a move that does not exist (a bug, not a race). */
export class UnknownReturnMove extends Error {}

/**
 * Moves return `id` from `from` to `to` with further columns; true when this call moved it,
 * false when it was no longer `from` (someone else moved it first).
 */
export async function applyReturnMove(trx: Kysely<DB>, req: { id: number; from: ReturnState; to: ReturnState; set?: UpdateObject<DB, 'returns'> }): Promise<boolean> {
  const move = findReturnMove(req.from, req.to);
  if (!move) throw new UnknownReturnMove(`No return move from ${req.from} to ${req.to}.`);
  let q = trx
    .updateTable('returns')
    .set({ ...req.set, status: move.to, updated_at: nowIso() })
    .where('id', '=', req.id)
    .where('status', '=', move.from);
  // Refunded only once refunds naming it reached its (non-zero) amount.
  if (move.cause === 'refund') q = q.where('refund_amount', '>', 0).where(sql<boolean>`refunded_amount >= refund_amount`);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** A received return whose refunds reached its amount moves on to refunded; anything else stays. */
export function settleRefunded(trx: Kysely<DB>, id: number): Promise<boolean> {
  return applyReturnMove(trx, { id, from: 'received', to: 'refunded' });
}

/** The states a refund may name a return in: on its way back, or back. */
export const REFUNDABLE_RETURN: readonly ReturnState[] = ['approved', 'received'];

/**
 * Sets `amount` aside on return `id` of order `orderId` for a refund naming it: a conditional
 * UPDATE, so two refunds at once never give back more than the return's `refund_amount`.
 */
export async function reserveReturnRefund(trx: Kysely<DB>, p: { orderId: number; returnId: number; amount: number }): Promise<boolean> {
  const r = await trx
    .updateTable('returns')
    .set({ refunded_amount: sql`refunded_amount + ${p.amount}`, updated_at: nowIso() })
    .where('id', '=', p.returnId)
    .where('order_id', '=', p.orderId)
    .where('status', 'in', REFUNDABLE_RETURN)
    .where(sql<boolean>`refunded_amount + ${p.amount} <= refund_amount`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A refund set aside on a return that the gateway refused: the amount is released. */
export async function releaseReturnRefund(trx: Kysely<DB>, p: { returnId: number; amount: number }): Promise<void> {
  await trx
    .updateTable('returns')
    .set({ refunded_amount: sql`case when refunded_amount >= ${p.amount} then refunded_amount - ${p.amount} else 0 end`, updated_at: nowIso() })
    .where('id', '=', p.returnId)
    .execute();
}

/**
 * The order's `return_status` from its returns: `in_transit` while any approved return is on its
 * way back, else `received` once any came back; an order with neither keeps what it has (null, or
 * `received` for orders Returned before returns were recorded).
 */
export async function syncReturnStatus(trx: Kysely<DB>, orderId: number): Promise<void> {
  const rows = await trx
    .selectFrom('returns')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('order_id', '=', orderId)
    .where('status', 'in', ['approved', 'received', 'refunded'])
    .groupBy('status')
    .execute();
  const count = (s: ReturnState) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  const status = count('approved') > 0 ? 'in_transit' : count('received') + count('refunded') > 0 ? 'received' : null;
  if (status) await trx.updateTable('orders').set({ return_status: status, updated_at: nowIso() }).where('id', '=', orderId).execute();
}
