import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Orders learn how they travel: the courier that carries the parcel, the courier's consignment
 * id and tracking code, and the parcel's state as last read from the courier (domain/shipments.ts).
 * All null until the order is booked with a courier.
 */
export function ordersShipmentMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // One column per statement: SQLite adds one column per ALTER TABLE.
      await db.schema
        .alterTable('orders')
        .addColumn('courier', 'text', (c) => c.check(sql`courier in ('steadfast', 'pathao')`))
        .execute();
      await db.schema.alterTable('orders').addColumn('consignment_id', 'text').execute();
      await db.schema.alterTable('orders').addColumn('tracking_code', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('shipment_status', 'text', (c) =>
          c.check(sql`shipment_status in ('booked', 'in_transit', 'out_for_delivery', 'delivered', 'partly_delivered', 'cancelled', 'returned', 'on_hold', 'unknown')`),
        )
        .execute();
      await db.schema.createIndex('orders_shipment_status').on('orders').columns(['shipment_status', 'id']).execute();
    },
  };
}
