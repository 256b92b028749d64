/**
 * Which of an order's units may still be returned, and what returned units are worth. Every
 * return but a rejected one covers its units: a request waiting for a decision, one on its way
 * back, one received or refunded, and the undelivered rest of a partial delivery. Read inside the
 * caller's transaction, after it took the order's lock (service.ts), so two returns at once
 * cannot both cover the last unit.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { badRequest, type FieldErrors } from '../../http/errors';
import { RETURN_MESSAGES, type ReturnCondition } from '../../../domain/returns';

export interface ReturnableItem {
  id: number;
  product: number;
  title: string;
  unit_price: number;
  ordered: number;
  /** Units not covered by another return yet. */
  left: number;
}

/** The order's lines with what is left to return of each, by order item id. */
export async function returnableItems(trx: Kysely<DB>, orderId: number): Promise<Map<number, ReturnableItem>> {
  const items = await trx.selectFrom('order_items').select(['id', 'product_id', 'product_title', 'unit_price', 'quantity']).where('order_id', '=', orderId).orderBy('id').execute();
  const covered = await trx
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .select(['return_lines.order_item_id as item', 'return_lines.quantity'])
    .where('returns.order_id', '=', orderId)
    .where('returns.status', '<>', 'rejected')
    .execute();
  const out = new Map<number, ReturnableItem>(items.map((i) => [i.id, { id: i.id, product: i.product_id, title: i.product_title, unit_price: i.unit_price, ordered: i.quantity, left: i.quantity }]));
  for (const c of covered) {
    const item = out.get(c.item);
    if (item) item.left -= c.quantity;
  }
  return out;
}

export interface AskedLine {
  order_item: number;
  quantity: number;
  condition?: ReturnCondition | undefined;
}

/**
 * Checks the lines asked for against what is left (a line named twice counts once, added up):
 * 400 with a message per line — an item not on this order, or more than is left of it.
 */
export function checkReturnable(lines: readonly AskedLine[], items: Map<number, ReturnableItem>, field = 'lines'): void {
  const errors: FieldErrors = {};
  const asked = new Map<number, number>();
  lines.forEach((line, i) => {
    const item = items.get(line.order_item);
    if (!item) {
      errors[`${field}.${i}.order_item`] = [RETURN_MESSAGES.unknownItem];
      return;
    }
    const total = (asked.get(line.order_item) ?? 0) + line.quantity;
    asked.set(line.order_item, total);
    if (total > item.left) errors[`${field}.${i}.quantity`] = [RETURN_MESSAGES.tooMany(item.title, Math.max(0, item.left))];
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw badRequest(first, errors);
}

/** What returned units are worth: each line's unit price as paid, times the units. */
export function valueOf(lines: readonly { order_item: number; quantity: number }[], items: Map<number, Pick<ReturnableItem, 'unit_price'>>): number {
  return lines.reduce((sum, l) => sum + (items.get(l.order_item)?.unit_price ?? 0) * l.quantity, 0);
}

/** The money an order holds: what was paid less what went back. */
export function heldMoney(o: { paid_amount: number; refunded_amount: number }): number {
  return Math.max(0, o.paid_amount - o.refunded_amount);
}
