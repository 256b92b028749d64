import { sql, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * Money an order received or gave back by hand (issue 30): a wallet claim typed at checkout
 * (`verified` 0 until staff check it), a payment staff recorded or verified (bKash, Nagad,
 * Rocket, cash, bank; later `exchange` credit), and a manual refund (`kind` refund). Owned by
 * the orders module; online gateway payments stay in payment_attempts.
 *
 * A verified transaction id is used once per kind and method across every order: a partial
 * unique index (both databases have them), so the same TrxID posted twice at once is refused
 * by the database, not by a read that two requests could both pass. Unverified claims are not
 * in it: a customer's claim is only a claim until staff find the money.
 */
export function ordersPaymentsMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('order_payments'), dialect)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('payment'))
      .addColumn('method', 'text', (c) => c.notNull())
      // '' for cash (and claims without one); upper case, no spaces (domain/wallet-payments.ts).
      .addColumn('transaction_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
      // A refund's reason; empty for payments.
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('verified_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('verified_at', ts)
      .addCheckConstraint('order_payments_kind', sql`kind in ('payment', 'refund')`)
      .addCheckConstraint('order_payments_method', sql`method in ('bkash', 'nagad', 'rocket', 'cash', 'bank', 'exchange')`)
      .addCheckConstraint('order_payments_amount', sql`amount >= 0`)
      .addCheckConstraint('order_payments_verified', sql`verified in (0, 1)`)
      .execute();
    await db.schema.createIndex('order_payments_order').on('order_payments').columns(['order_id', 'id']).execute();
    await db.schema
      .createIndex('order_payments_transaction')
      .on('order_payments')
      .columns(['kind', 'method', 'transaction_id'])
      .unique()
      .where(sql.ref('verified'), '=', 1)
      .where(sql.ref('transaction_id'), '<>', '')
      .execute();
  });
}
