import { sql } from 'kysely';
import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * The COD order desk (issue 33). Orders gain:
 * - `confirmation` (`confirmed` | `unconfirmed`), `confirmed_at`, `confirmation_method`
 *   (`auto` | `sms` | `call` | `staff` | `paid`) and `confirmed_by`: orders placed before read
 *   confirmed, `auto`, at the time they were placed;
 * - `confirm_token_hash`: the SHA-256 of the one-time link an unconfirmed order's SMS carries,
 *   cleared when it is used or the order leaves Pending (unique while set);
 * - `source` (`web` | `phone` | `facebook` | `shop` | `counter` | `other`) and `staff_note`;
 * and `order_edits` keeps each staff edit of a Pending order (lines, address, delivery) as JSON
 * before and after.
 *
 * Indexes: the buyer's record counts a phone number's orders by status (`orders_phone_history`,
 * which replaces `orders_phone`: its first column answers every lookup the old one did); the
 * auto-cancel sweep reads unconfirmed orders oldest first; the date filters read `created_at`.
 */
export function ordersDeskMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    // One column per statement: SQLite adds one column per ALTER TABLE.
    await db.schema
      .alterTable('orders')
      .addColumn('confirmation', 'text', (c) => c.notNull().defaultTo('confirmed').check(sql`confirmation in ('confirmed', 'unconfirmed')`))
      .execute();
    await db.schema.alterTable('orders').addColumn('confirmed_at', ts).execute();
    await db.schema.alterTable('orders').addColumn('confirmation_method', 'text', (c) => c.notNull().defaultTo('auto')).execute();
    await db.schema.alterTable('orders').addColumn('confirmed_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
    await db.schema.alterTable('orders').addColumn('confirm_token_hash', 'text').execute();
    await db.schema.alterTable('orders').addColumn('source', 'text', (c) => c.notNull().defaultTo('web')).execute();
    await db.schema.alterTable('orders').addColumn('staff_note', 'text', (c) => c.notNull().defaultTo('')).execute();
    await sql`update orders set confirmed_at = created_at`.execute(db);

    await db.schema.createIndex('orders_confirm_token').on('orders').column('confirm_token_hash').unique().where(sql.ref('confirm_token_hash'), 'is not', null).execute();
    await db.schema.createIndex('orders_unconfirmed').on('orders').columns(['confirmation', 'created_at']).execute();
    await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
    await db.schema.createIndex('orders_phone_history').on('orders').columns(['phone_number', 'status', 'source']).execute();
    await db.schema.dropIndex('orders_phone').execute();

    await withId(db.schema.createTable('order_edits'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // JSON: the edited fields and lines as they were, and as they became.
      .addColumn('before', 'text', (c) => c.notNull())
      .addColumn('after', 'text', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_edits_order').on('order_edits').columns(['order_id', 'id']).execute();
  });
}
