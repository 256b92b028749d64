import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { timestampType } from '../dialect';

/** Every payment status an order may have after this migration (domain/payments.ts PAYMENT_STATUSES). */
const PAYMENT_STATUSES_SQL = sql`payment_status in ('unpaid', 'unverified', 'pending', 'partly_paid', 'paid', 'review', 'failed', 'refunded', 'partially_refunded')`;

/**
 * Money the shop can count (issue 30): an order's payment may also be `unverified` (a wallet
 * claim not checked yet) and `partly_paid` (verified money short of the total); `refund_due`
 * marks a payment that arrived for a cancelled order that could not be reopened, until it is
 * refunded; a parcel's `cod_amount` (what the courier collects), `delivery_fee` (what the courier
 * charges) and `cod_settled_at` (when the courier paid the COD out) sit beside its `courier`.
 *
 * The payment status CHECK is widened: PostgreSQL drops and adds the constraint; SQLite cannot
 * alter a CHECK, so the column is rebuilt (new column with the wider CHECK, values copied, the
 * old column and its index dropped, the new one renamed) — no table rebuild, foreign keys untouched.
 */
export function ordersMoneyMigration(dialect: DialectName): Migration {
  const ts = timestampType(dialect);
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        const checks = await sql<{ conname: string }>`
          select conname from pg_constraint
          where conrelid = 'orders'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%payment_status%'`.execute(db);
        for (const c of checks.rows) await sql`alter table orders drop constraint ${sql.id(c.conname)}`.execute(db);
        await sql`alter table orders add constraint orders_payment_status_check check (${PAYMENT_STATUSES_SQL})`.execute(db);
      } else {
        await db.schema
          .alterTable('orders')
          .addColumn('payment_status_next', 'text', (c) => c.notNull().defaultTo('unpaid').check(sql`payment_status_next in ('unpaid', 'unverified', 'pending', 'partly_paid', 'paid', 'review', 'failed', 'refunded', 'partially_refunded')`))
          .execute();
        await sql`update orders set payment_status_next = payment_status`.execute(db);
        await db.schema.dropIndex('orders_payment_status').execute();
        await db.schema.alterTable('orders').dropColumn('payment_status').execute();
        await db.schema.alterTable('orders').renameColumn('payment_status_next', 'payment_status').execute();
        await db.schema.createIndex('orders_payment_status').on('orders').columns(['payment_status', 'id']).execute();
      }
      // One column per statement: SQLite adds one column per ALTER TABLE.
      await db.schema.alterTable('orders').addColumn('refund_due', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('orders').addColumn('cod_amount', 'integer', (c) => c.check(sql`cod_amount >= 0`)).execute();
      await db.schema.alterTable('orders').addColumn('delivery_fee', 'integer', (c) => c.check(sql`delivery_fee >= 0`)).execute();
      await db.schema.alterTable('orders').addColumn('cod_settled_at', ts).execute();
      // No index on refund_due: every checkout would pay for one, and the back office reads the
      // flag with the order (and lists it under payment_status=review).
    },
  };
}
