/**
 * Writing down a parcel the courier accepted (or that was adopted): its ids go on the shipment
 * row first, then one transaction writes the booking, the order's courier columns, the first
 * timeline event, the customer's SMS (not for a parcel already final) and, for a parcel already
 * delivered or returned, the order's settlement. When that fails the claim is released as
 * unknown with the ids kept, so a retry adopts the parcel instead of booking a second one.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ShipmentOrder } from '../orders/service';
import { enqueueSms } from '../notifications/outbox';
import { HttpError, conflict } from '../http/errors';
import { CourierError, type BookedParcel } from './courier';
import type { BookingClaim } from './store';
import type { BookingDeps } from './booking-types';
import { amountToCollect, bookedSms, isFinalParcel, orderStatusForParcel, type CourierId } from '../../domain/shipments';
import { COURIERS } from '../../domain/providers';
import { parcelFee } from '../../domain/payouts';

export function trackUrl(publicUrl: string, orderId: number): string {
  return `${publicUrl}/track?order=${orderId}`;
}

/** A courier's failure: only a refusal means nothing was booked (failed); anything else may have booked it (unknown). */
export function outcomeOf(error: unknown): { outcome: 'failed' | 'unknown'; message: string; raw: unknown } {
  if (error instanceof CourierError) return { outcome: error.kind === 'refused' ? 'failed' : 'unknown', message: error.message, raw: error.raw };
  return { outcome: 'unknown', message: error instanceof Error ? error.message : String(error), raw: null };
}

export function recordParcel(db: Kysely<DB>, deps: BookingDeps) {
  const { store, orders } = deps;

  /** `codAmount`: what the courier was asked to collect; for a parcel adopted, what is due now. */
  return async function record(order: ShipmentOrder, courierId: CourierId, claim: BookingClaim, parcel: BookedParcel, step: string, shopName: string, codAmount = amountToCollect(order)): Promise<void> {
    const label = COURIERS[courierId].label;
    const state = parcel.state === 'unknown' ? 'booked' : parcel.state;
    const ids = { consignment_id: parcel.consignmentId, tracking_code: parcel.trackingCode };
    let mine: boolean;
    try {
      await store.keepParcel(claim, parcel);
      const deliveryFee = parcelFee(parcel.deliveryFee, await deps.courierRates(), courierId);
      mine = await db.transaction().execute(async (trx) => {
        const finished = await store.finishBooking(trx, claim, { consignmentId: parcel.consignmentId, trackingCode: parcel.trackingCode, state, courierStatus: parcel.courierStatus, step, answer: parcel.raw });
        if (!finished) return false;
        if (!(await orders.markBooked(trx, { id: order.id, courier: courierId, consignmentId: parcel.consignmentId, trackingCode: parcel.trackingCode, state, codAmount, total: order.total, deliveryFee }))) {
          throw conflict(`Order #${order.id} changed while it was booked (no longer Pending, edited, or already given a parcel); ${label} parcel ${parcel.consignmentId} is not recorded on it (cancel it in ${label}'s panel if it is not wanted).`, { order_id: order.id, ...ids });
        }
        await store.addEvent(trx, { id: claim.id, order_id: order.id }, state, parcel.message || `Booked with ${label}.`);
        const to = orderStatusForParcel(state);
        if (to) await orders.settle(trx, order.id, to, shopName);
        if (!isFinalParcel(state) && order.account_phone) {
          const text = bookedSms({ shopName, orderId: order.id, courier: courierId, trackingCode: parcel.trackingCode, trackUrl: trackUrl(deps.publicUrl, order.id) });
          await enqueueSms(trx, order.account_phone, text, 'shipment_booked');
        }
        return true;
      });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const message = `${label} accepted parcel ${parcel.consignmentId} for order #${order.id}, but it could not be recorded: ${why}`;
      deps.log().error({ err: error, order: order.id, ...ids }, 'shipments: a parcel the courier accepted could not be recorded');
      await store.releaseBooking(claim, 'unknown', message, { ...ids, error: why }).catch(() => undefined);
      if (error instanceof HttpError) throw error;
      throw new HttpError(503, `${message}. Try again: the parcel is then recorded, not booked twice.`, undefined, { order_id: order.id, ...ids });
    }
    if (!mine) {
      // Another request finished this order's booking while this one's courier call ran.
      deps.log().error({ order: order.id, ...ids }, 'shipments: a parcel was booked by a claim that was lost; cancel it at the courier');
      await store.noteAnswer(claim.id, 'orphan', { ...ids, answer: parcel.raw }).catch(() => undefined);
      throw conflict(`Order #${order.id} was booked by another request; ${label} parcel ${parcel.consignmentId} from this request is extra: cancel it in ${label}'s panel.`, { order_id: order.id, ...ids });
    }
    deps.nudgeSms();
  };
}
