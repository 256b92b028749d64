import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { rawMigration } from './raw-statements';

/**
 * Stock out of the catalogue's change counter. Before this migration every UPDATE of a product
 * bumped the counter of 0102, so each checkout (which only moves `units_stock` and `units_sold`)
 * emptied every cached catalogue answer. Now:
 *
 * - `content`: bumped by inserts, deletes and updates of any product column other than the
 *   shelf counts, and by any change to the other catalogue tables (unchanged from 0102).
 * - `stock`: bumped by every change of `units_stock` or `units_sold` (checkout, cancellation,
 *   an admin's edit). Answers ordered by stock are keyed by it.
 * - `availability`: bumped only when a product runs out or comes back (`units_stock` crosses
 *   zero), for answers whose order puts in-stock products first.
 *
 * The stock figures inside a cached answer are never trusted: the answer cache reads them for
 * the answer's products when it serves it (server/catalog/answer-cache.ts).
 *
 * The view `catalog_versions (content, stock, availability)` reads all three in one query on
 * both databases. SQLite: counter rows updated in the writing transaction (one writer, exact).
 * PostgreSQL: sequences bumped by deferred triggers, like 0102's, so checkouts never queue on a
 * hot counter row.
 */
const SHELF_COLUMNS = ['units_stock', 'units_sold'];
/** Every product column a shopper's answer shows or filters on, except the shelf counts. */
const CONTENT_COLUMNS = [
  'type', 'english_title', 'bangla_title', 'description', 'category_id', 'author_id', 'publisher_id', 'image', 'alt_text', 'pdf',
  'isbn', 'edition', 'language', 'country', 'total_page', 'model', 'brand', 'warranty', 'offer_type', 'percentage',
  'flat_discount', 'purchase_from', 'purchase_price', 'regular_price', 'discount_price', 'is_active', 'created_at', 'updated_at', 'id',
].join(', ');
const CROSSES_ZERO = '(old.units_stock > 0) <> (new.units_stock > 0)';

export function catalogStockVersionMigration(dialect: DialectName): Migration {
  return rawMigration(dialect, {
    sqlite: () => [
      `CREATE TABLE catalog_stock_version (id INTEGER PRIMARY KEY CHECK (id = 1), stock INTEGER NOT NULL, availability INTEGER NOT NULL)`,
      `INSERT INTO catalog_stock_version (id, stock, availability) VALUES (1, 1, 1)`,
      `DROP TRIGGER catalog_version_products_update`,
      `CREATE TRIGGER catalog_version_products_update AFTER UPDATE OF ${CONTENT_COLUMNS} ON products BEGIN
             UPDATE catalog_version SET version = version + 1 WHERE id = 1; END`,
      `CREATE TRIGGER catalog_stock_version_products AFTER UPDATE OF ${SHELF_COLUMNS.join(', ')} ON products BEGIN
             UPDATE catalog_stock_version SET stock = stock + 1 WHERE id = 1; END`,
      `CREATE TRIGGER catalog_availability_version_products AFTER UPDATE OF units_stock ON products WHEN ${CROSSES_ZERO} BEGIN
             UPDATE catalog_stock_version SET availability = availability + 1 WHERE id = 1; END`,
      `CREATE VIEW catalog_versions AS SELECT v.version AS content, s.stock AS stock, s.availability AS availability
             FROM catalog_version v, catalog_stock_version s WHERE v.id = 1 AND s.id = 1`,
    ],
    postgres: () => {
      const last = (seq: string) => `(SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ${seq})`;
      return [
        `CREATE SEQUENCE catalog_stock_version_seq`,
        `CREATE SEQUENCE catalog_availability_version_seq`,
        `DROP TRIGGER catalog_version_products ON products`,
        `CREATE CONSTRAINT TRIGGER catalog_version_products AFTER INSERT OR DELETE ON products
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_bump()`,
        `CREATE CONSTRAINT TRIGGER catalog_version_products_update AFTER UPDATE OF ${CONTENT_COLUMNS} ON products
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_bump()`,
        `CREATE FUNCTION haat_catalog_stock_bump() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN PERFORM nextval('catalog_stock_version_seq'); RETURN NULL; END $$`,
        `CREATE FUNCTION haat_catalog_availability_bump() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN PERFORM nextval('catalog_availability_version_seq'); RETURN NULL; END $$`,
        `CREATE CONSTRAINT TRIGGER catalog_stock_version_products AFTER UPDATE OF ${SHELF_COLUMNS.join(', ')} ON products
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_stock_bump()`,
        `CREATE CONSTRAINT TRIGGER catalog_availability_version_products AFTER UPDATE OF units_stock ON products
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (${CROSSES_ZERO.replaceAll('old.', 'OLD.').replaceAll('new.', 'NEW.')})
           EXECUTE FUNCTION haat_catalog_availability_bump()`,
        `CREATE VIEW catalog_versions AS SELECT ${last('catalog_version_seq')} AS content,
           ${last('catalog_stock_version_seq')} AS stock, ${last('catalog_availability_version_seq')} AS availability`,
      ];
    },
  });
}
