/**
 * The courier's cash (issue 34): a courier's payout sheet, uploaded by the accountant (CSV, or
 * XLSX through the catalogue import's reader, catalog/import-rows.ts), is read whole first (a bad
 * row refuses the sheet, nothing written), then matched in one transaction: each line to the
 * booked parcel of that courier with its consignment id — paid in full (`matched`), less than the
 * parcel owes (`short`), or a consignment the shop does not know (`unknown`). Lookups go 500 ids a
 * statement, so a sheet of 1,000 lines costs a handful of queries. Matched and short parcels get
 * `cod_settled_at` (the first payout that settled them keeps it) and the fee the sheet names,
 * through the orders' shipment face. The same file twice (its SHA-256) is refused, also when two
 * uploads race: the unique index decides. Also the batches, one batch with its lines, and what is
 * still outstanding per courier.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../accounts/sessions';
import type { OrderShipments } from '../orders/service';
import { nowIso } from '../db/dialect';
import { isUniqueViolation } from '../db/errors';
import { HttpError, conflict, notFound } from '../http/errors';
import type { Page } from '../http/pagination';
import { readUpload } from '../catalog/import-rows';
import type { ShipmentStore } from './store';
import { PAYOUT_MESSAGES, matchPayout, readPayoutSheet, type MatchedLine, type PayoutForm, type PayoutParcel } from '../../domain/payouts';
import { COURIER_IDS, COURIERS, type CourierId } from '../../domain/providers';

export interface PayoutDeps {
  store: ShipmentStore;
  orders: OrderShipments;
}

/** Parcels listed per courier on the outstanding view. */
export const OUTSTANDING_LIMIT = 200;

type PayoutRow = Awaited<ReturnType<ReturnType<typeof batchQuery>['executeTakeFirstOrThrow']>>;

function batchQuery(db: Kysely<DB>) {
  return db.selectFrom('courier_payouts').select(['id', 'courier', 'reference', 'paid_at', 'total', 'fees', 'lines', 'matched', 'short', 'unknown', 'created_by', 'created_at']);
}

/** A batch as the list shows it: `lines`, `matched`, `short` and `unknown` are counts; `net` is what the courier paid over (COD less fees). */
function batchOf(r: PayoutRow) {
  return { ...r, courier_label: COURIERS[r.courier].label, net: r.total - r.fees };
}

/** A batch's short and unknown lines, as the upload answers them. */
function problemsOf(lines: readonly Pick<MatchedLine, 'consignment_id' | 'order_id' | 'expected' | 'cod_amount' | 'outcome'>[]) {
  return {
    short: lines.filter((l) => l.outcome === 'short').map((l) => ({ order: l.order_id, consignment_id: l.consignment_id, expected: l.expected, got: l.cod_amount })),
    unknown: lines.filter((l) => l.outcome === 'unknown').map((l) => l.consignment_id),
    /** Parcels earlier payouts already paid in full: listed, never counted again. */
    already_paid: lines.filter((l) => l.outcome === 'already_paid').map((l) => l.consignment_id),
  };
}

const byOrderIds = (parcels: readonly { order_id: number; courier: CourierId | null }[], courier: CourierId) => new Set(parcels.filter((p) => p.courier === courier).map((p) => p.order_id));

/** What earlier payouts paid per parcel (matched and short lines), 500 orders a query. */
async function receivedBefore(trx: Kysely<DB>, orderIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await trx
      .selectFrom('courier_payout_lines')
      .select(['order_id', (eb) => eb.fn.sum<number>('cod_amount').as('paid')])
      .where('order_id', 'in', orderIds.slice(i, i + 500))
      .where('outcome', 'in', ['matched', 'short'])
      .groupBy('order_id')
      .execute();
    for (const r of rows) if (r.order_id !== null) out.set(r.order_id, Number(r.paid));
  }
  return out;
}

export function createPayouts(db: Kysely<DB>, deps: PayoutDeps) {
  const { store, orders } = deps;

  // The same sheet for another courier is not the same payout (a sheet first sent under the wrong courier can be sent again).
  async function sameFile(courier: CourierId, sha: string): Promise<HttpError | null> {
    const row = await db.selectFrom('courier_payouts').select('id').where('courier', '=', courier).where('file_sha256', '=', sha).executeTakeFirst();
    return row ? conflict(PAYOUT_MESSAGES.sameFile(row.id), { payout: row.id }) : null;
  }

  /** Each line against the parcel its consignment id names, inside the upload's transaction. */
  async function match(trx: Kysely<DB>, courier: CourierId, lines: Parameters<typeof matchPayout>[0]): Promise<MatchedLine[]> {
    const orderOf = await store.ordersOfConsignments(trx, courier, lines.map((l) => l.consignment_id));
    const known = await orders.payoutParcels(trx, [...new Set(orderOf.values())]);
    const before = await receivedBefore(trx, [...byOrderIds(known, courier)]);
    const byOrder = new Map(known.filter((p) => p.courier === courier).map((p) => [p.order_id, { ...p, received_before: before.get(p.order_id) ?? 0 }]));
    const parcels = new Map<string, PayoutParcel>();
    for (const [consignment, orderId] of orderOf) {
      const p = byOrder.get(orderId);
      if (p) parcels.set(consignment, p);
    }
    return matchPayout(lines, parcels);
  }

  return {
    /**
     * `POST /api/courier-payouts/`: reads, matches and records one payout sheet. 400 with one
     * message per bad row (nothing written); 409 for a sheet already uploaded.
     */
    async upload(user: AuthUser, form: PayoutForm, file: Buffer) {
      const sha = createHash('sha256').update(file).digest('hex');
      const dup = await sameFile(form.courier, sha);
      if (dup) throw dup;
      const { columns, rows } = await readUpload(file);
      const sheet = readPayoutSheet(columns, rows);
      if (!sheet.ok) throw new HttpError(400, sheet.errors.length === 1 ? sheet.errors[0]! : PAYOUT_MESSAGES.badRows(sheet.errors.length), { file: sheet.errors });
      try {
        return await db.transaction().execute(async (trx) => {
          const lines = await match(trx, form.courier, sheet.lines);
          const paid = lines.filter((l) => l.outcome === 'matched' || l.outcome === 'short');
          const total = lines.reduce((n, l) => n + l.cod_amount, 0);
          const fees = lines.reduce((n, l) => n + (l.delivery_fee ?? 0), 0);
          const counts = { lines: lines.length, matched: lines.filter((l) => l.outcome === 'matched').length, short: lines.filter((l) => l.outcome === 'short').length, unknown: lines.filter((l) => l.outcome === 'unknown').length };
          const created_at = nowIso();
          const { id } = await trx
            .insertInto('courier_payouts')
            .values({ courier: form.courier, reference: form.reference, paid_at: form.paid_at, file_sha256: sha, total, fees, ...counts, created_by: user.id, created_at })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (let i = 0; i < lines.length; i += 500) {
            await trx
              .insertInto('courier_payout_lines')
              .values(
                lines.slice(i, i + 500).map((l) => ({
                  payout_id: id,
                  consignment_id: l.consignment_id,
                  order_id: l.order_id,
                  cod_amount: l.cod_amount,
                  delivery_fee: l.delivery_fee ?? 0,
                  expected: l.expected,
                  outcome: l.outcome,
                })),
              )
              .execute();
          }
          // Only a parcel paid in full is settled: a short one stays outstanding for the rest.
          await orders.settleCod(trx, lines.filter((l) => l.outcome === 'matched').map((l) => l.order_id!), form.paid_at);
          await orders.setDeliveryFees(trx, new Map(paid.filter((l) => l.delivery_fee !== null).map((l) => [l.order_id!, l.delivery_fee!])));
          return { id, courier: form.courier, courier_label: COURIERS[form.courier].label, reference: form.reference, paid_at: form.paid_at, created_at, total, fees, net: total - fees, ...counts, ...problemsOf(lines) };
        });
      } catch (error) {
        // Two uploads of one sheet at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw (await sameFile(form.courier, sha)) ?? conflict(PAYOUT_MESSAGES.sameFile(0));
        throw error;
      }
    },

    /** `GET /api/courier-payouts/`: the batches, the latest payout first. */
    async list(q: { courier?: CourierId | undefined }, page: Page) {
      const base = q.courier ? db.selectFrom('courier_payouts').where('courier', '=', q.courier) : db.selectFrom('courier_payouts');
      const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      let rows = batchQuery(db);
      if (q.courier) rows = rows.where('courier', '=', q.courier);
      const results = await rows.orderBy('paid_at', 'desc').orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
      return { count: Number(count), results: results.map(batchOf) };
    },

    /** `GET /api/courier-payouts/{id}/`: one batch, its short and unknown lines, and every line in sheet order. */
    async get(id: number) {
      const row = await batchQuery(db).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(PAYOUT_MESSAGES.notFound);
      const lines = await db
        .selectFrom('courier_payout_lines')
        .select(['consignment_id', 'order_id', 'cod_amount', 'delivery_fee', 'expected', 'outcome'])
        .where('payout_id', '=', id)
        .orderBy('id')
        .execute();
      return {
        ...batchOf(row),
        ...problemsOf(lines),
        rows: lines.map((l) => ({ consignment_id: l.consignment_id, order: l.order_id, cod_amount: l.cod_amount, delivery_fee: l.delivery_fee, expected: l.expected, outcome: l.outcome })),
      };
    },

    /**
     * `GET /api/courier-payouts/outstanding/`: per courier, delivered parcels with COD to collect
     * that no payout has settled — how many, what they owe, and the parcels, oldest delivery first.
     */
    async outstanding(limit = OUTSTANDING_LIMIT) {
      const totals = new Map((await orders.unsettledTotals()).map((t) => [t.courier, t]));
      const couriers = await Promise.all(
        COURIER_IDS.filter((c) => totals.has(c)).map(async (courier) => {
          const parcels = await orders.unsettledParcels(courier, limit);
          const t = totals.get(courier)!;
          return {
            courier,
            label: COURIERS[courier].label,
            parcels: t.parcels,
            cod_expected: t.cod_expected,
            oldest_delivered_at: parcels[0]?.delivered_at ?? null,
            orders: parcels.map((p) => ({
              order: p.id,
              consignment_id: p.consignment_id,
              tracking_code: p.tracking_code,
              name: p.name,
              phone_number: p.phone_number,
              cod_amount: p.cod_amount,
              expected: p.expected,
              placed_at: p.created_at,
              delivered_at: p.delivered_at,
            })),
          };
        }),
      );
      return { couriers, parcels: couriers.reduce((n, c) => n + c.parcels, 0), cod_expected: couriers.reduce((n, c) => n + c.cod_expected, 0) };
    },
  };
}
