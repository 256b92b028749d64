import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * Curated lists (issue 36), owned by the lists module (server/lists/): a list and its products in
 * order. A product may be in any number of lists; deleting a product deletes its rows here
 * (cascade), so a list never blocks the catalogue nor points at nothing. The home page reads the
 * lists switched on for it by `show_on_home`, `home_position`.
 */
export function listsCuratedMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('curated_lists'), dialect)
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('starts_at', ts)
      .addColumn('ends_at', ts)
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('show_on_home', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('home_position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('curated_lists_home').on('curated_lists').columns(['show_on_home', 'is_active', 'home_position']).execute();

    await db.schema
      .createTable('curated_list_products')
      .addColumn('list_id', 'integer', (c) => c.notNull().references('curated_lists.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('curated_list_products_pk', ['list_id', 'product_id'])
      .execute();
    await db.schema.createIndex('curated_list_products_order').on('curated_list_products').columns(['list_id', 'position']).execute();
    // A product's delete finds its rows through this.
    await db.schema.createIndex('curated_list_products_product').on('curated_list_products').column('product_id').execute();
  });
}
