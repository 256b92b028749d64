/**
 * Booked parcels written straight into the orders and shipments tables, for the courier's cash
 * (payout sheets of any size, the courier report): each order booked with `courier` under its own
 * consignment id, Delivered and paid unless `status` says otherwise.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import type { CourierId } from '../../domain/providers';
import { ORDER_ROW } from './orders-fixtures';

let seq = 0;

export interface ParcelOptions {
  /** What the parcel was booked to collect (also the order's total); 500 by default. */
  cod?: number;
  status?: 'Pending' | 'Delivered' | 'Returned';
  /** The order's paid_amount; by default the COD when Delivered, else 0. */
  paid?: number;
  delivery_fee?: number | null;
  created_at?: string;
}

export async function insertParcels(db: Kysely<DB>, courier: CourierId, n: number, o: ParcelOptions = {}): Promise<{ id: number; consignment: string }[]> {
  const at = o.created_at ?? nowIso();
  const cod = o.cod ?? 500;
  const status = o.status ?? 'Delivered';
  const tag = `${courier.slice(0, 2).toUpperCase()}${Date.now().toString(36)}${seq++}`;
  const out: { id: number; consignment: string }[] = [];
  for (let i = 0; i < n; i += 250) {
    const batch = Array.from({ length: Math.min(250, n - i) }, (_, j) => `${tag}-${i + j}`);
    const ids = await db
      .insertInto('orders')
      .values(
        batch.map((consignment) => ({
          ...ORDER_ROW,
          subtotal: cod - 60,
          delivery_charge: 60,
          total: cod,
          status,
          payment_status: status === 'Delivered' ? ('paid' as const) : ('unpaid' as const),
          paid_amount: o.paid ?? (status === 'Delivered' ? cod : 0),
          courier,
          consignment_id: consignment,
          tracking_code: consignment,
          shipment_status: status === 'Delivered' ? ('delivered' as const) : status === 'Returned' ? ('returned' as const) : ('in_transit' as const),
          cod_amount: cod,
          delivery_fee: o.delivery_fee ?? null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'consignment_id'])
      .execute();
    await db
      .insertInto('shipments')
      .values(ids.map((r) => ({ order_id: r.id, courier, booking: 'booked' as const, consignment_id: r.consignment_id, tracking_code: r.consignment_id, state: 'delivered' as const, created_at: at, updated_at: at })))
      .execute();
    out.push(...ids.map((r) => ({ id: r.id, consignment: r.consignment_id! })));
  }
  return out;
}
