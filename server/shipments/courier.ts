/**
 * What a courier does for the shop, whichever courier it is. Each courier is a real client of
 * its documented HTTP API (couriers/<id>/client.ts), configured by its settings, with
 * timeouts; tests run them against the loopback fake beside it (couriers/<id>/fake.ts).
 *
 * `book` sends one parcel; `findBooked` asks the courier whether a parcel for our order already
 * exists (so a retry after a timeout never books a second parcel), where the courier can say
 * (`canFindBooked`); `status` reads a parcel's current state, which is all the shop ever believes
 * (a webhook is only a signal to ask).
 */
import type { CourierId } from '../../domain/providers';

export type { CourierId } from '../../domain/providers';

/** Our reading of a courier's many states. */
export type ParcelState =
  | 'booked' // accepted by the courier, not yet picked up
  | 'in_transit' // picked up, at a hub, on its way
  | 'out_for_delivery'
  | 'delivered'
  | 'partly_delivered'
  | 'cancelled'
  | 'returned' // back at the shop
  | 'on_hold'
  | 'unknown';

export interface ParcelInput {
  /** Our order's id: Steadfast `invoice`, Pathao `merchant_order_id`. */
  orderId: number;
  recipientName: string;
  /** 11 digits, 01XXXXXXXXX. */
  recipientPhone: string;
  alternativePhone: string;
  recipientEmail: string;
  /** At most 250 characters: address, upazila, district. */
  recipientAddress: string;
  district: string;
  upazila: string;
  /** Taka still to collect: the total for COD, 0 when paid online, the rest when partly paid. */
  codAmount: number;
  note: string;
  itemDescription: string;
  itemQuantity: number;
  /** Kilograms. */
  itemWeight: number;
  /** Courier-specific choices from the admin's form (Pathao: recipient_city, recipient_zone, recipient_area). */
  extra?: Record<string, number | string>;
}

export interface BookedParcel {
  consignmentId: string;
  trackingCode: string;
  state: ParcelState;
  /** The courier's own status word and message, for the timeline. */
  courierStatus: string;
  message: string;
  raw: unknown;
  /** What the courier charges for the parcel, when its booking answer says (Pathao's `delivery_fee`). */
  deliveryFee?: number;
}

export interface ParcelStatus {
  state: ParcelState;
  courierStatus: string;
  message: string;
  raw: unknown;
}

export interface BulkResult {
  orderId: number;
  ok: boolean;
  parcel?: BookedParcel;
  message?: string;
  /** No answer for this parcel (timeout, network, 5xx): the courier may have booked it. */
  unsure?: boolean;
}

export interface Courier {
  readonly id: CourierId;
  /** Whether `findBooked` can really find a parcel (false: it always answers null). */
  readonly canFindBooked: boolean;
  /** Whether `bookMany` is one real bulk call; without it the shop books order by order. */
  readonly bulkBooking?: boolean;
  /** Per call, in ms: a booking claim lives several times this long. */
  readonly timeoutMs?: number;
  book(input: ParcelInput): Promise<BookedParcel>;
  /** Many parcels in one call where the courier has one (Steadfast's bulk order, at most 500); one result per input, in order. */
  bookMany(inputs: ParcelInput[]): Promise<BulkResult[]>;
  /** The parcel already booked for this order, if the courier has one. */
  findBooked(orderId: number): Promise<BookedParcel | null>;
  status(consignmentId: string): Promise<ParcelStatus>;
  /** A cheap authenticated call, for the back office's "does it answer?" check. */
  ping(): Promise<{ ok: boolean; message: string }>;
}

/** A courier call that failed: the courier's words for the admin or log, never a secret. */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'http' | 'refused' | 'network',
    readonly raw?: unknown,
  ) {
    super(message);
  }
}
