/**
 * The counter's day (`GET /api/pos/report/?day=`, issue 36): its sales by the Dhaka day they
 * were made (an offline sale counts on the day it was made, not the day it arrived), Cancelled
 * ones left out: how many, their total, the cash the drawer should hold, by payment method, by
 * seller, and the sales flagged for staff: short of stock, or with a staff note (what an offline
 * sale recorded instead of refusing; domain/counter.ts counterDay).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DialectName } from '../../db/database';
import { timestampParam } from '../../db/dialect';
import { dhakaDayRange } from '../../../domain/order-desk';
import { counterDay, type CounterDayReport } from '../../../domain/counter';
import type { OrderDeps } from '../deps';

export function createCounterReport(db: Kysely<DB>, deps: Pick<OrderDeps, 'users'> & { dialect: DialectName }) {
  return async function report(day: string): Promise<CounterDayReport> {
    const { start, end } = dhakaDayRange(day, day);
    const rows = await db
      .selectFrom('orders as o')
      .select(['o.id', 'o.total', 'o.confirmed_by', 'o.stock_short', 'o.created_at', 'o.staff_note'])
      // A counter sale has one payment, its method.
      .select((eb) =>
        eb
          .selectFrom('order_payments as p')
          .select('p.method')
          .whereRef('p.order_id', '=', 'o.id')
          .where('p.kind', '=', 'payment')
          .orderBy('p.id')
          .limit(1)
          .as('method'),
      )
      .where('o.source', '=', 'counter')
      .where('o.status', '<>', 'Cancelled')
      .where('o.created_at', '>=', timestampParam(deps.dialect, start!))
      .where('o.created_at', '<', timestampParam(deps.dialect, end!))
      .orderBy('o.id')
      .execute();
    const names = await deps.users.namesByIds(rows.flatMap((r) => (r.confirmed_by === null ? [] : [r.confirmed_by])));
    return counterDay(
      day,
      rows.map((r) => ({ id: r.id, total: Number(r.total), method: r.method ?? '', seller: r.confirmed_by, short: Number(r.stock_short) === 1, created_at: new Date(r.created_at).toISOString(), note: r.staff_note })),
      names,
    );
  };
}

