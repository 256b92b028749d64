/**
 * The shop's rules for sending orders with a courier (the couriers are in domain/providers.ts):
 * our reading of a parcel's states and what each means for the order, how much the courier
 * collects on delivery, the booking forms' schemas, and the customer's SMS texts (each one part).
 * Pure: no database, no clock, no courier.
 */
import { z } from 'zod';
import { idSchema } from './queries';
import { fitOneSms, fitsOneSms } from './sms';
import { DISTRICTS } from './bd-geo';
import { COURIER_IDS, COURIERS, type CourierId } from './providers';

/** The couriers' ids and facts are in domain/providers.ts, the one list of providers. */
export type { CourierId } from './providers';

/** Our reading of a courier's many states (the same words as server/shipments/courier.ts). */
export const PARCEL_STATES = [
  'booked',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'partly_delivered',
  'cancelled',
  'returned',
  'on_hold',
  'unknown',
] as const;
export type ParcelStateName = (typeof PARCEL_STATES)[number];

/** States after which the courier has nothing more to say: the parcel is no longer asked about. */
export const FINAL_PARCEL_STATES: readonly ParcelStateName[] = ['delivered', 'partly_delivered', 'cancelled', 'returned'];

export function isFinalParcel(state: string | null): boolean {
  return state !== null && (FINAL_PARCEL_STATES as readonly string[]).includes(state);
}

/**
 * What a parcel's state makes of its order: delivered → Delivered (cash on delivery is then paid);
 * cancelled or returned → Returned (a return on its way back; the stock comes back when it is
 * received). A partly delivered parcel becomes a partial delivery only with the amount collected,
 * which the courier's webhook carries (server/shipments/tracking.ts); every other state leaves the
 * order as it is.
 */
export function orderStatusForParcel(state: string): 'Delivered' | 'Returned' | null {
  if (state === 'delivered') return 'Delivered';
  if (state === 'cancelled' || state === 'returned') return 'Returned';
  return null;
}

/**
 * Taka the courier collects on delivery: the order's total less what was paid online and kept
 * (paid less refunded). Cash on delivery → the total; paid online → 0; partly paid or partly
 * refunded → the rest. Never below 0.
 */
export function amountToCollect(order: { total: number; paid_amount: number; refunded_amount: number }): number {
  const kept = Math.max(0, order.paid_amount - order.refunded_amount);
  return Math.max(0, order.total - kept);
}

/**
 * The address line a courier gets, at most `max` characters: the street address shortened first,
 * so the upazila and district (what the courier routes by) always survive.
 */
export function courierAddress(p: { street: string; upazila: string; district: string }, max: number): string {
  const tail = [p.upazila.trim(), p.district.trim()].filter(Boolean).join(', ').slice(0, max);
  const street = p.street.trim().replace(/\s+/g, ' ');
  if (!tail) return street.slice(0, max);
  const room = max - tail.length - 2;
  return room > 0 && street ? `${street.slice(0, room).trimEnd()}, ${tail}` : tail;
}

const courierId = z.enum(COURIER_IDS as [CourierId, ...CourierId[]], { message: `Choose ${COURIER_IDS.join(' or ')}.` });
/** A courier's own place id (Pathao's city, zone, area). */
const placeId = z.coerce.number().int().min(1).max(2_147_483_647);

/** `POST /api/order/{id}/shipment/`: the courier and its own fields (Pathao: city, zone, area, weight). */
export const bookShipmentSchema = z
  .object({
    courier: courierId,
    recipient_city: placeId.optional(),
    recipient_zone: placeId.optional(),
    recipient_area: placeId.optional(),
    item_weight: z.coerce.number().min(0.5, 'At least 0.5 kg.').max(10, 'At most 10 kg.').optional(),
    note: z.string().trim().max(200).optional(),
    // After a booking without an answer at a courier that cannot be asked for it (Pathao): the
    // parcel the admin found in the courier's panel, or the admin's word that there is none.
    consignment_id: z.string().trim().min(1).max(100).optional(),
    confirm_not_booked: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const courier = COURIERS[v.courier];
    if (!courier.needsPlaces) return;
    for (const field of ['recipient_city', 'recipient_zone'] as const) {
      if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${courier.label} needs the city and zone.` });
    }
  });
export type BookShipmentInput = z.infer<typeof bookShipmentSchema>;

export const MAX_BULK_SHIPMENTS = 500;

/** `POST /api/shipments/`: many orders with one courier (Steadfast's bulk order). */
export const bulkShipmentSchema = z.object({
  courier: courierId,
  orders: z.array(idSchema).min(1, 'Choose at least one order.').max(MAX_BULK_SHIPMENTS, `At most ${MAX_BULK_SHIPMENTS} orders at once.`),
});

/** `?courier=` of the prefill and the courier lists. */
export const courierQuery = z.object({ courier: courierId.optional() });

/** `GET /api/track/?order=&phone=`. */
export const trackQuery = z.object({
  order: idSchema,
  phone: z.string().trim().min(1, 'Enter the phone number.').max(20),
});

/** One line of a shipment's timeline. */
export interface ShipmentEvent {
  at: string;
  status: string;
  message: string;
}

interface SmsParts {
  shopName: string;
  orderId: number;
  courier: CourierId;
  trackingCode: string;
  /** PUBLIC_URL/track?order=<id>. */
  trackUrl: string;
}

/**
 * One SMS part: the shop's name and the courier's when both fit; else the courier's with the shop's
 * name cut down (a Bengali name makes the whole text UCS-2, 70 units, so it often goes entirely);
 * else no courier and the shop's name cut down.
 */
function oneSms(p: SmsParts, body: (courier: string) => string): string {
  const build = (shop: string, courier: string) => `${shop ? `${shop}: ` : ''}${body(courier)}`;
  const courier = COURIERS[p.courier].label;
  if (fitsOneSms(build('', courier))) return fitOneSms((shop) => build(shop, courier), p.shopName);
  return fitOneSms((shop) => build(shop, ''), p.shopName);
}

/** The customer's SMS once the parcel is booked: its tracking code and the tracking page. */
export function bookedSms(p: SmsParts): string {
  return oneSms(p, (courier) => `order #${p.orderId} is sent${courier ? ` with ${courier}` : ''}${p.trackingCode ? `, tracking ${p.trackingCode}` : ''}. Track: ${p.trackUrl}`);
}

/** The customer's SMS when the parcel is out for delivery. */
export function outForDeliverySms(p: SmsParts): string {
  return oneSms(p, (courier) => `order #${p.orderId} is out for delivery today${courier ? ` (${courier})` : ''}. Track: ${p.trackUrl}`);
}

let englishPlaces: Map<string, string> | null = null;

/**
 * A district's or upazila's English name (as couriers list their places) from the Bengali one
 * the shop stores; a name it does not know comes back as it is.
 */
export function placeInEnglish(name: string): string {
  if (!englishPlaces) {
    englishPlaces = new Map();
    for (const [en, bn, upazilas] of DISTRICTS) {
      englishPlaces.set(bn, en);
      for (const [uen, ubn] of upazilas) if (!englishPlaces.has(ubn)) englishPlaces.set(ubn, uen);
    }
  }
  const trimmed = name.trim();
  return englishPlaces.get(trimmed) ?? trimmed;
}
