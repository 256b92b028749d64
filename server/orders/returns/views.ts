/**
 * A return as the API shows it: its state, origin, reason and money, its lines (the order item,
 * its product and title, the units, the condition given and the one it was received in), its
 * photos' addresses and its times. Staff also see who decided and received it and the order's
 * customer; a customer sees their own returns without staff's ids. One query per table for any
 * number of returns.
 */
import type { Kysely } from 'kysely';
import type { DB, Return } from '../../db/schema';
import { variantKey } from '../../media/images';
import { MEDIA_URL_PREFIX, type FileStorage } from '../../media/storage';

export interface ReturnViewOptions {
  /** Staff: who decided and received it, and the order's customer. */
  staff: boolean;
  storage?: FileStorage | undefined;
}

/** A photo's address: its largest re-encoded size. */
function photoUrl(storage: FileStorage | undefined, image: string): string {
  const key = variantKey(image, 'detail');
  return storage ? storage.url(key) : `${MEDIA_URL_PREFIX}${key}`;
}

export async function viewReturns(db: Kysely<DB>, rows: Return[], opts: ReturnViewOptions) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const orderIds = [...new Set(rows.map((r) => r.order_id))];
  const [lines, photos, orders] = await Promise.all([
    db
      .selectFrom('return_lines')
      .innerJoin('order_items', 'order_items.id', 'return_lines.order_item_id')
      .select(['return_lines.id', 'return_lines.return_id', 'return_lines.order_item_id', 'return_lines.quantity', 'return_lines.condition', 'return_lines.received_condition', 'order_items.product_id', 'order_items.product_title', 'order_items.unit_price'])
      .where('return_lines.return_id', 'in', ids)
      .orderBy('return_lines.id')
      .execute(),
    db.selectFrom('return_photos').select(['return_id', 'image']).where('return_id', 'in', ids).orderBy('id').execute(),
    opts.staff ? db.selectFrom('orders').select(['id', 'name', 'phone_number', 'status', 'return_status', 'total']).where('id', 'in', orderIds).execute() : Promise.resolve([]),
  ]);
  const orderOf = new Map(orders.map((o) => [o.id, o]));
  return rows.map((r) => {
    const own = lines.filter((l) => l.return_id === r.id);
    const view = {
      id: r.id,
      order: r.order_id,
      status: r.status,
      origin: r.origin,
      reason: r.reason,
      refund_amount: r.refund_amount,
      refunded_amount: r.refunded_amount,
      decision_reason: r.decision_reason,
      lines: own.map((l) => ({
        id: l.id,
        order_item: l.order_item_id,
        product: l.product_id,
        product_title: l.product_title,
        unit_price: l.unit_price,
        quantity: l.quantity,
        condition: l.condition,
        received_condition: l.received_condition,
      })),
      /** Units received damaged (written off, not back in stock). */
      damaged: own.filter((l) => l.received_condition === 'damaged').reduce((n, l) => n + l.quantity, 0),
      photos: photos.filter((p) => p.return_id === r.id).map((p) => photoUrl(opts.storage, p.image)),
      created_at: r.created_at,
      decided_at: r.decided_at,
      received_at: r.received_at,
      exchange_order: r.exchange_order_id,
    };
    if (!opts.staff) return view;
    const o = orderOf.get(r.order_id);
    return {
      ...view,
      created_by: r.created_by,
      decided_by: r.decided_by,
      received_by: r.received_by,
      customer: o ? { name: o.name, phone_number: o.phone_number } : null,
      order_status: o?.status ?? null,
      order_total: o?.total ?? null,
      return_status: o?.return_status ?? null,
    };
  });
}

export type ReturnView = Awaited<ReturnType<typeof viewReturns>>[number];

/** The returns of these orders, oldest first, grouped by order (for the order views and lists). */
export async function returnsOfOrders(db: Kysely<DB>, orderIds: number[], opts: ReturnViewOptions): Promise<Map<number, ReturnView[]>> {
  const out = new Map<number, ReturnView[]>();
  if (orderIds.length === 0) return out;
  const rows = await db.selectFrom('returns').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
  for (const v of await viewReturns(db, rows, opts)) {
    const list = out.get(v.order) ?? [];
    list.push(v);
    out.set(v.order, list);
  }
  return out;
}
