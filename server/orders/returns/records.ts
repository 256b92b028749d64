/**
 * Opening a return (issue 34): the one place a `returns` row and its lines are written, inside the
 * caller's transaction — by the state machine when an order becomes Returned (the courier or
 * staff: every line, on its way back), by staff, by a customer's request, and by a partial
 * delivery. An approved return marks the order's goods `in_transit`.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../db/dialect';
import type { ReturnCondition, ReturnOrigin, ReturnState } from '../../../domain/returns';

export interface OpenReturn {
  orderId: number;
  origin: ReturnOrigin;
  status: Extract<ReturnState, 'requested' | 'approved'>;
  reason: string;
  /** Lines to return; absent: every unit of every line of the order. */
  lines?: { order_item: number; quantity: number; condition?: ReturnCondition | undefined }[];
  refundAmount?: number;
  createdBy?: number | null;
}

export async function openReturn(trx: Kysely<DB>, r: OpenReturn): Promise<number> {
  const now = nowIso();
  const lines =
    r.lines ??
    (await trx.selectFrom('order_items').select(['id', 'quantity']).where('order_id', '=', r.orderId).orderBy('id').execute()).map((i) => ({ order_item: i.id, quantity: i.quantity, condition: undefined }));
  const row = await trx
    .insertInto('returns')
    .values({
      order_id: r.orderId,
      status: r.status,
      origin: r.origin,
      reason: r.reason,
      refund_amount: r.refundAmount ?? 0,
      created_by: r.createdBy ?? null,
      created_at: now,
      updated_at: now,
      ...(r.status === 'approved' ? { decided_by: r.createdBy ?? null, decided_at: now } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length) {
    await trx
      .insertInto('return_lines')
      .values(lines.map((l) => ({ return_id: row.id, order_item_id: l.order_item, quantity: l.quantity, condition: l.condition ?? null })))
      .execute();
  }
  if (r.status === 'approved') await trx.updateTable('orders').set({ return_status: 'in_transit', updated_at: now }).where('id', '=', r.orderId).execute();
  return row.id;
}
