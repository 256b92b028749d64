import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * Goods received from publishers and suppliers (issue 35), owned by the stock module
 * (server/stock/): a receipt and its lines (product, quantity, unit cost when known). The stock
 * they add is the catalogue's, written through its ledger (`receipt` movements, ref `receipt:<id>`).
 * A product on a receipt is never deleted (the line keeps pointing at it): the catalogue
 * deactivates it instead, as it does for a product on orders.
 *
 * `stock_alert_days`: one row per Dhaka day the morning low-stock notice was sent (or found
 * nothing to send), so a second process or a restart the same day sends nothing.
 */
export function stockReceiptsMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('stock_receipts'), dialect)
      .addColumn('supplier', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      // The lines with a unit cost, quantity × cost; null when none had one.
      .addColumn('total_cost', 'integer', (c) => c.check(sql`total_cost >= 0`))
      .execute();
    await db.schema.createIndex('stock_receipts_created').on('stock_receipts').columns(['created_at', 'id']).execute();

    await withId(db.schema.createTable('stock_receipt_lines'), dialect)
      .addColumn('receipt_id', 'integer', (c) => c.notNull().references('stock_receipts.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('unit_cost', 'integer', (c) => c.check(sql`unit_cost >= 0`))
      .execute();
    await db.schema.createIndex('stock_receipt_lines_receipt').on('stock_receipt_lines').columns(['receipt_id', 'id']).execute();
    // A product's delete checks its receipt lines through this.
    await db.schema.createIndex('stock_receipt_lines_product').on('stock_receipt_lines').column('product_id').execute();

    await db.schema
      .createTable('stock_alert_days')
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('products', 'integer', (c) => c.notNull())
      .addColumn('recipients', 'integer', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
  });
}
