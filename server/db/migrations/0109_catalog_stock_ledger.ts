import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { nowIso, withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * The stock ledger (issue 35), owned by the catalogue: every change of a product's
 * `units_stock` is a row of `stock_movements` (delta, reason, reference, user) written in the same
 * transaction as the change (server/catalog/stock-ledger.ts), so a product's stock is the sum of
 * its movements. The ledger starts with one `adjustment` (ref `opening`) per product holding
 * stock. Products gain `low_stock_threshold` (null: the shop's `low_stock_default`).
 *
 * A product inserted with stock by anything but the catalogue's own writes (the demo shop, the
 * benchmark's batches, test fixtures) gets its opening movement from a trigger, so the sum holds
 * whatever wrote the row; the catalogue itself inserts with 0 and writes the opening through the
 * ledger, with its user. Updates are never covered by a trigger: they go through the ledger.
 */
export function catalogStockLedgerMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await db.schema.alterTable('products').addColumn('low_stock_threshold', 'integer', (c) => c.check(sql`low_stock_threshold >= 0`)).execute();

    await withId(db.schema.createTable('stock_movements'), dialect)
      // A deleted product (one never ordered nor received) takes its ledger with it.
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('delta', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('sale', 'cancel', 'return', 'damaged', 'receipt', 'adjustment', 'counter')`))
      .addColumn('ref', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    // A product's history, newest first, and the sales of a window per product (server/catalog/stock-ledger.ts).
    await db.schema.createIndex('stock_movements_product').on('stock_movements').columns(['product_id', 'id']).execute();

    const at = nowIso();
    await sql`insert into stock_movements (product_id, delta, reason, ref, user_id, created_at)
      select id, units_stock, 'adjustment', 'opening', null, ${dialect === 'postgres' ? sql`cast(${at} as timestamptz)` : at} from products where units_stock <> 0 order by id`.execute(db);

    const opening = `INSERT INTO stock_movements (product_id, delta, reason, ref, user_id, created_at) VALUES (NEW.id, NEW.units_stock, 'adjustment', 'opening', NULL, NEW.created_at)`;
    if (dialect === 'postgres') {
      await sql.raw(`CREATE FUNCTION haat_stock_opening() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${opening}; RETURN NULL; END $$`).execute(db);
      await sql.raw(`CREATE TRIGGER stock_movements_opening AFTER INSERT ON products FOR EACH ROW WHEN (NEW.units_stock <> 0) EXECUTE FUNCTION haat_stock_opening()`).execute(db);
    } else {
      await sql.raw(`CREATE TRIGGER stock_movements_opening AFTER INSERT ON products WHEN NEW.units_stock <> 0 BEGIN ${opening}; END`).execute(db);
    }
  });
}
