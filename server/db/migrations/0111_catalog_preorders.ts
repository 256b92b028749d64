import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * Pre-orders (issue 36; docs/preorders.md): products gain `preorder_release_date` (a Dhaka date;
 * null: no pre-order), `preorder_limit` (units in all), `preorder_taken` (units pre-ordered so far,
 * counted against the limit) and `preorder_waiting` (pre-ordered units not yet filled from stock;
 * the stock on sale is `units_stock - preorder_waiting`).
 *
 * The date and the limit are content: a trigger of their own bumps the content counter (0104's
 * names its columns, as 0107's does for ratings). The two counts move with checkouts like the shelf
 * counts, so they bump nothing: the answer cache reads `preorder_available` per product when it
 * serves an answer. The partial index is the filling sweep's one read: products with units waiting.
 */
export function catalogPreordersMigration(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // One column per statement: SQLite adds one column per ALTER TABLE.
      await db.schema.alterTable('products').addColumn('preorder_release_date', 'text').execute();
      await db.schema.alterTable('products').addColumn('preorder_limit', 'integer').execute();
      await db.schema.alterTable('products').addColumn('preorder_taken', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('products').addColumn('preorder_waiting', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('products_preorder_waiting').on('products').column('id').where(sql.ref('preorder_waiting'), '>', sql.lit(0)).execute();
      const trigger =
        dialect === 'sqlite'
          ? `CREATE TRIGGER catalog_version_products_preorder AFTER UPDATE OF preorder_release_date, preorder_limit ON products BEGIN
               UPDATE catalog_version SET version = version + 1 WHERE id = 1; END`
          : `CREATE CONSTRAINT TRIGGER catalog_version_products_preorder AFTER UPDATE OF preorder_release_date, preorder_limit ON products
               DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_bump()`;
      await sql.raw(trigger).execute(db);
    },
  };
}
