import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * The promotions module's tables: the promotions themselves (what they cover and who they are
 * for kept as JSON, read whole with the promotion), and one row per use by an order. `used_count`
 * is the number of uses not given back, raised by a conditional UPDATE in the checkout's
 * transaction, so two checkouts cannot both take a code's last use.
 */
export function promotionsMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('promotions'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('buy_quantity', 'integer')
      .addColumn('get_quantity', 'integer')
      .addColumn('get_products', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('applies_to', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('min_subtotal', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('starts_at', ts)
      .addColumn('ends_at', ts)
      .addColumn('usage_limit', 'integer')
      .addColumn('per_customer_limit', 'integer')
      // Stored in capitals; unique among coupons (automatic promotions have none).
      .addColumn('code', 'text', (c) => c.unique())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addCheckConstraint('promotions_kind', sql`kind in ('percentage', 'fixed', 'free_delivery', 'buy_x_get_y')`)
      .addCheckConstraint('promotions_used', sql`used_count >= 0 and (usage_limit is null or used_count <= usage_limit)`)
      .execute();
    await db.schema.createIndex('promotions_automatic').on('promotions').columns(['is_active', 'code']).execute();

    await withId(db.schema.createTable('promotion_redemptions'), dialect)
      .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      // Set when the order is cancelled: the use is given back.
      .addColumn('released_at', ts)
      .execute();
    await db.schema.createIndex('promotion_redemptions_customer').on('promotion_redemptions').columns(['promotion_id', 'user_id']).execute();
    await db.schema.createIndex('promotion_redemptions_order').on('promotion_redemptions').columns(['order_id']).execute();
  });
}
