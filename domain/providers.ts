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
  steadfast: {
    label: 'Steadfast',
    name: { bn: 'স্টেডফাস্ট', en: 'Steadfast' },
    credentials: ['STEADFAST_API_KEY', 'STEADFAST_SECRET_KEY'],
    needsPlaces: false,
    trackingIsConsignment: false,
  },
  /** Pathao's booking needs its own city and zone ids (the back office picks them from its lists); its tracking code is the consignment id. */
  pathao: {
    label: 'Pathao',
    name: { bn: 'পাঠাও', en: 'Pathao' },
    credentials: ['PATHAO_CLIENT_ID', 'PATHAO_CLIENT_SECRET', 'PATHAO_USERNAME', 'PATHAO_PASSWORD', 'PATHAO_STORE_ID'],
    needsPlaces: true,
    trackingIsConsignment: true,
  },
} as const satisfies Record<string, CourierFacts>;

export interface CourierFacts {
  label: string;
  /** The courier's name as the shop and the back office show it (Bengali, English on request). */
  name: { bn: string; en: string };
  /** The environment variables that must all be set for the courier to be offered (the back office names them; its plug-in reads them). */
  credentials: readonly string[];
  /** Whether a booking needs the courier's own city and zone ids. */
  needsPlaces: boolean;
  /** Whether a parcel's tracking code is its consignment id (so a consignment id typed by the admin gives both). */
  trackingIsConsignment: boolean;
}

/** The online payment gateways; each is also a payment option's id. */
export const GATEWAYS = {
  /** bKash's execute takes the money (the customer only authorised it), so it is called once. */
  bkash_online: { label: 'বিকাশ (অনলাইন পেমেন্ট)', name: { bn: 'বিকাশ', en: 'bKash' }, confirmTakesMoney: true },
  /** SSLCommerz has taken the money before the customer returns; its confirmation only reads. */
  sslcommerz: { label: 'কার্ড / মোবাইল ব্যাংকিং / নেট ব্যাংকিং', name: { bn: 'এসএসএলকমার্জ', en: 'SSLCommerz' }, confirmTakesMoney: false },
} as const satisfies Record<string, GatewayFacts>;

export interface GatewayFacts {
  /** The payment option's label at checkout. */
  label: string;
  /** The gateway's own name, as an order's payment shows it. */
  name: { bn: string; en: string };
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

/** Whether a booking with this courier (any id, as a form has it) needs the courier's own city and zone. */
export function courierNeedsPlaces(id: string): boolean {
  return isCourierId(id) && COURIERS[id].needsPlaces;
}

export function isOnlineGateway(id: string): id is OnlineGateway {
  return Object.hasOwn(GATEWAYS, id);
}
