import { sql } from 'kysely';
import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * Returns and exchanges (issue 34), owned by the orders module. Orders gain `return_status`
 * (null | `in_transit` | `received`: goods on their way back, or back on the shelf; orders
 * Returned before it existed read `received`), `exchange_of` (the order an exchange replaces)
 * and `difference_due` (an exchange's price difference: negative is owed to the customer).
 *
 * A return (`returns`) has lines (`return_lines`: order item, quantity, the condition staff
 * gave, the condition it was received in) and up to three photos (`return_photos`, media keys),
 * and moves requested → approved → received → refunded, or rejected (domain/order-states.ts).
 * `origin` says who opened it: the customer, staff, the courier bringing a parcel back, or the
 * rest of a partial delivery.
 */
export function ordersReturnsMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await db.schema.alterTable('orders').addColumn('return_status', 'text', (c) => c.check(sql`return_status in ('in_transit', 'received')`)).execute();
    await db.schema.alterTable('orders').addColumn('exchange_of', 'integer', (c) => c.references('orders.id').onDelete('set null')).execute();
    await db.schema.alterTable('orders').addColumn('difference_due', 'integer').execute();
    await sql`update orders set return_status = 'received' where status = 'Returned'`.execute(db);
    await db.schema.createIndex('orders_return_status').on('orders').columns(['return_status', 'updated_at']).execute();

    await withId(db.schema.createTable('returns'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('requested', 'approved', 'rejected', 'received', 'refunded')`))
      .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('customer', 'staff', 'courier', 'partial')`))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('refund_amount', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refund_amount >= 0`))
      .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_amount >= 0`))
      .addColumn('decision_reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('decided_at', ts)
      .addColumn('received_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('received_at', ts)
      .addColumn('exchange_order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('returns_order').on('returns').columns(['order_id', 'id']).execute();
    await db.schema.createIndex('returns_status').on('returns').columns(['status', 'created_at']).execute();

    await withId(db.schema.createTable('return_lines'), dialect)
      .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
      .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      // The condition staff (or the customer's request) gave; null: not said (received as resellable).
      .addColumn('condition', 'text', (c) => c.check(sql`condition in ('resellable', 'damaged')`))
      // The condition it was received in: what moved the stock.
      .addColumn('received_condition', 'text', (c) => c.check(sql`received_condition in ('resellable', 'damaged')`))
      .execute();
    await db.schema.createIndex('return_lines_return').on('return_lines').columns(['return_id', 'id']).execute();

    await withId(db.schema.createTable('return_photos'), dialect)
      .addColumn('return_id', 'integer', (c) => c.notNull().references('returns.id').onDelete('cascade'))
      // The media store's key of the re-encoded picture (server/media).
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('return_photos_return').on('return_photos').column('return_id').execute();
  });
}
