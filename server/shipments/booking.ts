/**
 * Booking parcels: one order (`bookOne`), many (`bookMany`, bulk-booking.ts), and the poll
 * round's look at a booking that had no answer (`resolveUnknown`). The steps they share (claim,
 * refusals, the parcel sent, recording it) are in booking-core.ts.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../accounts/sessions';
import type { BookedParcel } from './courier';
import type { BookingDeps } from './booking-types';
import { createBookingCore } from './booking-core';
import { createBulkBooking } from './bulk-booking';
import { outcomeOf } from './record';
import type { BookShipmentInput } from '../../domain/shipments';

export function createBooking(db: Kysely<DB>, deps: BookingDeps) {
  const core = createBookingCore(db, deps);
  const { store, orders, couriers } = deps;

  return {
    /** `POST /api/order/{id}/shipment/`: books one parcel (or adopts the one the admin names). */
    async bookOne(admin: AuthUser, orderId: number, body: BookShipmentInput): Promise<void> {
      await core.bookOrder(admin, core.courierFor(body.courier), orderId, body);
    },

    /**
     * The poll round's look at a booking that had no answer, once a period (`polled_at`): a parcel
     * whose ids were kept, or the one the courier finds for the order, is adopted as if the
     * booking had answered. Otherwise the booking stays unknown (an admin's retry asks again).
     * True when adopted.
     */
    async resolveUnknown(orderId: number, cutoff: string, now: string): Promise<boolean> {
      const row = await store.ofOrder(orderId);
      const courier = row ? couriers[row.courier] : undefined;
      if (!row || row.booking !== 'unknown' || !courier) return false;
      // Marked asked first, even when there is nothing to ask, so it waits a period like the others.
      if (!(await store.claimPoll(row.id, cutoff, now))) return false;
      if (!row.consignment_id && !courier.canFindBooked) return false;
      const order = await orders.get(orderId);
      if (core.refusal(order)) return false;
      let parcel: BookedParcel | null;
      try {
        parcel = row.consignment_id ? await core.parcelOf(courier, { consignmentId: row.consignment_id, trackingCode: row.tracking_code ?? '' }) : await courier.findBooked(orderId);
      } catch (error) {
        deps.log().info({ order: orderId, message: outcomeOf(error).message }, 'shipments: a booking without an answer could not be looked up');
        return false;
      }
      if (!parcel || parcel.state === 'cancelled') return false;
      const shopName = await deps.shopName();
      const claim = await store.claim(orderId, row.courier, null, deps.staleMs);
      if (typeof claim !== 'object' || 'otherCourier' in claim) return false;
      await core.record(order!, row.courier, claim, parcel, 'adopted', shopName);
      return true;
    },

    bookMany: createBulkBooking(core, deps),
  };
}
