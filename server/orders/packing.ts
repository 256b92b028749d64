/**
 * The orders module's face to the packing desk (server/packing): what a label and a packing slip
 * print of an order, whether an order number exists, the parcels booked and not yet packed, and
 * `packed_at` / `packed_by`, set once. Packed is not a status: the state machine never sees it.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import { HttpError, conflict } from '../http/errors';
import { PACKING_MESSAGES } from '../../domain/packing';

/** Ids per statement when many orders are read at once. */
const CHUNK = 500;

const PRINT_COLUMNS = [
  'id', 'status', 'name', 'phone_number', 'optional_phone_number', 'district', 'upazila_thana', 'delivery_address',
  'payment_option', 'courier', 'consignment_id', 'tracking_code', 'cod_amount', 'subtotal', 'delivery_charge',
  'discount_total', 'total', 'paid_amount', 'refunded_amount', 'staff_note', 'order_instruction', 'created_at', 'packed_at',
] as const;

export function createOrderPacking(db: Kysely<DB>) {
  return {
    /**
     * The orders as labels and slips print them, with their lines, in the order asked; `missing`
     * names the ids no order has.
     */
    async forPrint(ids: readonly number[]) {
      const rows = [];
      const lines = [];
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        rows.push(...(await db.selectFrom('orders').select(PRINT_COLUMNS).where('id', 'in', chunk).execute()));
        lines.push(...(await db.selectFrom('order_items').select(['order_id', 'product_id', 'product_title', 'quantity', 'unit_price', 'total']).where('order_id', 'in', chunk).orderBy('id').execute()));
      }
      const byId = new Map(rows.map((r) => [r.id, { ...r, lines: [] as { product: number; title: string; quantity: number; unit_price: number; total: number }[] }]));
      for (const l of lines) byId.get(l.order_id)?.lines.push({ product: l.product_id, title: l.product_title, quantity: l.quantity, unit_price: l.unit_price, total: l.total });
      return { orders: ids.flatMap((id) => byId.get(id) ?? []), missing: ids.filter((id) => !byId.has(id)) };
    },

    /** Whether an order has this number (the scan's first guess). */
    async exists(id: number): Promise<boolean> {
      return !!(await db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst());
    },

    /** Parcels booked and not yet packed (Pending orders with a courier), oldest first, at most `limit`. */
    async bookedNotPacked(limit: number): Promise<number[]> {
      const rows = await db.selectFrom('orders').select('id').where('status', '=', 'Pending').where('packed_at', 'is', null).where('courier', 'is not', null).orderBy('id').limit(limit).execute();
      return rows.map((r) => r.id);
    },

    /** Of these orders, those not Cancelled, in the order given. */
    async notCancelled(ids: readonly number[]): Promise<number[]> {
      const open = new Set<number>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db.selectFrom('orders').select('id').where('id', 'in', ids.slice(i, i + CHUNK)).where('status', '<>', 'Cancelled').execute();
        for (const r of rows) open.add(r.id);
      }
      return ids.filter((id) => open.has(id));
    },

    /**
     * Marks a Pending order packed by `userId`, once: a conditional UPDATE, so two packers
     * scanning the same parcel record one of them. 404 for no order, 409 for an order not Pending
     * (Cancelled, Delivered…), `already` when it was packed before (the first packer and time stay).
     */
    async markPacked(userId: number, id: number): Promise<'packed' | 'already'> {
      const result = await db
        .updateTable('orders')
        .set({ packed_at: nowIso(), packed_by: userId })
        .where('id', '=', id)
        .where('status', '=', 'Pending')
        .where('packed_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return 'packed';
      const order = await db.selectFrom('orders').select(['status', 'packed_at']).where('id', '=', id).executeTakeFirst();
      if (!order) throw new HttpError(404, PACKING_MESSAGES.orderNotFound);
      if (order.status !== 'Pending') throw conflict(PACKING_MESSAGES.notPending(order.status), { current_status: order.status });
      return 'already';
    },
  };
}
