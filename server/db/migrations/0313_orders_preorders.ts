import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Pre-orders (issue 36; docs/preorders.md). Order lines gain `preorder`: null (taken from stock),
 * `waiting` (a pre-order line not yet filled) or `filled`. Orders gain `preorder_release_date`
 * (the latest release date of their pre-order lines; null: no pre-order line) and
 * `preorder_waiting` (lines still waiting): an order with any pre-order line is held whole until
 * it is 0 and the date has come. The partial index is the filling's read: a product's waiting lines.
 */
export function ordersPreordersMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('order_items').addColumn('preorder', 'text').execute();
      await db.schema.alterTable('orders').addColumn('preorder_release_date', 'text').execute();
      await db.schema.alterTable('orders').addColumn('preorder_waiting', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createIndex('order_items_preorder_waiting')
        .on('order_items')
        .columns(['product_id', 'order_id'])
        .where(sql.ref('preorder'), '=', sql.lit('waiting'))
        .execute();
    },
  };
}
