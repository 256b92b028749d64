import type { Kysely, Migration } from 'kysely';

/**
 * The newest-first index of active products (0101) carries each product's category too, so a
 * section with its sub-sections (`category_id IN (…)`, newest first) is read from the index alone:
 * SQLite walks it in order and skips the other sections' entries without visiting their rows
 * (124 → 61 µs for the benchmark's large section, page 2). PostgreSQL merges per-category reads
 * there instead (product-lists.ts `pageIds`); every other use of the index is unchanged.
 */
export function catalogSectionIndexMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.createIndex('products_active_updated_at_category').on('products').columns(['is_active', 'updated_at', 'id', 'category_id']).execute();
      await db.schema.dropIndex('products_active_updated_at').execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.createIndex('products_active_updated_at').on('products').columns(['is_active', 'updated_at', 'id']).execute();
      await db.schema.dropIndex('products_active_updated_at_category').execute();
    },
  };
}
