/**
 * `GET /api/reports/couriers/?from=&to=`: per courier, over the parcels of orders placed in the
 * range (Dhaka days, both included, as the orders' list reads them): parcels, delivered (a
 * partial delivery counts), returned, the return rate, the COD the delivered parcels owe, what
 * payouts paid for those parcels, the fees, and what is still outstanding — the figures an owner
 * chooses a courier by. Two grouped queries: the orders' figures through the orders' shipment
 * face, and the payout lines summed over a subquery of the same orders' ids.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { OrderShipments } from '../orders/service';
import { courierReportRow, type CourierReportRow } from '../../domain/payouts';
import { dhakaDayRange } from '../../domain/order-desk';
import { COURIER_IDS, COURIERS, type CourierId } from '../../domain/providers';

export function createCourierReport(db: Kysely<DB>, orders: Pick<OrderShipments, 'courierFigures' | 'deliveredIds'>) {
  return async function couriers(q: { from?: string | undefined; to?: string | undefined }): Promise<{ rows: (CourierReportRow & { label: string })[] }> {
    const range = dhakaDayRange(q.from, q.to);
    const [figures, paid] = await Promise.all([
      orders.courierFigures(range),
      db
        .selectFrom('courier_payout_lines as l')
        .innerJoin('courier_payouts as p', 'p.id', 'l.payout_id')
        .select(['p.courier', sql<number>`sum(l.cod_amount)`.as('received')])
        .where('l.outcome', 'in', ['matched', 'short'])
        .where('l.order_id', 'in', orders.deliveredIds(range))
        .groupBy('p.courier')
        .execute(),
    ]);
    const received = new Map<CourierId, number>(paid.map((r) => [r.courier, Number(r.received)]));
    const rank = (c: CourierId) => COURIER_IDS.indexOf(c);
    const rows = figures.sort((a, b) => rank(a.courier) - rank(b.courier)).map((f) => ({ ...courierReportRow(f, received.get(f.courier) ?? 0), label: COURIERS[f.courier].label }));
    return { rows };
  };
}
