/**
 * What the reports (server/reports) ask of the orders module: sums over the orders placed on a
 * range of Dhaka days, Cancelled ones left out (counter sales are orders like any other). Each
 * is one grouped query, so the rows that come back are days, products or payment options, never
 * orders: a year of orders costs the same few rows. The orders are found by the Dhaka day they
 * were placed through the expression the `orders_dhaka_day` index holds (migration 0310), which
 * also gives the days in order for grouping.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { timestampParam } from '../db/dialect';
import { dhakaDayOf } from '../db/migrations/0310_orders_reports';
import type { DayFigures, DayRange, ProductFigures } from '../../domain/reports';

/** Instants [start, end) (domain/order-desk.ts dhakaDayRange), for what is dated by when it was made. */
export interface ReportInstants {
  start: string;
  end: string;
}

/** A refund made (by hand here; through a gateway in the payments module). */
export interface RefundMade {
  order_id: number;
  amount: number;
  at: string;
}

/** Ids per statement when many orders are asked about at once. */
const CHUNK = 500;

export function createReportFigures(db: Kysely<DB>, dialect: DialectName) {
  const at = (iso: string) => timestampParam(dialect, iso);
  const day = (iso: string) => (dialect === 'postgres' ? sql<string>`${iso}::date` : sql<string>`${iso}`);
  /** The day as `YYYY-MM-DD` text (PostgreSQL's is a date). */
  const asText = (expr: RawBuilder<string>) => (dialect === 'postgres' ? sql<string>`${expr}::text` : expr);

  /**
   * The orders the reports count: placed on the range's Dhaka days, not Cancelled. A condition in
   * SQL so that it fits a query of orders alone and one joined to their lines (`orders` is the
   * only table with these columns).
   */
  function counted(range: DayRange) {
    const placed = dhakaDayOf(dialect, 'created_at');
    return sql<boolean>`${placed} >= ${day(range.from)} and ${placed} <= ${day(range.to)} and status <> 'Cancelled'`;
  }

  return {
    /** Per Dhaka day: orders, their discounts and delivery charges, and their lines' units and totals. */
    async byDay(range: DayRange): Promise<DayFigures[]> {
      const placed = dhakaDayOf(dialect, 'created_at');
      const [orders, lines] = await Promise.all([
        db
          .selectFrom('orders')
          .where(counted(range))
          .select((eb) => [asText(placed).as('day'), eb.fn.countAll<number>().as('orders'), eb.fn.sum<number>('discount_total').as('discounts'), eb.fn.sum<number>('delivery_charge').as('delivery')])
          .groupBy(placed)
          .execute(),
        db
          .selectFrom('orders')
          .innerJoin('order_items', 'order_items.order_id', 'orders.id')
          .where(counted(range))
          .select((eb) => [asText(placed).as('day'), eb.fn.sum<number>('order_items.quantity').as('units'), eb.fn.sum<number>('order_items.total').as('revenue')])
          .groupBy(placed)
          .execute(),
      ]);
      const byDay = new Map<string, DayFigures>();
      for (const o of orders) byDay.set(o.day, { day: o.day, orders: Number(o.orders), units: 0, revenue: 0, discounts: Number(o.discounts), delivery: Number(o.delivery) });
      for (const l of lines) {
        const d = byDay.get(l.day);
        if (d) Object.assign(d, { units: Number(l.units), revenue: Number(l.revenue) });
      }
      return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
    },

    /**
     * Per product: units and the lines' totals, with the type the lines recorded. The counted
     * orders are a subquery of ids, not a join: SQLite then reads each line's order from that
     * list instead of looking every line's order row up (about 60 % of the join's time).
     */
    async byProduct(range: DayRange): Promise<ProductFigures[]> {
      const rows = await db
        .selectFrom('order_items')
        .select((eb) => ['product_id', eb.fn.max('product_type').as('type'), eb.fn.sum<number>('quantity').as('units'), eb.fn.sum<number>('total').as('revenue')])
        .where('order_id', 'in', db.selectFrom('orders').select('id').where(counted(range)))
        .groupBy('product_id')
        .execute();
      return rows.map((r) => ({ product_id: r.product_id, type: String(r.type), units: Number(r.units), revenue: Number(r.revenue) }));
    },

    /** Per payment option: orders, their totals, and what they were paid less what went back. */
    async byPaymentOption(range: DayRange): Promise<{ option: string; orders: number; amount: number; paid: number }[]> {
      const rows = await db
        .selectFrom('orders')
        .where(counted(range))
        .select((eb) => ['payment_option', eb.fn.countAll<number>().as('orders'), eb.fn.sum<number>('total').as('amount'), sql<number>`sum(paid_amount - refunded_amount)`.as('paid')])
        .groupBy('payment_option')
        .execute();
      return rows.map((r) => ({ option: r.payment_option, orders: Number(r.orders), amount: Number(r.amount), paid: Number(r.paid) }));
    },

    /** Refunds made by hand from start to end (whenever their order was placed), of orders not Cancelled. */
    async manualRefunds(range: ReportInstants): Promise<RefundMade[]> {
      const rows = await db
        .selectFrom('order_payments as p')
        .innerJoin('orders as o', 'o.id', 'p.order_id')
        .select(['p.order_id', 'p.amount', 'p.created_at'])
        .where('p.kind', '=', 'refund')
        .where('p.verified', '=', 1)
        .where('o.status', '<>', 'Cancelled')
        .where('p.created_at', '>=', at(range.start))
        .where('p.created_at', '<', at(range.end))
        .execute();
      return rows.map((r) => ({ order_id: r.order_id, amount: Number(r.amount), at: r.created_at }));
    },

    /** Which of these orders are Cancelled (the payments module's refunds are filtered by it). */
    async cancelledAmong(ids: number[]): Promise<Set<number>> {
      const out = new Set<number>();
      const unique = [...new Set(ids)];
      for (let i = 0; i < unique.length; i += CHUNK) {
        const rows = await db.selectFrom('orders').select('id').where('id', 'in', unique.slice(i, i + CHUNK)).where('status', '=', 'Cancelled').execute();
        for (const r of rows) out.add(r.id);
      }
      return out;
    },
  };
}

export type ReportFigures = ReturnType<typeof createReportFigures>;
