import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for every catalogue filter and ordering: a page of a 100,000-product
 * shop reads the rows of that page, not the table. Each ends with `id`, the tie-breaker of
 * every ordering, so "ORDER BY key, id LIMIT 20 OFFSET n" walks the index.
 */
const ORDER_KEYS = ['updated_at', 'regular_price', 'units_stock', 'english_title'] as const;

export function catalogIndexesMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.createIndex('products_active_id').on('products').columns(['is_active', 'id']).execute();
      await db.schema.createIndex('products_type_active_id').on('products').columns(['type', 'is_active', 'id']).execute();
      for (const key of ORDER_KEYS) {
        await db.schema.createIndex(`products_active_${key}`).on('products').columns(['is_active', key, 'id']).execute();
        await db.schema.createIndex(`products_type_active_${key}`).on('products').columns(['type', 'is_active', key, 'id']).execute();
      }
      for (const col of ['category_id', 'author_id', 'publisher_id']) {
        await db.schema.createIndex(`products_${col}_active_updated`).on('products').columns([col, 'is_active', 'updated_at', 'id']).execute();
      }
      await db.schema.createIndex('categories_parent').on('categories').column('parent_id').execute();
    },
  };
}
