/**
 * Booking many orders with one courier. A courier with a real bulk call (Steadfast's bulk order)
 * gets every order claimed, the claims renewed right before the one call, and each result
 * recorded or released: refused is failed, no answer is unknown (so it is never booked again
 * blind, nor with another courier). A courier without one (Pathao books one by one) gets each
 * order claimed, booked and recorded in turn, so no claim waits while others are booked.
 */
import type { AuthUser } from '../accounts/sessions';
import type { ShipmentOrder } from '../orders/service';
import type { BulkResult, ParcelInput } from './courier';
import type { BookingClaim } from './store';
import type { BookingCore } from './booking-core';
import type { BookingDeps, BulkLine } from './booking-types';
import { outcomeOf } from './record';
import type { CourierId } from '../../domain/shipments';
import { COURIERS } from '../../domain/providers';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createBulkBooking(core: BookingCore, deps: BookingDeps) {
  const { store, orders } = deps;

  /** Each booked line with the COD its courier was asked to collect, as the order keeps it. */
  async function withCod(result: BulkLine[]): Promise<BulkLine[]> {
    for (const line of result) if (line.ok) line.cod_amount = (await orders.get(line.order))?.cod_amount ?? null;
    return result;
  }

  /** `POST /api/shipments/`: many orders with one courier; one line per order, in the order given. */
  return async function bookMany(admin: AuthUser, courierId: CourierId, orderIds: number[]): Promise<BulkLine[]> {
    const courier = core.courierFor(courierId);
    const label = COURIERS[courierId].label;
    const ids = [...new Set(orderIds)];
    const lines = new Map<number, BulkLine>();
    const fail = (id: number, message: string) => lines.set(id, { order: id, ok: false, message });
    const done = (id: number, p: { consignmentId: string; trackingCode: string }) => lines.set(id, { order: id, ok: true, consignment_id: p.consignmentId, tracking_code: p.trackingCode });

    if (!courier.bulkBooking) {
      for (const id of ids) {
        try {
          done(id, await core.bookOrder(admin, courier, id, {}));
        } catch (error) {
          fail(id, errorText(error));
        }
      }
      return withCod(ids.map((id) => lines.get(id)!));
    }

    const shopName = await deps.shopName();
    const pending: { order: ShipmentOrder; claim: BookingClaim; input: ParcelInput }[] = [];
    for (const id of ids) {
      try {
        const before = await orders.get(id);
        const refused = core.refusal(before);
        if (refused) throw refused;
        const input = await core.parcelInput(before!, {});
        const { claim, order } = await core.claimOrder(id, courierId, admin);
        const found = await core.adoptable(courier, claim, id, {});
        if (found) {
          await core.record(order, courierId, claim, found.parcel, found.step, shopName);
          done(id, found.parcel);
        } else pending.push({ order, claim, input });
      } catch (error) {
        fail(id, errorText(error));
      }
    }

    // Claims are renewed right before the call: one taken over meanwhile is left to its new owner.
    const live: typeof pending = [];
    for (const p of pending) {
      if (await store.touchClaim(p.claim)) live.push(p);
      else fail(p.order.id, `Order #${p.order.id} is being booked by another request.`);
    }
    if (!live.length) return withCod(ids.map((id) => lines.get(id)!));

    let results: BulkResult[] = [];
    try {
      results = await courier.bookMany(live.map((p) => p.input));
    } catch (error) {
      const o = outcomeOf(error);
      for (const p of live) {
        await store.releaseBooking(p.claim, o.outcome, o.message, o.raw);
        fail(p.order.id, `${label}: ${o.message}`);
      }
    }
    for (const [i, result] of results.entries()) {
      const p = live[i];
      if (!p) continue;
      if (result.ok && result.parcel) {
        try {
          await core.record(p.order, courierId, p.claim, result.parcel, 'book_many', shopName, p.input.codAmount);
          done(p.order.id, result.parcel);
        } catch (error) {
          fail(p.order.id, errorText(error));
        }
      } else {
        const message = result.message || 'Refused by the courier.';
        await store.releaseBooking(p.claim, result.unsure ? 'unknown' : 'failed', message, result);
        fail(p.order.id, `${label}: ${message}`);
      }
    }
    // A courier answering fewer results than parcels: the rest have no answer.
    for (const p of live.slice(results.length)) {
      if (lines.has(p.order.id)) continue;
      await store.releaseBooking(p.claim, 'unknown', 'No answer for this parcel.', null);
      fail(p.order.id, `${label}: no answer for this parcel.`);
    }
    return withCod(ids.map((id) => lines.get(id)!));
  };
}
