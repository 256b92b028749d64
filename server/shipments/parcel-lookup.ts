/**
 * Finding parcels for the packing desk (server/packing): the order a courier's consignment id or
 * tracking code belongs to (a scanned courier label), and the orders booked over a span of time
 * (today's parcels). Reads the shipments table only; the orders' own columns stay the orders'.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { timestampParam } from '../db/dialect';
import { COURIER_IDS } from '../../domain/providers';

export function createParcelLookup(db: Kysely<DB>, dialect: DialectName) {
  return {
    /** The order whose booked parcel has this consignment id or tracking code (exactly, either courier); null when none. */
    async orderOfCode(code: string): Promise<number | null> {
      // The consignment id through its index (courier, consignment_id); a tracking code has none
      // (a scan is one person's keystroke, and the table holds a parcel per order).
      const byConsignment = await db
        .selectFrom('shipments')
        .select('order_id')
        .where('courier', 'in', COURIER_IDS)
        .where('consignment_id', '=', code)
        .where('booking', '=', 'booked')
        .executeTakeFirst();
      if (byConsignment) return byConsignment.order_id;
      const byTracking = await db.selectFrom('shipments').select('order_id').where('tracking_code', '=', code).where('booking', '=', 'booked').executeTakeFirst();
      return byTracking?.order_id ?? null;
    },

    /** Orders whose parcel was booked in [start, end) (when its booking began), oldest first, at most `limit`. */
    async bookedBetween(start: string, end: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('shipments')
        .select('order_id')
        .where('booking', '=', 'booked')
        .where('created_at', '>=', timestampParam(dialect, start))
        .where('created_at', '<', timestampParam(dialect, end))
        .orderBy('order_id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.order_id);
    },
  };
}

export type ParcelLookup = ReturnType<typeof createParcelLookup>;
