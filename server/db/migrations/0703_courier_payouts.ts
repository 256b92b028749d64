import { sql } from 'kysely';
import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { withId } from '../dialect';
import { timestampedMigration } from './timestamped';

/**
 * The courier's cash (issue 34), owned by the shipments module: a payout batch the accountant
 * uploaded (`courier_payouts`; the same sheet twice for one courier is refused by `file_sha256`) and its lines
 * (`courier_payout_lines`), each matched to a parcel (`matched`), paid short of what the parcel
 * was booked to collect (`short`), naming a consignment the shop does not know (`unknown`), or a
 * parcel earlier payouts already paid in full (`already_paid`: never counted twice).
 */
export function courierPayoutsMigration(dialect: DialectName): Migration {
  return timestampedMigration(dialect, async (db, ts) => {
    await withId(db.schema.createTable('courier_payouts'), dialect)
      .addColumn('courier', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('paid_at', ts, (c) => c.notNull())
      .addColumn('file_sha256', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fees', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lines', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('short', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unknown', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('courier_payouts_courier').on('courier_payouts').columns(['courier', 'paid_at']).execute();
    await db.schema.createIndex('courier_payouts_file').on('courier_payouts').columns(['courier', 'file_sha256']).unique().execute();

    await withId(db.schema.createTable('courier_payout_lines'), dialect)
      .addColumn('payout_id', 'integer', (c) => c.notNull().references('courier_payouts.id').onDelete('cascade'))
      .addColumn('consignment_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('cod_amount', 'integer', (c) => c.notNull())
      .addColumn('delivery_fee', 'integer', (c) => c.notNull().defaultTo(0))
      // What the parcel was booked to collect; null for an unknown consignment.
      .addColumn('expected', 'integer')
      .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('matched', 'short', 'unknown', 'already_paid')`))
      .execute();
    await db.schema.createIndex('courier_payout_lines_payout').on('courier_payout_lines').columns(['payout_id', 'id']).execute();
    await db.schema.createIndex('courier_payout_lines_order').on('courier_payout_lines').column('order_id').execute();
  });
}
