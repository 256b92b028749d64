/**
 * Booking parcels. The order is claimed first (store.claim: a conditional insert or update), so
 * two clicks never book twice; a claim that follows a booking without an answer (a timeout) asks
 * the courier for the order's parcel (`findBooked`) and adopts it instead of booking again. The
 * order's courier columns, the first timeline event and the customer's SMS are written in one
 * transaction with the shipment row. A courier's refusal or silence leaves the order unbooked.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../accounts/sessions';
import type { OrderShipments, ShipmentOrder } from '../orders/service';
import { enqueueSms } from '../notifications/outbox';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import { CourierError, type BookedParcel, type Courier, type ParcelInput } from './courier';
import type { BookingClaim, ShipmentStore } from './store';
import { COURIER_LABELS, amountToCollect, bookedSms, type BookShipmentInput, type CourierId } from '../../domain/shipments';

export type Couriers = Partial<Record<CourierId, Courier>>;

export interface BookingDeps {
  store: ShipmentStore;
  orders: OrderShipments;
  couriers: Couriers;
  shopName(): Promise<string>;
  publicUrl: string;
  nudgeSms(): void;
  /** A booking claim older than this belongs to a process that died. */
  staleMs: number;
}

export interface BulkLine {
  order: number;
  ok: boolean;
  consignment_id?: string;
  tracking_code?: string;
  message?: string;
}

const ORDER_NOT_FOUND = 'Order not found.';

export function trackUrl(publicUrl: string, orderId: number): string {
  return `${publicUrl}/track?order=${orderId}`;
}

/** A courier's failure: refused (failed, may be tried again) or without an answer (unknown). */
function outcomeOf(error: unknown): { outcome: 'failed' | 'unknown'; message: string; raw: unknown } {
  if (error instanceof CourierError) {
    return { outcome: error.kind === 'refused' || error.kind === 'http' ? 'failed' : 'unknown', message: error.message, raw: error.raw };
  }
  return { outcome: 'unknown', message: error instanceof Error ? error.message : String(error), raw: null };
}

export function createBooking(db: Kysely<DB>, deps: BookingDeps) {
  const { store, orders, couriers } = deps;

  function courierFor(id: CourierId): Courier {
    const courier = couriers[id];
    if (!courier) throw badRequest(`${COURIER_LABELS[id]} is not configured.`, { courier: [`${COURIER_LABELS[id]} is not configured.`] });
    return courier;
  }

  /** Why an order cannot be booked, or null. */
  function refusal(order: ShipmentOrder | undefined): HttpError | null {
    if (!order) return notFound(ORDER_NOT_FOUND);
    if (order.consignment_id) return conflict(`Order #${order.id} is already booked with ${order.courier ? COURIER_LABELS[order.courier] : 'a courier'}.`);
    if (order.status !== 'Pending') return badRequest(`Only Pending orders can be sent; order #${order.id} is ${order.status}.`);
    return null;
  }

  async function parcelInput(order: ShipmentOrder, body: Omit<BookShipmentInput, 'courier'>): Promise<ParcelInput> {
    const lines = await orders.lines(order.id);
    const extra: Record<string, number> = {};
    for (const key of ['recipient_city', 'recipient_zone', 'recipient_area'] as const) if (body[key] !== undefined) extra[key] = body[key];
    return {
      orderId: order.id,
      recipientName: order.name,
      recipientPhone: order.phone_number,
      alternativePhone: order.optional_phone_number,
      recipientEmail: order.email,
      recipientAddress: [order.delivery_address, order.upazila_thana, order.district].filter(Boolean).join(', ').slice(0, 250),
      district: order.district,
      upazila: order.upazila_thana,
      codAmount: amountToCollect(order),
      note: (body.note ?? order.order_instruction ?? '').slice(0, 200),
      itemDescription: lines.map((l) => `${l.title} x${l.quantity}`).join(', ').slice(0, 250),
      itemQuantity: Math.max(1, lines.reduce((n, l) => n + l.quantity, 0)),
      itemWeight: body.item_weight ?? 0.5,
      ...(Object.keys(extra).length ? { extra } : {}),
    };
  }

  async function claimOrder(order: ShipmentOrder, courier: CourierId, admin: AuthUser | null): Promise<BookingClaim> {
    const claim = await store.claim(order.id, courier, admin?.id ?? null, deps.staleMs);
    if (claim === 'booked') throw conflict(`Order #${order.id} is already booked.`);
    if (claim === 'busy') throw conflict(`Order #${order.id} is being booked right now.`);
    if ('otherCourier' in claim) {
      const label = COURIER_LABELS[claim.otherCourier];
      throw conflict(`Order #${order.id} was sent to ${label} without an answer; book it with ${label} again, so it is not booked twice.`);
    }
    return claim;
  }

  /** Writes a booked parcel: shipment row, order columns, timeline, SMS. */
  async function record(order: ShipmentOrder, courierId: CourierId, claim: BookingClaim, parcel: BookedParcel, step: string, shopName: string) {
    const state = parcel.state === 'unknown' ? 'booked' : parcel.state;
    const done = await db.transaction().execute(async (trx) => {
      const mine = await store.finishBooking(trx, claim, { consignmentId: parcel.consignmentId, trackingCode: parcel.trackingCode, state, courierStatus: parcel.courierStatus, step, answer: parcel.raw });
      if (!mine) return false;
      await orders.markBooked(trx, { id: order.id, courier: courierId, consignmentId: parcel.consignmentId, trackingCode: parcel.trackingCode, state });
      await store.addEvent(trx, { id: claim.id, order_id: order.id }, state, parcel.message || `Booked with ${COURIER_LABELS[courierId]}.`);
      const text = bookedSms({ shopName, orderId: order.id, courier: courierId, trackingCode: parcel.trackingCode, trackUrl: trackUrl(deps.publicUrl, order.id) });
      if (order.account_phone) await enqueueSms(trx, order.account_phone, text, 'shipment_booked');
      return true;
    });
    if (!done) throw conflict(`Order #${order.id} was booked by another request.`);
    deps.nudgeSms();
  }

  /** Asks the courier for a parcel it may already have for the order (after a booking with no answer). */
  async function adopted(courier: Courier, claim: BookingClaim, orderId: number): Promise<BookedParcel | null> {
    if (!claim.retry) return null;
    try {
      return await courier.findBooked(orderId);
    } catch (error) {
      const o = outcomeOf(error);
      await store.releaseBooking(claim, 'unknown', o.message, o.raw);
      throw new HttpError(502, `${COURIER_LABELS[courier.id]}: ${o.message}`, undefined, { order_id: orderId });
    }
  }

  return {
    /** `POST /api/order/{id}/shipment/`: books one parcel; answers the order's view. */
    async bookOne(admin: AuthUser, orderId: number, body: BookShipmentInput): Promise<void> {
      const courier = courierFor(body.courier);
      const order = await orders.get(orderId);
      const refused = refusal(order);
      if (refused) throw refused;
      const input = await parcelInput(order!, body);
      const shopName = await deps.shopName();
      const claim = await claimOrder(order!, body.courier, admin);
      let parcel = await adopted(courier, claim, orderId);
      const step = parcel ? 'adopted' : 'book';
      if (!parcel) {
        try {
          parcel = await courier.book(input);
        } catch (error) {
          const o = outcomeOf(error);
          await store.releaseBooking(claim, o.outcome, o.message, o.raw);
          throw new HttpError(502, `${COURIER_LABELS[body.courier]}: ${o.message}`, undefined, { order_id: orderId });
        }
      }
      await record(order!, body.courier, claim, parcel, step, shopName);
    },

    /**
     * The poll round's look at a booking that had no answer: the courier is asked for the order's
     * parcel and, when it has one, the parcel is adopted as if the booking had answered. When it
     * has none the booking stays unknown (an admin's retry asks again before booking). True when adopted.
     */
    async resolveUnknown(orderId: number): Promise<boolean> {
      const row = await store.ofOrder(orderId);
      const courier = row ? couriers[row.courier] : undefined;
      if (!row || row.booking !== 'unknown' || !courier) return false;
      const order = await orders.get(orderId);
      if (!order || order.consignment_id) return false;
      const shopName = await deps.shopName();
      const claim = await store.claim(orderId, row.courier, null, deps.staleMs);
      if (typeof claim !== 'object' || 'otherCourier' in claim) return false;
      let parcel: BookedParcel | null;
      try {
        parcel = await courier.findBooked(orderId);
      } catch (error) {
        const o = outcomeOf(error);
        await store.releaseBooking(claim, 'unknown', o.message, o.raw);
        return false;
      }
      if (!parcel) {
        await store.releaseBooking(claim, 'unknown', 'The courier has no parcel for this order yet.', null);
        return false;
      }
      await record(order, row.courier, claim, parcel, 'adopted', shopName);
      return true;
    },

    /** `POST /api/shipments/`: many orders with one courier, in the courier's bulk call; one line per order. */
    async bookMany(admin: AuthUser, courierId: CourierId, orderIds: number[]): Promise<BulkLine[]> {
      const courier = courierFor(courierId);
      const shopName = await deps.shopName();
      const lines = new Map<number, BulkLine>();
      const pending: { order: ShipmentOrder; claim: BookingClaim; input: ParcelInput }[] = [];
      for (const id of [...new Set(orderIds)]) {
        const order = await orders.get(id);
        const refused = refusal(order);
        if (refused) {
          lines.set(id, { order: id, ok: false, message: refused.message });
          continue;
        }
        try {
          const claim = await claimOrder(order!, courierId, admin);
          const parcel = await adopted(courier, claim, id);
          if (parcel) {
            await record(order!, courierId, claim, parcel, 'adopted', shopName);
            lines.set(id, { order: id, ok: true, consignment_id: parcel.consignmentId, tracking_code: parcel.trackingCode });
          } else pending.push({ order: order!, claim, input: await parcelInput(order!, {}) });
        } catch (error) {
          lines.set(id, { order: id, ok: false, message: error instanceof Error ? error.message : String(error) });
        }
      }
      if (pending.length) {
        let results: Awaited<ReturnType<Courier['bookMany']>>;
        try {
          results = await courier.bookMany(pending.map((p) => p.input));
        } catch (error) {
          const o = outcomeOf(error);
          for (const p of pending) {
            await store.releaseBooking(p.claim, o.outcome, o.message, o.raw);
            lines.set(p.order.id, { order: p.order.id, ok: false, message: `${COURIER_LABELS[courierId]}: ${o.message}` });
          }
          results = [];
        }
        for (const [i, result] of results.entries()) {
          const p = pending[i];
          if (!p) continue;
          if (result.ok && result.parcel) {
            try {
              await record(p.order, courierId, p.claim, result.parcel, 'book_many', shopName);
              lines.set(p.order.id, { order: p.order.id, ok: true, consignment_id: result.parcel.consignmentId, tracking_code: result.parcel.trackingCode });
            } catch (error) {
              lines.set(p.order.id, { order: p.order.id, ok: false, message: error instanceof Error ? error.message : String(error) });
            }
          } else {
            const message = result.message || 'Refused by the courier.';
            await store.releaseBooking(p.claim, 'failed', message, result);
            lines.set(p.order.id, { order: p.order.id, ok: false, message: `${COURIER_LABELS[courierId]}: ${message}` });
          }
        }
        // A courier answering fewer results than parcels: the rest have no answer.
        for (const p of pending.slice(results.length)) {
          if (lines.has(p.order.id)) continue;
          await store.releaseBooking(p.claim, 'unknown', 'No answer for this parcel.', null);
          lines.set(p.order.id, { order: p.order.id, ok: false, message: `${COURIER_LABELS[courierId]}: no answer for this parcel.` });
        }
      }
      return orderIds.filter((id, i) => orderIds.indexOf(id) === i).map((id) => lines.get(id)!);
    },
  };
}
