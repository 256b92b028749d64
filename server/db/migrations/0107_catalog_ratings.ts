import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * Every product carries its rating figures (the reviews module recomputes them from its own
 * table and writes them through the catalogue's `ratings` face), so every product read has them
 * without a join to another module. The average is rating_sum / rating_count.
 *
 * The figures are content: a cached catalogue answer that shows them must be remade when they
 * move. 0104's content trigger names its columns, so these get a trigger of their own bumping
 * the same counter (SQLite: the counter row; PostgreSQL: the deferred sequence bump).
 */
export function catalogRatingsMigration(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('products').addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('products').addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      if (dialect === 'sqlite') {
        await sql
          .raw(
            `CREATE TRIGGER catalog_version_products_ratings AFTER UPDATE OF rating_count, rating_sum ON products BEGIN
               UPDATE catalog_version SET version = version + 1 WHERE id = 1; END`,
          )
          .execute(db);
        return;
      }
      await sql
        .raw(
          `CREATE CONSTRAINT TRIGGER catalog_version_products_ratings AFTER UPDATE OF rating_count, rating_sum ON products
             DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_bump()`,
        )
        .execute(db);
    },
  };
}
