import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';

/**
 * Orders keep what promotions took off them, as it was at checkout — the promotion's id, name
 * and code and the amount — so history and invoices stay right after a promotion changes or is
 * deleted. total = subtotal + delivery_charge − discount_total.
 */
export function ordersDiscountsMigration(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('discount_total', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await withId(db.schema.createTable('order_discounts'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        // No foreign key: the order keeps its record when the promotion is deleted.
        .addColumn('promotion_id', 'integer')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_discounts_order').on('order_discounts').columns(['order_id']).execute();
    },
  };
}
