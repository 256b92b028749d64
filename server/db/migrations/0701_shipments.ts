import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * The shipments module's tables: one row per order sent (or being sent) with a courier — the
 * booking claim that keeps two clicks from booking twice, the courier's ids, the parcel's state
 * and when it was last asked about, every answer of the courier — and the parcel's timeline.
 */
export function shipmentsMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('shipments'), dialect)
      // One shipment per order: a failed or unknown booking is claimed again, never doubled.
      .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
      .addColumn('courier', 'text', (c) => c.notNull())
      // booking: claimed, the courier being asked; booked; failed: the courier refused;
      // unknown: no answer (timeout), so a retry asks the courier for the parcel first.
      .addColumn('booking', 'text', (c) => c.notNull())
      .addColumn('claim_token', 'text')
      .addColumn('claimed_at', ts)
      .addColumn('consignment_id', 'text')
      .addColumn('tracking_code', 'text')
      .addColumn('state', 'text')
      .addColumn('courier_status', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      // JSON array of {at, step, answer}: every answer of the courier about this parcel.
      .addColumn('answers', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('polled_at', ts)
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addCheckConstraint('shipments_courier', sql`courier in ('steadfast', 'pathao')`)
      .addCheckConstraint('shipments_booking', sql`booking in ('booking', 'booked', 'failed', 'unknown')`)
      .execute();
    await db.schema.createIndex('shipments_poll').on('shipments').columns(['booking', 'state', 'polled_at']).execute();
    await db.schema.createIndex('shipments_consignment').on('shipments').columns(['courier', 'consignment_id']).execute();

    await withId(db.schema.createTable('shipment_events'), dialect)
      .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shipment_events_order').on('shipment_events').columns(['order_id', 'id']).execute();
  });
}
