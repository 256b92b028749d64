/**
 * A parcel's state, as the courier says it. Nothing else is believed: a webhook is only a
 * signal to ask (`refreshConsignment`; the amounts it carries count only for the state the courier
 * then confirms), and the poll round asks about every parcel not yet final
 * every COURIER_POLL_MINUTES. A new state is applied once (a conditional UPDATE from the state
 * read): the order's shipment status, a timeline event, the order Delivered (cash on delivery
 * paid), Returned (a return on its way back; stock only when received) or partly delivered (with
 * the amount the webhook says was collected) through the orders' shipment face, an SMS when out
 * for delivery. The customer's tracking answer (`track`) is here too.
 */
import type { Kysely } from 'kysely';
import type { DB, Shipment } from '../db/schema';
import type { RateLimiter } from '../accounts/rate-limit';
import { enforce } from '../accounts/rate-limit';
import { enqueueSms } from '../notifications/outbox';
import { notFound } from '../http/errors';
import type { ShipmentCommon } from './booking-types';
import { trackUrl } from './record';
import type { ParcelStatus } from './courier';
import { normalizePhone } from '../../domain/phone';
import { isFinalParcel, orderStatusForParcel, outForDeliverySms, type CourierId, type ShipmentEvent } from '../../domain/shipments';
import { COURIERS } from '../../domain/providers';

export interface TrackingDeps extends ShipmentCommon {
  pollMinutes: number;
  limiter: RateLimiter;
  /** The poll round's look at bookings without an answer (booking.ts `resolveUnknown`). */
  resolveUnknown(orderId: number, cutoff: string, now: string): Promise<boolean>;
}

/** What a courier's webhook says beside the parcel's state (couriers/webhook-kit.ts ParcelRef). */
export interface ParcelAmounts {
  collected?: number | undefined;
  deliveryFee?: number | undefined;
}

export const TRACK_NOT_FOUND = 'No order matches this order number and phone number.';
/** Tracking answers per client address: 20 per 10 minutes. */
export const TRACK_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

export function createTracking(db: Kysely<DB>, deps: TrackingDeps) {
  const { store, orders, couriers } = deps;

  /**
   * Applies what the courier said; true when it changed the parcel's state (once, whoever asks).
   * `report`: the amounts a webhook carried — a partial delivery needs what was collected (the
   * courier's status call does not say it); without it the order waits for staff to record it.
   */
  async function apply(s: Shipment, status: ParcelStatus, report: ParcelAmounts = {}): Promise<boolean> {
    if (status.state === 'unknown' || status.state === s.state) return false;
    const shopName = await deps.shopName();
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await store.moveState(trx, s, status.state, status.courierStatus, status.raw))) return false;
      await orders.setShipmentStatus(trx, s.order_id, status.state);
      await store.addEvent(trx, s, status.state, status.message || status.courierStatus);
      if (report.deliveryFee !== undefined) await orders.setDeliveryFees(trx, new Map([[s.order_id, report.deliveryFee]]));
      const to = orderStatusForParcel(status.state);
      if (to) await orders.settle(trx, s.order_id, to, shopName);
      else if (status.state === 'partly_delivered' && report.collected !== undefined) await orders.partlyDelivered(trx, s.order_id, report.collected, shopName);
      if (status.state === 'out_for_delivery') {
        const order = await orders.get(s.order_id, trx);
        if (order?.account_phone) {
          const text = outForDeliverySms({ shopName, orderId: s.order_id, courier: s.courier, trackingCode: s.tracking_code ?? '', trackUrl: trackUrl(deps.publicUrl, s.order_id) });
          await enqueueSms(trx, order.account_phone, text, 'shipment_out_for_delivery');
        }
      }
      return true;
    });
    if (changed) {
      deps.log().info({ order: s.order_id, state: status.state }, 'shipments: parcel state changed');
      deps.nudgeSms();
    }
    return changed;
  }

  /** Asks the courier about one parcel and applies the answer. */
  async function refresh(s: Shipment, report: ParcelAmounts = {}): Promise<boolean> {
    const courier = couriers[s.courier];
    if (!courier || !s.consignment_id) return false;
    return apply(s, await courier.status(s.consignment_id), report);
  }

  /**
   * A parcel the courier already said was partly delivered, whose order still waits (the poll saw
   * it first, without the money): the webhook's collected amount settles it now, once.
   */
  async function settlePartial(s: Shipment, collected: number): Promise<void> {
    const shopName = await deps.shopName();
    const moved = await db.transaction().execute(async (trx) => {
      if (!(await orders.partlyDelivered(trx, s.order_id, collected, shopName))) return false;
      await store.addEvent(trx, s, 'partly_delivered', `Partly delivered: ${collected} Tk collected; the rest is on its way back.`);
      return true;
    });
    if (moved) {
      deps.log().info({ order: s.order_id, collected }, 'shipments: partial delivery recorded');
      deps.nudgeSms();
    }
  }

  return {
    apply,
    refresh,

    /**
     * A courier's webhook named a parcel (by consignment id, or our order id): ask the courier
     * about it. False when we have no such booked parcel.
     */
    async refreshConsignment(courier: CourierId, ref: { consignmentId?: string | undefined; orderId?: number | undefined } & ParcelAmounts): Promise<boolean> {
      let s = ref.consignmentId ? await store.byConsignment(courier, ref.consignmentId) : undefined;
      if (!s && ref.orderId) {
        const byOrder = await store.ofOrder(ref.orderId);
        if (byOrder?.courier === courier) s = byOrder;
      }
      if (!s || s.booking !== 'booked') return false;
      const report = { collected: ref.collected, deliveryFee: ref.deliveryFee };
      // A delivered, cancelled or returned parcel has had its effect; a late webhook changes nothing,
      // except the money of a partial delivery whose order still waits for it.
      if (!isFinalParcel(s.state)) await refresh(s, report);
      else if (s.state === 'partly_delivered' && ref.collected !== undefined) await settlePartial(s, ref.collected);
      return true;
    },

    /**
     * One poll round: bookings of the last day that had no answer are looked up at the courier
     * (its parcel adopted); parcels not final and not asked about for COURIER_POLL_MINUTES, each
     * claimed by one process (`polled_at`), are asked about and applied. Answers how many changed.
     */
    async pollRound(now = Date.now(), limit = 100): Promise<number> {
      const cutoff = new Date(now - deps.pollMinutes * 60_000).toISOString();
      let changed = 0;
      // Bookings without an answer (a timeout) tried in the last day, each looked up once a period.
      const since = new Date(now - 24 * 3600_000).toISOString();
      for (const orderId of await store.unknownBookings(since, cutoff, limit)) {
        try {
          if (await deps.resolveUnknown(orderId, cutoff, new Date(now).toISOString())) changed += 1;
        } catch (error) {
          deps.log().error({ err: error, order: orderId }, 'shipments: looking up a booking without an answer failed');
        }
      }
      for (const s of await store.due(cutoff, limit)) {
        if (isFinalParcel(s.state)) continue;
        if (!(await store.claimPoll(s.id, cutoff, new Date(now).toISOString()))) continue;
        try {
          if (await refresh(s)) changed += 1;
        } catch (error) {
          deps.log().error({ err: error, order: s.order_id }, 'shipments: asking the courier failed');
        }
      }
      return changed;
    },

    /**
     * `GET /api/track/?order=&phone=`: an order's status, payment and parcel with its timeline
     * (status history and parcel events, oldest first), for the phone it was placed with. A wrong
     * pair is one 404 that does not say which half was wrong; 20 tries per 10 minutes per address.
     */
    async track(q: { order: number; phone: string; ip?: string | undefined }) {
      await enforce(deps.limiter, [{ key: `track:ip:${q.ip ?? 'unknown'}`, rule: TRACK_LIMIT }], 'tracking requests from this address');
      const phone = normalizePhone(q.phone);
      const order = phone ? await orders.getWithPhone(q.order, phone) : undefined;
      if (!order) throw notFound(TRACK_NOT_FOUND);
      const events: ShipmentEvent[] = [
        { at: order.created_at, status: 'Pending', message: 'Order placed.' },
        ...(await orders.history(order.id)).map((h) => ({ at: h.at, status: h.to, message: `Order ${h.to}.` })),
        ...(await store.events(order.id)),
      ];
      events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
      return {
        order: order.id,
        status: order.status,
        payment_status: order.payment_status,
        shipment_status: order.shipment_status,
        courier: order.courier,
        courier_label: order.courier ? COURIERS[order.courier].label : null,
        tracking_code: order.tracking_code,
        events,
      };
    },
  };
}
