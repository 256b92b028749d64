import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * The payments module's tables: every attempt to pay an order online, with each answer its
 * gateway gave (kept for the back office), and every refund tried, with who asked and what the
 * gateway said.
 */
export function paymentsMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('payment_attempts'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('gateway', 'text', (c) => c.notNull())
      // bKash merchantInvoiceNumber, SSLCommerz tran_id: unique per attempt.
      .addColumn('invoice', 'text', (c) => c.notNull().unique())
      // bKash paymentID, SSLCommerz sessionkey; null until the gateway opened the payment.
      .addColumn('gateway_ref', 'text')
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('BDT'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payment_url', 'text', (c) => c.notNull().defaultTo(''))
      // bKash trxID, SSLCommerz bank_tran_id, once paid.
      .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('failure_reason', 'text', (c) => c.notNull().defaultTo(''))
      // JSON array of {at, step, answer}: every answer of the gateway about this attempt.
      .addColumn('answers', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('claim_token', 'text')
      .addColumn('claimed_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addCheckConstraint('payment_attempts_gateway', sql`gateway in ('bkash_online', 'sslcommerz')`)
      .addCheckConstraint(
        'payment_attempts_status',
        sql`status in ('starting', 'open', 'confirming', 'unknown', 'paid', 'review', 'failed', 'cancelled', 'expired')`,
      )
      .addCheckConstraint('payment_attempts_amount_positive', sql`amount > 0`)
      .execute();
    await db.schema.createIndex('payment_attempts_order').on('payment_attempts').columns(['order_id', 'id']).execute();
    await db.schema.createIndex('payment_attempts_ref').on('payment_attempts').columns(['gateway', 'gateway_ref']).unique().execute();
    await db.schema.createIndex('payment_attempts_status').on('payment_attempts').columns(['status', 'updated_at']).execute();

    await withId(db.schema.createTable('payment_refunds'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('attempt_id', 'integer', (c) => c.notNull().references('payment_attempts.id').onDelete('cascade'))
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      // Sent to the gateway as the refund's own id (bKash sku, SSLCommerz refe_id).
      .addColumn('refund_key', 'text', (c) => c.notNull().unique())
      // The gateway's refund transaction id when it succeeded; its message when it did not.
      .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('answer', 'text', (c) => c.notNull().defaultTo('null'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addCheckConstraint('payment_refunds_status', sql`status in ('pending', 'succeeded', 'failed')`)
      .addCheckConstraint('payment_refunds_amount_positive', sql`amount > 0`)
      .execute();
    await db.schema.createIndex('payment_refunds_order').on('payment_refunds').columns(['order_id', 'id']).execute();
  });
}
