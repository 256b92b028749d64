/**
 * The outside providers the shop can use, the one list of their ids: couriers and online payment
 * gateways. Each entry says what the shop's rules need to know of a provider (its label, and the
 * few facts where providers differ); how to talk to it lives in its own folder
 * (server/shipments/couriers/<id>/, server/payments/gateways/<id>/), registered in one line.
 * A test (server/providers.test.ts) fails when a provider's id appears anywhere else.
 * The database stores these ids as plain text, with no CHECK naming them.
 */

/** The couriers a parcel can be booked with. */
export const COURIERS = {
  steadfast: { label: 'Steadfast', needsPlaces: false },
  /** Pathao's booking needs its own city and zone ids (the back office picks them from its lists). */
  pathao: { label: 'Pathao', needsPlaces: true },
} as const satisfies Record<string, CourierFacts>;

export interface CourierFacts {
  label: string;
  /** Whether a booking needs the courier's own city and zone ids. */
  needsPlaces: boolean;
}

/** The online payment gateways; each is also a payment option's id. */
export const GATEWAYS = {
  /** bKash's execute takes the money (the customer only authorised it), so it is called once. */
  bkash_online: { label: 'বিকাশ (অনলাইন পেমেন্ট)', confirmTakesMoney: true },
  /** SSLCommerz has taken the money before the customer returns; its confirmation only reads. */
  sslcommerz: { label: 'কার্ড / মোবাইল ব্যাংকিং / নেট ব্যাংকিং', confirmTakesMoney: false },
} as const satisfies Record<string, GatewayFacts>;

export interface GatewayFacts {
  /** The payment option's label at checkout. */
  label: string;
  /** Whether confirming a payment takes the money (then it is called once, for an attempt still open). */
  confirmTakesMoney: boolean;
}

export type CourierId = keyof typeof COURIERS;
export type OnlineGateway = keyof typeof GATEWAYS;
export const COURIER_IDS = Object.keys(COURIERS) as CourierId[];
export const ONLINE_GATEWAYS = Object.keys(GATEWAYS) as OnlineGateway[];

export function isCourierId(id: string): id is CourierId {
  return Object.hasOwn(COURIERS, id);
}

export function isOnlineGateway(id: string): id is OnlineGateway {
  return Object.hasOwn(GATEWAYS, id);
}
