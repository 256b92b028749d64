import { sql } from 'kysely';
import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { timestampedMigration } from './timestamped';

/**
 * The packing desk (issue 35): orders gain `packed_at` and `packed_by` (who marked the parcel
 * packed; set once). Packed is a fact about the parcel, not a status: the order state machine
 * (domain/order-states.ts) does not know it. The index answers "booked, not yet packed" (the
 * packing screen's print button) without reading every order.
 */
export function ordersPackedMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    // One column per statement: SQLite adds one column per ALTER TABLE.
    await db.schema.alterTable('orders').addColumn('packed_at', ts).execute();
    await db.schema.alterTable('orders').addColumn('packed_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
    await db.schema
      .createIndex('orders_to_pack')
      .on('orders')
      .column('id')
      .where(sql.ref('status'), '=', sql.lit('Pending'))
      .where(sql.ref('packed_at'), 'is', null)
      .where(sql.ref('courier'), 'is not', null)
      .execute();
  });
}
