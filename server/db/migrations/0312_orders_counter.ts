import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { providerIdsAsTextMigration } from './0307_provider_ids_as_text';

/**
 * The counter (issue 36; docs/counter.md). Orders gain:
 * - `client_ref`: the id the counter screen gives a sale before sending it; unique while set, so
 *   a retry (or two sends at once) of one sale is refused by the database and answered with the
 *   sale already recorded;
 * - `tendered` and `change_due`: the money the buyer handed over and what went back;
 * - `stock_short`: 1 when a sale made offline had lines whose stock was gone when it arrived;
 *   those lines (`order_items.short`) moved no stock and wait for staff.
 * The counter's discount is an `order_discounts` row (kind `counter`), so `discount_total` and the
 * reports read it as any other. `order_payments.method` loses its CHECK (as the provider ids did,
 * 0307), so a card payment (`card`) needs no table rebuild the next time a method is added; the
 * app's zod enums still refuse an unknown one.
 */
export function ordersCounterMigration(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // One column per statement: SQLite adds one column per ALTER TABLE.
      await db.schema.alterTable('orders').addColumn('client_ref', 'text').execute();
      await db.schema.alterTable('orders').addColumn('tendered', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('change_due', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('stock_short', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('order_items').addColumn('short', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('orders_client_ref').on('orders').column('client_ref').unique().where(sql.ref('client_ref'), 'is not', null).execute();
      await providerIdsAsTextMigration(dialect, 'order_payments', ['method']).up(db);
    },
  };
}
