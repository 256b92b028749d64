/**
 * The shipments module's tables: `shipments` (one row per order, the booking claim, the parcel's
 * ids and state, when it was last asked about, the courier's answers) and `shipment_events` (the
 * parcel's timeline). Every move that two processes might make at once is a conditional UPDATE
 * whose affected-row count decides: claiming a booking, finishing or releasing one's own claim,
 * claiming a parcel to poll, moving a parcel's state from the one read.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, Shipment } from '../db/schema';
import type { DialectName } from '../db/database';
import { nowIso, timestampParam } from '../db/dialect';
import { FINAL_PARCEL_STATES, type CourierId, type ParcelStateName, type ShipmentEvent } from '../../domain/shipments';

export interface BookingClaim {
  id: number;
  token: string;
  /**
   * How the last booking ended: null (none), `failed` (refused: nothing was booked) or `unknown`
   * (no answer, or its process died): the courier may have the parcel, so ask it first.
   */
  previous: 'failed' | 'unknown' | null;
  /** A parcel the courier accepted whose booking was never written down: adopt it. */
  known: { consignmentId: string; trackingCode: string } | null;
}

/** Keeps at most this many answers per shipment (the newest). */
const MAX_ANSWERS = 30;

export function createShipmentStore(db: Kysely<DB>, dialect: DialectName) {
  const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) === 1;

  function withAnswer(answers: string, step: string, answer: unknown): string {
    let list: unknown[] = [];
    try {
      const parsed: unknown = JSON.parse(answers);
      if (Array.isArray(parsed)) list = parsed;
    } catch {
      // a damaged list starts again
    }
    return JSON.stringify([...list, { at: nowIso(), step, answer: answer ?? null }].slice(-MAX_ANSWERS));
  }

  const store = {
    ofOrder(orderId: number, q: Kysely<DB> = db): Promise<Shipment | undefined> {
      return q.selectFrom('shipments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    },

    byId(id: number): Promise<Shipment | undefined> {
      return db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
    },

    byConsignment(courier: CourierId, consignmentId: string): Promise<Shipment | undefined> {
      return db.selectFrom('shipments').selectAll().where('courier', '=', courier).where('consignment_id', '=', consignmentId).executeTakeFirst();
    },

    /** Booked parcels of `courier` with these consignment ids, read 500 at a time: consignment id → order id. */
    async ordersOfConsignments(q: Kysely<DB>, courier: CourierId, ids: readonly string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await q
          .selectFrom('shipments')
          .select(['consignment_id', 'order_id'])
          .where('courier', '=', courier)
          .where('consignment_id', 'in', ids.slice(i, i + 500))
          .where('booking', '=', 'booked')
          .execute();
        for (const r of rows) if (r.consignment_id) out.set(r.consignment_id, r.order_id);
      }
      return out;
    },

    /**
     * Claims an order's booking: a new row, or a row whose last booking failed, had no answer, or
     * was claimed by a process that died (`staleMs`). Null when it is booked or being booked.
     * A row whose booking had no answer stays with its courier (`courier` must match).
     */
    async claim(orderId: number, courier: CourierId, createdBy: number | null, staleMs: number): Promise<BookingClaim | 'booked' | 'busy' | { otherCourier: CourierId }> {
      const now = nowIso();
      const token = randomUUID();
      const inserted = await db
        .insertInto('shipments')
        .values({ order_id: orderId, courier, booking: 'booking', claim_token: token, claimed_at: now, created_by: createdBy, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, token, previous: null, known: null };
      const row = await store.ofOrder(orderId);
      if (!row) return 'busy';
      if (row.booking === 'booked') return 'booked';
      const stale = row.booking === 'booking' && row.claimed_at !== null && Date.parse(row.claimed_at) < Date.now() - staleMs;
      if (row.booking === 'booking' && !stale) return 'busy';
      if ((row.booking === 'unknown' || stale) && row.courier !== courier) return { otherCourier: row.courier };
      // created_by stays the admin who first booked (the poll round claims as nobody).
      let q = db
        .updateTable('shipments')
        .set({ booking: 'booking', courier, claim_token: token, claimed_at: now, updated_at: now })
        .where('id', '=', row.id)
        .where('booking', '=', row.booking);
      q = row.claim_token === null ? q.where('claim_token', 'is', null) : q.where('claim_token', '=', row.claim_token);
      if (!changed(await q.executeTakeFirst())) return 'busy';
      const previous = row.booking === 'failed' ? 'failed' : 'unknown';
      const known = previous === 'unknown' && row.consignment_id ? { consignmentId: row.consignment_id, trackingCode: row.tracking_code ?? '' } : null;
      return { id: row.id, token, previous, known };
    },

    /** The claim is still ours and alive (a courier call is about to start); false when it was taken over. */
    async touchClaim(claim: BookingClaim): Promise<boolean> {
      const now = nowIso();
      return changed(
        await db
          .updateTable('shipments')
          .set({ claimed_at: now, updated_at: now })
          .where('id', '=', claim.id)
          .where('claim_token', '=', claim.token)
          .where('booking', '=', 'booking')
          .executeTakeFirst(),
      );
    },

    /** The courier accepted a parcel: its ids go on the row first, so a retry adopts it if writing the booking fails. */
    async keepParcel(claim: BookingClaim, p: { consignmentId: string; trackingCode: string }): Promise<void> {
      await db
        .updateTable('shipments')
        .set({ consignment_id: p.consignmentId, tracking_code: p.trackingCode, updated_at: nowIso() })
        .where('id', '=', claim.id)
        .where('claim_token', '=', claim.token)
        .where('booking', '=', 'booking')
        .execute();
    },

    /** Adds an answer to a shipment's list whoever holds it (a parcel booked by a claim that was lost). */
    async noteAnswer(id: number, step: string, answer: unknown): Promise<void> {
      const row = await db.selectFrom('shipments').select('answers').where('id', '=', id).executeTakeFirst();
      if (!row) return;
      await db.updateTable('shipments').set({ answers: withAnswer(row.answers, step, answer) }).where('id', '=', id).execute();
    },

    /** The claim's booking went through: the parcel's ids and state. False when the claim was lost. */
    async finishBooking(
      trx: Kysely<DB>,
      claim: BookingClaim,
      p: { consignmentId: string; trackingCode: string; state: ParcelStateName; courierStatus: string; step: string; answer: unknown },
    ): Promise<boolean> {
      const row = await trx.selectFrom('shipments').select('answers').where('id', '=', claim.id).executeTakeFirstOrThrow();
      const now = nowIso();
      return changed(
        await trx
          .updateTable('shipments')
          .set({
            booking: 'booked',
            consignment_id: p.consignmentId,
            tracking_code: p.trackingCode,
            state: p.state,
            courier_status: p.courierStatus,
            message: '',
            answers: withAnswer(row.answers, p.step, p.answer),
            polled_at: now,
            updated_at: now,
          })
          .where('id', '=', claim.id)
          .where('claim_token', '=', claim.token)
          .where('booking', '=', 'booking')
          .executeTakeFirst(),
      );
    },

    /**
     * The claim's booking did not go through: `failed` (nothing booked: a parcel's ids kept on the
     * row are dropped) or `unknown` (no answer: the courier may have it; kept ids stay for a retry).
     */
    async releaseBooking(claim: BookingClaim, outcome: 'failed' | 'unknown', message: string, answer: unknown): Promise<void> {
      const row = await db.selectFrom('shipments').select('answers').where('id', '=', claim.id).executeTakeFirstOrThrow();
      const dropIds = outcome === 'failed' ? { consignment_id: null, tracking_code: null } : {};
      await db
        .updateTable('shipments')
        .set({ booking: outcome, ...dropIds, message: message.slice(0, 500), answers: withAnswer(row.answers, outcome, answer ?? message), updated_at: nowIso() })
        .where('id', '=', claim.id)
        .where('claim_token', '=', claim.token)
        .where('booking', '=', 'booking')
        .execute();
    },

    /** Booked parcels not yet final and not asked about since `cutoff`. */
    async due(cutoff: string, limit: number): Promise<Shipment[]> {
      return db
        .selectFrom('shipments')
        .selectAll()
        .where('booking', '=', 'booked')
        .where((eb) => eb.or([eb('state', 'is', null), eb('state', 'not in', FINAL_PARCEL_STATES)]))
        .where((eb) => eb.or([eb('polled_at', 'is', null), eb('polled_at', '<=', timestampParam(dialect, cutoff))]))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Orders whose booking had no answer, last tried after `since` and not looked up since `cutoff`
     * (a lookup sets `polled_at` through claimPoll, so each is asked at most once a poll period).
     */
    async unknownBookings(since: string, cutoff: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('shipments')
        .select('order_id')
        .where('booking', '=', 'unknown')
        .where('claimed_at', '>=', timestampParam(dialect, since))
        .where((eb) => eb.or([eb('polled_at', 'is', null), eb('polled_at', '<=', timestampParam(dialect, cutoff))]))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.order_id);
    },

    /** Claims a due parcel for one process's question: true for the one that set `polled_at`. */
    async claimPoll(id: number, cutoff: string, now: string): Promise<boolean> {
      return changed(
        await db
          .updateTable('shipments')
          .set({ polled_at: now })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('polled_at', 'is', null), eb('polled_at', '<=', timestampParam(dialect, cutoff))]))
          .executeTakeFirst(),
      );
    },

    /** Moves the parcel's state from the one read; false when another process moved it first. */
    async moveState(trx: Kysely<DB>, s: Shipment, to: ParcelStateName, courierStatus: string, answer: unknown): Promise<boolean> {
      let q = trx
        .updateTable('shipments')
        .set({ state: to, courier_status: courierStatus.slice(0, 200), answers: withAnswer(s.answers, 'status', answer), updated_at: nowIso() })
        .where('id', '=', s.id);
      q = s.state === null ? q.where('state', 'is', null) : q.where('state', '=', s.state);
      return changed(await q.executeTakeFirst());
    },

    async addEvent(trx: Kysely<DB>, s: { id: number; order_id: number }, status: string, message: string): Promise<void> {
      await trx.insertInto('shipment_events').values({ shipment_id: s.id, order_id: s.order_id, status, message: message.slice(0, 500), created_at: nowIso() }).execute();
    },

    async events(orderId: number): Promise<ShipmentEvent[]> {
      const rows = await db.selectFrom('shipment_events').select(['created_at', 'status', 'message']).where('order_id', '=', orderId).orderBy('id').execute();
      return rows.map((r) => ({ at: r.created_at, status: r.status, message: r.message }));
    },
  };
  return store;
}

export type ShipmentStore = ReturnType<typeof createShipmentStore>;
