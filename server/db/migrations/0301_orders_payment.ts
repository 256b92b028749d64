import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { timestampType } from '../dialect';

/**
 * Orders learn how they are paid: the payment's status (domain/payments.ts), the online gateway
 * when there is one, the gateway's transaction id, what was paid and refunded and when, and how
 * long an unpaid online order holds its stock. Orders delivered before this were paid on delivery.
 */
export function ordersPaymentMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      // One column per statement: SQLite adds one column per ALTER TABLE.
      await db.schema
        .alterTable('orders')
        .addColumn('payment_status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('unpaid')
            .check(sql`payment_status in ('unpaid', 'pending', 'paid', 'review', 'failed', 'refunded', 'partially_refunded')`),
        )
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('payment_gateway', 'text', (c) => c.check(sql`payment_gateway in ('bkash_online', 'sslcommerz')`))
        .execute();
      await db.schema.alterTable('orders').addColumn('payment_reference', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema
        .alterTable('orders')
        .addColumn('paid_amount', 'integer', (c) => c.notNull().defaultTo(0).check(sql`paid_amount >= 0`))
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_amount >= 0`))
        .execute();
      await db.schema.alterTable('orders').addColumn('paid_at', ts).execute();
      await db.schema.alterTable('orders').addColumn('payment_hold_until', ts).execute();
      await db.schema.createIndex('orders_payment_status').on('orders').columns(['payment_status', 'id']).execute();
      await db.schema.createIndex('orders_payment_hold').on('orders').columns(['payment_hold_until']).execute();
      await db
        .updateTable('orders')
        .set({ payment_status: 'paid', paid_amount: sql`total`, paid_at: sql`updated_at` })
        .where('status', '=', 'Delivered')
        .execute();
    },
  };
}
