/**
 * The orders module's face to the shipments module: an order's courier columns (`courier`,
 * `consignment_id`, `tracking_code`, `shipment_status`) are the orders module's, so the shipments
 * module reads and moves them only through these functions, inside its own transaction where a
 * move belongs with its shipment row. A delivered or returned parcel moves the order through the
 * state machine as the back office (orders/transitions.ts: cash on delivery paid, stock back,
 * history), as the system: no admin in its history.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { applyOrderMove, type OrderMoveDeps } from './transitions';
import type { CourierId, ParcelStateName } from '../../domain/shipments';

const COLUMNS = [
  'id', 'status', 'total', 'paid_amount', 'refunded_amount', 'payment_status', 'payment_gateway', 'name', 'phone_number',
  'optional_phone_number', 'email', 'district', 'upazila_thana', 'delivery_address', 'order_instruction', 'created_at',
  'courier', 'consignment_id', 'tracking_code', 'shipment_status', 'account_phone', 'cod_amount', 'confirmation',
] as const;

export function createOrderShipments(db: Kysely<DB>, deps: OrderMoveDeps) {
  const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) === 1;

  function get(id: number, q: Kysely<DB> = db) {
    return q.selectFrom('orders').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  return {
    /** The order as the shipments module sees it; undefined when there is none. */
    get,

    /** The order when `phone` (normalised) is the one it was placed with; undefined otherwise. */
    async getWithPhone(id: number, phone: string) {
      return db.selectFrom('orders').select(COLUMNS).where('id', '=', id).where('phone_number', '=', phone).executeTakeFirst();
    },

    /** The order's lines, for the parcel's description. */
    async lines(id: number): Promise<{ title: string; quantity: number }[]> {
      const rows = await db.selectFrom('order_items').select(['product_title', 'quantity']).where('order_id', '=', id).orderBy('id').execute();
      return rows.map((r) => ({ title: r.product_title, quantity: r.quantity }));
    },

    /** The order's status history, oldest first. */
    async history(id: number): Promise<{ at: string; from: string | null; to: string }[]> {
      const rows = await db.selectFrom('order_status_changes').select(['from_status', 'to_status', 'created_at']).where('order_id', '=', id).orderBy('id').execute();
      return rows.map((r) => ({ at: r.created_at, from: r.from_status, to: r.to_status }));
    },

    /**
     * The parcel is booked: a Pending, confirmed order carries its courier, ids, state and the COD the
     * courier was asked to collect (`codAmount`: total − what the shop kept, as sent), once, while its
     * total is still the one the COD came from. False otherwise.
     */
    async markBooked(trx: Kysely<DB>, p: { id: number; courier: CourierId; consignmentId: string; trackingCode: string; state: ParcelStateName; codAmount: number; total?: number }): Promise<boolean> {
      return changed(
        await trx
          .updateTable('orders')
          .set({ courier: p.courier, consignment_id: p.consignmentId, tracking_code: p.trackingCode, shipment_status: p.state, cod_amount: Math.max(0, Math.round(p.codAmount)) })
          .where('id', '=', p.id)
          .where('status', '=', 'Pending')
          .where('consignment_id', 'is', null)
          // The row decides, not the caller's read: an order nobody confirmed never goes out (issue 33).
          .where('confirmation', '=', 'confirmed')
          // `total`: the total the COD was worked out from; an edit that re-priced the order meanwhile refuses the parcel.
          .$if(p.total !== undefined, (q) => q.where('total', '=', p.total!))
          .executeTakeFirst(),
      );
    },

    /** The parcel's state as last read from the courier. */
    async setShipmentStatus(trx: Kysely<DB>, id: number, state: ParcelStateName): Promise<void> {
      await trx.updateTable('orders').set({ shipment_status: state }).where('id', '=', id).execute();
    },

    /**
     * The courier delivered (Delivered: cash on delivery paid) or brought back (Returned: stock
     * back) a Pending order's parcel. False when the order is no longer Pending.
     */
    async settle(trx: Kysely<DB>, id: number, to: 'Delivered' | 'Returned', shopName: string): Promise<boolean> {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
      if (!order || order.status !== 'Pending') return false;
      return (await applyOrderMove(trx, deps, { id, from: order.status, to, cause: 'courier', shopName, payment: order })) === 'moved';
    },
  };
}

export type OrderShipments = ReturnType<typeof createOrderShipments>;
export type ShipmentOrder = NonNullable<Awaited<ReturnType<OrderShipments['get']>>>;
