import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { rawMigration } from './raw-statements';

/**
 * Pre-order counts move the stock counter (issue 32). `preorder_taken` and `preorder_waiting`
 * change what a shopper's answer shows (units on sale, pre-order units left) as the shelf counts
 * do, so they bump 0104's `stock` counter too. The answer cache may then serve a remembered
 * answer's counts as they were while that counter stands still (server/catalog/answer-cache.ts),
 * instead of reading them for every request.
 */
export function catalogPreorderStockVersionMigration(dialect: DialectName): Migration {
  return rawMigration(dialect, {
    sqlite: () => [
      `CREATE TRIGGER catalog_stock_version_products_preorder AFTER UPDATE OF preorder_taken, preorder_waiting ON products BEGIN
             UPDATE catalog_stock_version SET stock = stock + 1 WHERE id = 1; END`,
    ],
    postgres: () => [
      `CREATE CONSTRAINT TRIGGER catalog_stock_version_products_preorder AFTER UPDATE OF preorder_taken, preorder_waiting ON products
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_stock_bump()`,
    ],
  });
}
