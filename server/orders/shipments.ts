/**
 * The orders module's face to the shipments module: an order's courier columns (`courier`,
 * `consignment_id`, `tracking_code`, `shipment_status`) are the orders module's, so the shipments
 * module reads and moves them only through these functions, inside its own transaction where a
 * move belongs with its shipment row. A delivered or returned parcel moves the order through the
 * state machine as the back office (orders/transitions.ts: cash on delivery paid, or a return
 * opened for the goods on their way back, history), as the system: no admin in its history. A
 * partial delivery the courier reports goes through the returns' partial delivery
 * (returns/partial.ts). The courier's cash: what payouts and the courier report read, and the
 * payout columns they write (`cod_settled_at`, `delivery_fee`).
 */
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { timestampParam } from '../db/dialect';
import { applyOrderMove, type OrderMoveDeps } from './transitions';
import { applyPartialDelivery } from './returns/partial';
import type { CourierId, ParcelStateName } from '../../domain/shipments';
import { expectedCod, type CourierFigures, type PayoutParcel } from '../../domain/payouts';
import { dhakaDate } from '../../domain/stock';

/** Ids per statement when many orders are read or written at once (a payout sheet's). */
const CHUNK = 500;

/** Dhaka days as instants (domain/order-desk.ts dhakaDayRange): [start, end). */
export interface InstantRange {
  start?: string | undefined;
  end?: string | undefined;
}

const COLUMNS = [
  'id', 'status', 'total', 'paid_amount', 'refunded_amount', 'payment_status', 'payment_gateway', 'name', 'phone_number',
  'optional_phone_number', 'email', 'district', 'upazila_thana', 'delivery_address', 'order_instruction', 'created_at',
  'courier', 'consignment_id', 'tracking_code', 'shipment_status', 'account_phone', 'cod_amount', 'confirmation',
  'preorder_release_date', 'preorder_waiting',
] as const;

export function createOrderShipments(db: Kysely<DB>, deps: OrderMoveDeps) {
  const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) === 1;

  function get(id: number, q: Kysely<DB> = db) {
    return q.selectFrom('orders').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  return {
    /** The order as the shipments module sees it; undefined when there is none. */
    get,

    /** The order when `phone` (normalised) is the one it was placed with; undefined otherwise. */
    async getWithPhone(id: number, phone: string) {
      return db.selectFrom('orders').select(COLUMNS).where('id', '=', id).where('phone_number', '=', phone).executeTakeFirst();
    },

    /** The order's lines, for the parcel's description. */
    async lines(id: number): Promise<{ title: string; quantity: number }[]> {
      const rows = await db.selectFrom('order_items').select(['product_title', 'quantity']).where('order_id', '=', id).orderBy('id').execute();
      return rows.map((r) => ({ title: r.product_title, quantity: r.quantity }));
    },

    /** The order's status history, oldest first. */
    async history(id: number): Promise<{ at: string; from: string | null; to: string }[]> {
      const rows = await db.selectFrom('order_status_changes').select(['from_status', 'to_status', 'created_at']).where('order_id', '=', id).orderBy('id').execute();
      return rows.map((r) => ({ at: r.created_at, from: r.from_status, to: r.to_status }));
    },

    /**
     * The parcel is booked: a Pending, confirmed order carries its courier, ids, state and the COD the
     * courier was asked to collect (`codAmount`: total − what the shop kept, as sent), once, while its
     * total is still the one the COD came from. False otherwise.
     */
    async markBooked(
      trx: Kysely<DB>,
      p: { id: number; courier: CourierId; consignmentId: string; trackingCode: string; state: ParcelStateName; codAmount: number; total?: number; deliveryFee?: number | null },
    ): Promise<boolean> {
      const fee = p.deliveryFee === undefined ? {} : { delivery_fee: p.deliveryFee };
      return changed(
        await trx
          .updateTable('orders')
          .set({ courier: p.courier, consignment_id: p.consignmentId, tracking_code: p.trackingCode, shipment_status: p.state, cod_amount: Math.max(0, Math.round(p.codAmount)), ...fee })
          .where('id', '=', p.id)
          .where('status', '=', 'Pending')
          .where('consignment_id', 'is', null)
          // The row decides, not the caller's read: an order nobody confirmed never goes out (issue 33).
          .where('confirmation', '=', 'confirmed')
          // A pre-order goes out only with every line filled and from its release date (docs/preorders.md).
          .where('preorder_waiting', '=', 0)
          .where((eb) => eb.or([eb('preorder_release_date', 'is', null), eb('preorder_release_date', '<=', dhakaDate(Date.now()))]))
          // `total`: the total the COD was worked out from; an edit that re-priced the order meanwhile refuses the parcel.
          .$if(p.total !== undefined, (q) => q.where('total', '=', p.total!))
          .executeTakeFirst(),
      );
    },

    /** The parcel's state as last read from the courier. */
    async setShipmentStatus(trx: Kysely<DB>, id: number, state: ParcelStateName): Promise<void> {
      await trx.updateTable('orders').set({ shipment_status: state }).where('id', '=', id).execute();
    },

    /**
     * The courier delivered (Delivered: cash on delivery paid) or brought back (Returned: a return
     * in transit; stock only when it is received) a Pending order's parcel. False when the order is
     * no longer Pending.
     */
    async settle(trx: Kysely<DB>, id: number, to: 'Delivered' | 'Returned', shopName: string): Promise<boolean> {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
      if (!order || order.status !== 'Pending') return false;
      return (await applyOrderMove(trx, deps, { id, from: order.status, to, cause: 'courier', shopName, payment: order })) === 'moved';
    },

    /**
     * The courier delivered part of a Pending order's parcel and collected `collected`, without
     * saying which units came back (returns/partial.ts): Delivered, paid what was collected, the
     * rest an approved return on its way back. False when the order is no longer Pending.
     */
    async partlyDelivered(trx: Kysely<DB>, id: number, collected: number, shopName: string): Promise<boolean> {
      return (await applyPartialDelivery(trx, deps, { orderId: id, cause: 'courier', collected, shopName })) === 'moved';
    },

    // ---- the courier's cash (issue 34): payouts and the courier report ----

    /** These orders as a payout line sees its parcel (any number of ids, read in chunks). */
    async payoutParcels(trx: Kysely<DB>, ids: readonly number[]): Promise<(PayoutParcel & { courier: CourierId | null })[]> {
      const out: (PayoutParcel & { courier: CourierId | null })[] = [];
      for (const chunk of chunks(ids)) {
        out.push(...(await trx.selectFrom('orders').select(['id as order_id', 'status', 'cod_amount', 'paid_amount', 'total', 'courier']).where('id', 'in', chunk).execute()));
      }
      return out;
    },

    /** The courier paid these parcels' COD out at `at`; a parcel keeps the first payout that settled it. Answers how many it settled. */
    async settleCod(trx: Kysely<DB>, ids: readonly number[], at: string): Promise<number> {
      let settled = 0;
      for (const chunk of chunks(ids)) {
        const r = await trx.updateTable('orders').set({ cod_settled_at: at }).where('id', 'in', chunk).where('cod_settled_at', 'is', null).executeTakeFirst();
        settled += Number(r.numUpdatedRows);
      }
      return settled;
    },

    /** What the courier charged each parcel (order id → taka), as its payout says: one statement per distinct fee and chunk. */
    async setDeliveryFees(trx: Kysely<DB>, fees: ReadonlyMap<number, number>): Promise<void> {
      const byFee = new Map<number, number[]>();
      for (const [id, fee] of fees) {
        const ids = byFee.get(fee);
        if (ids) ids.push(id);
        else byFee.set(fee, [id]);
      }
      for (const [fee, ids] of byFee) {
        for (const chunk of chunks(ids)) await trx.updateTable('orders').set({ delivery_fee: fee }).where('id', 'in', chunk).execute();
      }
    },

    /**
     * The courier report's order figures, per courier, over parcels of orders placed in the range:
     * one grouped query. A partial delivery is Delivered; what a delivered parcel owes is EXPECTED.
     */
    async courierFigures(range: InstantRange): Promise<CourierFigures[]> {
      const rows = await inRange(db.selectFrom('orders').where('courier', 'is not', null), range)
        .select((eb) => [
          'courier',
          eb.fn.countAll<number>().as('parcels'),
          sql<number>`sum(case when status = 'Delivered' then 1 else 0 end)`.as('delivered'),
          sql<number>`sum(case when status = 'Returned' then 1 else 0 end)`.as('returned'),
          sql<number>`sum(case when status = 'Delivered' then ${EXPECTED} else 0 end)`.as('cod_expected'),
          sql<number>`sum(coalesce(delivery_fee, 0))`.as('fees'),
        ])
        .groupBy('courier')
        .execute();
      return rows.map((r) => ({ courier: r.courier!, parcels: Number(r.parcels), delivered: Number(r.delivered), returned: Number(r.returned), cod_expected: Number(r.cod_expected), fees: Number(r.fees) }));
    },

    /** The delivered parcels of orders placed in the range, as a subquery of ids (the report sums their payouts). */
    deliveredIds(range: InstantRange) {
      return inRange(db.selectFrom('orders').select('id').where('courier', 'is not', null).where('status', '=', 'Delivered'), range);
    },

    /** Delivered parcels with COD to collect that no payout has settled, per courier: how many, and what they owe. */
    async unsettledTotals(): Promise<{ courier: CourierId; parcels: number; cod_expected: number }[]> {
      const rows = await unsettled()
        .select((eb) => ['courier', eb.fn.countAll<number>().as('parcels'), sql<number>`sum(${EXPECTED})`.as('cod_expected')])
        .groupBy('courier')
        .execute();
      return rows.map((t) => ({ courier: t.courier!, parcels: Number(t.parcels), cod_expected: Number(t.cod_expected) }));
    },

    /** One courier's unsettled parcels, the oldest delivery first (at most `limit`). */
    async unsettledParcels(courier: CourierId, limit: number) {
      // When it became Delivered (its history row; an order without one: its last change).
      const deliveredAt = (eb: ExpressionBuilder<DB, 'orders'>) =>
        eb.fn.coalesce(
          eb.selectFrom('order_status_changes as c').select((c) => c.fn.max('c.created_at').as('at')).whereRef('c.order_id', '=', 'orders.id').where('c.to_status', '=', 'Delivered'),
          'orders.updated_at',
        );
      const rows = await unsettled()
        .where('courier', '=', courier)
        .select((eb) => ['id', 'status', 'consignment_id', 'tracking_code', 'cod_amount', 'paid_amount', 'total', 'name', 'phone_number', 'created_at', deliveredAt(eb).as('delivered_at')])
        .orderBy('delivered_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((p) => ({ ...p, expected: expectedCod({ ...p, order_id: p.id }) }));
    },
  };

  function unsettled() {
    return db.selectFrom('orders').where('status', '=', 'Delivered').where('courier', 'is not', null).where('cod_settled_at', 'is', null).where('cod_amount', '>', 0);
  }

  function inRange<Q extends SelectQueryBuilder<DB, 'orders', object>>(q: Q, range: InstantRange): Q {
    let out = q;
    if (range.start) out = out.where('created_at', '>=', timestampParam(deps.dialect, range.start)) as Q;
    if (range.end) out = out.where('created_at', '<', timestampParam(deps.dialect, range.end)) as Q;
    return out;
  }
}

/**
 * What a delivered order's parcel owes (domain/payouts.ts expectedCod): what the order was paid
 * beyond what the shop held at booking (total − COD), between 0 and the COD.
 */
const EXPECTED = sql<number>`(case when paid_amount >= total then coalesce(cod_amount, 0) when paid_amount - total + coalesce(cod_amount, 0) <= 0 then 0 else paid_amount - total + coalesce(cod_amount, 0) end)`;

function* chunks<T>(ids: readonly T[]): Generator<T[]> {
  for (let i = 0; i < ids.length; i += CHUNK) yield ids.slice(i, i + CHUNK);
}

export type OrderShipments = ReturnType<typeof createOrderShipments>;
export type ShipmentOrder = NonNullable<Awaited<ReturnType<OrderShipments['get']>>>;
