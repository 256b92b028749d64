/**
 * Booking parcels. The order is claimed first (store.claim: a conditional insert or update), so
 * two clicks never book twice, and checked again once claimed. A claim that follows a booking
 * without an answer (a timeout, a 5xx, a process that died) adopts the parcel instead of booking
 * again: the one whose ids were kept, the one the courier finds for the order (`findBooked`), or,
 * at a courier that cannot be asked (Pathao), the one the admin found in its panel; without that
 * the admin must confirm there is none. Each courier call first renews the claim (`touchClaim`)
 * and gives up when it was taken over. The order's courier columns, the first timeline event and
 * the customer's SMS are written in one transaction with the shipment row; a parcel that is
 * already delivered or returned settles the order in it too. A courier's refusal leaves the
 * order unbooked; its silence leaves the booking unknown. booking.ts and bulk-booking.ts build on
 * these steps.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../accounts/sessions';
import type { ShipmentOrder } from '../orders/service';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import type { BookedParcel, Courier, ParcelInput } from './courier';
import type { BookingClaim } from './store';
import type { BookingDeps } from './booking-types';
import { outcomeOf, recordParcel } from './record';
import { amountToCollect, courierAddress, type BookShipmentInput, type CourierId } from '../../domain/shipments';
import { COURIERS } from '../../domain/providers';
import type { PaymentStatus } from '../../domain/payments';
import { DESK_MESSAGES } from '../../domain/order-desk';
import { bookingHold } from '../../domain/preorders';
import { PREORDER_MESSAGES } from '../../domain/preorder-messages';
import { dhakaDate } from '../../domain/stock';

/** The admin's answer after a booking without an answer at a courier that cannot be asked. */
export type AdoptChoice = Pick<BookShipmentInput, 'consignment_id' | 'confirm_not_booked'>;

const ORDER_NOT_FOUND = 'Order not found.';
/** An online payment in one of these is settled: the order may go out. */
const SETTLED: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

/** The 409 when a booking had no answer and the courier cannot say whether it made the parcel. */
export function unsureMessage(courier: CourierId, orderId: number): string {
  const label = COURIERS[courier].label;
  return `Order #${orderId} was sent to ${label} without an answer, and ${label} cannot be asked whether it booked it. Look for order #${orderId} in the ${label} merchant panel: enter its consignment id to record that parcel, or confirm there is none to book it now.`;
}

export function createBookingCore(db: Kysely<DB>, deps: BookingDeps) {
  const { store, orders, couriers } = deps;
  const record = recordParcel(db, deps);

  function courierFor(id: CourierId): Courier {
    const courier = couriers[id];
    if (!courier) throw badRequest(`${COURIERS[id].label} is not configured.`, { courier: [`${COURIERS[id].label} is not configured.`] });
    return courier;
  }

  /** Why an order cannot be booked, or null. */
  function refusal(order: ShipmentOrder | undefined): HttpError | null {
    if (!order) return notFound(ORDER_NOT_FOUND);
    if (order.consignment_id) return conflict(`Order #${order.id} is already booked with ${order.courier ? COURIERS[order.courier].label : 'a courier'}.`);
    if (order.status !== 'Pending') return badRequest(`Only Pending orders can be sent; order #${order.id} is ${order.status}.`);
    // Cash on delivery costs the delivery both ways when the buyer did not want it: confirm first.
    if (order.confirmation !== 'confirmed') return conflict(DESK_MESSAGES.unconfirmedBooking(order.id), { confirmation: order.confirmation });
    // A pre-order is held whole until every line is filled and its release date has come (docs/preorders.md).
    const hold = bookingHold(order, dhakaDate(Date.now()));
    if (hold) return conflict(hold === 'waiting' ? PREORDER_MESSAGES.waitingBooking(order.id) : PREORDER_MESSAGES.beforeRelease(order.id, order.preorder_release_date!), { preorder: { release_date: order.preorder_release_date, waiting: order.preorder_waiting > 0 } });
    if (order.payment_gateway && !SETTLED.includes(order.payment_status)) {
      return conflict(`Order #${order.id} is paid online and its payment is ${order.payment_status}; send it once the payment is settled.`);
    }
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
      recipientAddress: courierAddress({ street: order.delivery_address, upazila: order.upazila_thana, district: order.district }, 220),
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

  /** Claims the order, then reads it again: what was true before the claim may not be now. */
  async function claimOrder(orderId: number, courier: CourierId, admin: AuthUser | null): Promise<{ claim: BookingClaim; order: ShipmentOrder }> {
    const claim = await store.claim(orderId, courier, admin?.id ?? null, deps.staleMs);
    if (claim === 'booked') throw conflict(`Order #${orderId} is already booked.`);
    if (claim === 'busy') throw conflict(`Order #${orderId} is being booked right now.`);
    if ('otherCourier' in claim) {
      const label = COURIERS[claim.otherCourier].label;
      throw conflict(`Order #${orderId} was sent to ${label} without an answer; book it with ${label} again, so it is not booked twice.`);
    }
    const order = await orders.get(orderId);
    const refused = refusal(order);
    if (refused) {
      await store.releaseBooking(claim, claim.previous === 'unknown' ? 'unknown' : 'failed', refused.message, null);
      throw refused;
    }
    return { claim, order: order! };
  }

  /** Runs a courier call only while the claim is still ours (renewed first). */
  async function whileClaimed<T>(claim: BookingClaim, orderId: number, call: () => Promise<T>): Promise<T> {
    if (!(await store.touchClaim(claim))) throw conflict(`Order #${orderId} is being booked by another request.`);
    return call();
  }

  /** A known consignment as a booked parcel: its ids and the state the courier gives it now. */
  async function parcelOf(courier: Courier, known: { consignmentId: string; trackingCode: string }): Promise<BookedParcel> {
    const s = await courier.status(known.consignmentId);
    return { consignmentId: known.consignmentId, trackingCode: known.trackingCode, state: s.state, courierStatus: s.courierStatus, message: s.message, raw: s.raw };
  }

  /**
   * The parcel this claim should adopt instead of booking, or null to book: kept ids, the one the
   * admin entered, or the courier's after a booking without an answer. A courier that cannot be
   * asked gets a 409 unless the admin confirmed there is none. A cancelled parcel is not adopted.
   */
  async function adoptable(courier: Courier, claim: BookingClaim, orderId: number, choice: AdoptChoice): Promise<{ parcel: BookedParcel; step: string } | null> {
    let found: { parcel: BookedParcel; step: string } | null = null;
    try {
      if (claim.known) found = { parcel: await whileClaimed(claim, orderId, () => parcelOf(courier, claim.known!)), step: 'adopted' };
      else if (choice.consignment_id) {
        // Where the tracking code is the consignment id (Pathao) both are known; elsewhere only the id.
        const known = { consignmentId: choice.consignment_id, trackingCode: COURIERS[courier.id].trackingIsConsignment ? choice.consignment_id : '' };
        found = { parcel: await whileClaimed(claim, orderId, () => parcelOf(courier, known)), step: 'entered' };
      } else if (claim.previous === 'unknown' && courier.canFindBooked) {
        const parcel = await whileClaimed(claim, orderId, () => courier.findBooked(orderId));
        found = parcel ? { parcel, step: 'adopted' } : null;
      } else if (claim.previous === 'unknown' && !choice.confirm_not_booked) {
        await store.releaseBooking(claim, 'unknown', unsureMessage(courier.id, orderId), null);
        throw conflict(unsureMessage(courier.id, orderId), { order_id: orderId, courier: courier.id, unsure_booking: true });
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // A lookup that failed says nothing new: the booking stays as it was.
      const o = outcomeOf(error);
      await store.releaseBooking(claim, claim.previous === 'unknown' ? 'unknown' : 'failed', o.message, o.raw);
      throw new HttpError(502, `${COURIERS[courier.id].label}: ${o.message}`, undefined, { order_id: orderId });
    }
    if (found?.parcel.state === 'cancelled') {
      const message = `${COURIERS[courier.id].label} has order #${orderId}'s parcel ${found.parcel.consignmentId} cancelled; it is not recorded. Book the order again.`;
      await store.releaseBooking(claim, 'failed', message, found.parcel.raw);
      throw conflict(message, { order_id: orderId });
    }
    return found;
  }

  /** Claims, adopts or books, and records one order's parcel. */
  async function bookOrder(admin: AuthUser | null, courier: Courier, orderId: number, body: Omit<BookShipmentInput, 'courier'>): Promise<BookedParcel> {
    const before = await orders.get(orderId);
    const refused = refusal(before);
    if (refused) throw refused;
    const input = await parcelInput(before!, body);
    const shopName = await deps.shopName();
    const { claim, order } = await claimOrder(orderId, courier.id, admin);
    const found = await adoptable(courier, claim, orderId, body);
    if (found) {
      await record(order, courier.id, claim, found.parcel, found.step, shopName);
      return found.parcel;
    }
    let parcel: BookedParcel;
    try {
      parcel = await whileClaimed(claim, orderId, () => courier.book(input));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const o = outcomeOf(error);
      await store.releaseBooking(claim, o.outcome, o.message, o.raw);
      throw new HttpError(502, `${COURIERS[courier.id].label}: ${o.message}`, undefined, { order_id: orderId });
    }
    await record(order, courier.id, claim, parcel, 'book', shopName, input.codAmount);
    return parcel;
  }

  return { courierFor, refusal, parcelInput, claimOrder, adoptable, bookOrder, parcelOf, record };
}

export type BookingCore = ReturnType<typeof createBookingCore>;
