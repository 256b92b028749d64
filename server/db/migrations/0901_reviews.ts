import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * The reviews module's table: one review per customer and product (the unique pair), a rating of
 * 1–5 and optional words; `hidden` (0/1) is an admin's moderation, and a hidden review neither
 * shows nor counts. The product page reads a product's visible reviews newest first (by id):
 * the (product_id, hidden, id) index serves that read, its count and the figures' recount.
 */
export function reviewsMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('product_reviews'), dialect)
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('product_reviews_product_user', ['product_id', 'user_id'])
      .addCheckConstraint('product_reviews_rating', sql`rating between 1 and 5`)
      .addCheckConstraint('product_reviews_hidden', sql`hidden in (0, 1)`)
      .execute();
    await db.schema.createIndex('product_reviews_product_visible').on('product_reviews').columns(['product_id', 'hidden', 'id']).execute();
    // "My reviews" and a deleted account's reviews.
    await db.schema.createIndex('product_reviews_user').on('product_reviews').columns(['user_id']).execute();
  });
}
