import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { withCodeColumns } from './code-columns';
import { timestampedMigration } from './timestamped';

/**
 * The restock module's tables: back-in-stock requests (one waiting request per product and
 * phone number; `notified_at` is set in the transaction that queues its one SMS) and the codes
 * that prove a guest's phone number (stored hashed, 10 minutes, 5 wrong tries, used once).
 */
export function restockRequestsMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('restock_requests'), dialect)
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('notified_at', ts)
      .execute();
    // At most one waiting request per product and number; the same index finds and counts a
    // product's waiting requests (product_id leads).
    await db.schema
      .createIndex('restock_requests_waiting')
      .unique()
      .on('restock_requests')
      .columns(['product_id', 'phone_number'])
      .where(sql.ref('notified_at'), 'is', null)
      .execute();

    await withId(db.schema.createTable('restock_codes'), dialect)
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .$call((table) => withCodeColumns(table, ts))
      .execute();
    await db.schema.createIndex('restock_codes_phone').on('restock_codes').columns(['phone_number', 'id']).execute();
  });
}
