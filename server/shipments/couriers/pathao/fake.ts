/**
 * A loopback fake of Pathao's merchant API (api-hermes.pathao.com, "aladdin" v1) for tests:
 * issue-token (password and refresh_token grants), city/zone/area lists, price-plan, orders and
 * orders/{id}/info. Every call but issue-token needs `Authorization: Bearer <access token>`.
 * Lists hold Dhaka (zones Savar, Keraniganj, Dhamrai, Mirpur), Gazipur (Kaliakair) and Chattogram.
 * A second order with the same merchant_order_id is accepted as a second parcel, as far as we
 * know the real API does (it has no lookup by merchant_order_id either).
 *
 * Knobs (server/test/fakes/courier-knobs.ts and its own) are plain mutable fields on the returned
 * object; set them between calls.
 */
import type http from 'node:http';
import { json, readJson, startLoopbackServer } from '../../../test/fakes/loopback-server';
import { delayed, restingKnobs, takeFailure, type FakeCourierKnobs } from '../../../test/fakes/courier-knobs';

export const FAKE_PATHAO_CREDENTIALS = {
  clientId: 'fake-pathao-client',
  clientSecret: 'fake-pathao-client-secret',
  username: 'merchant@example.com',
  password: 'fake-pathao-password',
  storeId: '12345',
} as const;

export const FAKE_PATHAO_CITIES = [
  { city_id: 1, city_name: 'Dhaka' },
  { city_id: 2, city_name: 'Chattogram' },
  { city_id: 3, city_name: 'Gazipur ' },
];
export const FAKE_PATHAO_ZONES: Record<number, { zone_id: number; zone_name: string }[]> = {
  1: [
    { zone_id: 11, zone_name: 'Savar' },
    { zone_id: 12, zone_name: 'Keraniganj' },
    { zone_id: 13, zone_name: 'Dhamrai' },
    { zone_id: 14, zone_name: 'Mirpur' },
  ],
  2: [{ zone_id: 21, zone_name: 'Patiya' }],
  3: [{ zone_id: 31, zone_name: 'Kaliakair' }],
};
export const FAKE_PATHAO_AREAS: Record<number, { area_id: number; area_name: string; home_delivery_available: boolean; pickup_available: boolean }[]> = {
  11: [
    { area_id: 111, area_name: 'Savar Bazar', home_delivery_available: true, pickup_available: true },
    { area_id: 112, area_name: 'Hemayetpur', home_delivery_available: true, pickup_available: false },
  ],
  14: [{ area_id: 141, area_name: 'Mirpur 10', home_delivery_available: true, pickup_available: true }],
};

export interface FakePathaoParcel {
  consignment_id: string;
  merchant_order_id: string;
  order_status: string;
  delivery_fee: number;
  /** Everything the client sent, for assertions. */
  sent: Record<string, unknown>;
  updated_at: string;
}

/** `creates`: POST orders requests answered; `failNext` refuses the next POST orders. */
export interface FakePathao extends FakeCourierKnobs {
  env: { PATHAO_BASE_URL: string; PATHAO_CLIENT_ID: string; PATHAO_CLIENT_SECRET: string; PATHAO_USERNAME: string; PATHAO_PASSWORD: string; PATHAO_STORE_ID: string };
  credentials: { clientId: string; clientSecret: string; username: string; password: string; storeId: string };
  /** Parcels by consignment id. */
  parcels: Map<string, FakePathaoParcel>;
  /** Password grants answered with a token. */
  tokenIssues: number;
  /** refresh_token grants answered with a token. */
  refreshes: number;
  priceCalls: number;
  listCalls: { cities: number; zones: number; areas: number };
  /** expires_in of the tokens it issues, seconds (Pathao's are 5 days). */
  expiresIn: number;
  /** Parcels booked for a merchant_order_id. */
  byOrder(merchantOrderId: string | number): FakePathaoParcel[];
  /** Moves a parcel to a Pathao order_status ('Delivered', 'Return', 'In_Transit', …). */
  setStatus(consignmentId: string, orderStatus: string): void;
  /** Makes every access token issued so far invalid (401), as after its expiry. */
  expireTokens(): void;
  /**
   * Moves a parcel as one of Pathao's webhook events does (`order.returned`, `order.partial-delivery`,
   * `order.pickup-cancelled`, `order.delivered`…) and answers the webhook Pathao then sends, in its
   * documented shape (`consignment_id`, `merchant_order_id`, `event`, `delivery_fee`, and
   * `collected_amount` for deliveries).
   */
  event(consignmentId: string, event: keyof typeof PATHAO_EVENT_STATUS, opts?: { collected?: number; reason?: string }): Record<string, unknown>;
}

/** The order_status each webhook event leaves a parcel in. */
export const PATHAO_EVENT_STATUS = {
  'order.in-transit': 'In_Transit',
  'order.assigned-for-delivery': 'Assigned_for_Delivery',
  'order.delivered': 'Delivered',
  'order.partial-delivery': 'Partial_Delivery',
  'order.delivery-failed': 'Delivery_Failed',
  'order.on-hold': 'On_Hold',
  'order.returned': 'Return',
  'order.paid-return': 'Paid_Return',
  'order.pickup-cancelled': 'Pickup_Cancelled',
} as const;

export async function startFakePathao(opts: { credentials?: Partial<FakePathao['credentials']> } = {}): Promise<FakePathao> {
  const credentials = { ...FAKE_PATHAO_CREDENTIALS, ...opts.credentials };
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  let seq = 0;
  const server = await startLoopbackServer(async (req, res, url) => {
    await delayed(fake, server);
    const path = url.pathname.replace(/^\/aladdin\/api\/v1/, '');
    if (req.method === 'POST' && path === '/issue-token') return issueToken(req, res);
    const auth = String(req.headers.authorization ?? '');
    if (!auth.startsWith('Bearer ') || !accessTokens.has(auth.slice(7))) {
      return json(res, 401, { message: 'Unauthorized', type: 'error', code: 401 });
    }
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && path === '/city-list') {
      fake.listCalls.cities++;
      return list(res, 'City', FAKE_PATHAO_CITIES);
    }
    if (req.method === 'GET' && (m = /^\/cities\/(\d+)\/zone-list$/.exec(path))) {
      fake.listCalls.zones++;
      return list(res, 'Zone', FAKE_PATHAO_ZONES[Number(m[1])] ?? []);
    }
    if (req.method === 'GET' && (m = /^\/zones\/(\d+)\/area-list$/.exec(path))) {
      fake.listCalls.areas++;
      return list(res, 'Area', FAKE_PATHAO_AREAS[Number(m[1])] ?? []);
    }
    if (req.method === 'POST' && path === '/merchant/price-plan') return pricePlan(req, res);
    if (req.method === 'POST' && path === '/orders') return createOrder(req, res);
    if (req.method === 'GET' && (m = /^\/orders\/([^/]+)\/info$/.exec(path))) {
      fake.statusCalls++;
      const p = fake.parcels.get(decodeURIComponent(m[1]!));
      if (!p) return json(res, 404, { message: 'Order not found', type: 'error', code: 404 });
      const { sent: _sent, delivery_fee: _fee, ...data } = p;
      return json(res, 200, { message: 'Order info', type: 'success', code: 200, data });
    }
    return json(res, 404, { message: 'Not found', type: 'error', code: 404 });
  });

  function list(res: http.ServerResponse, what: string, data: unknown[]) {
    json(res, 200, { message: `${what} successfully fetched.`, type: 'success', code: 200, data: { data } });
  }

  function newTokens() {
    seq++;
    const access = `fake-pathao-access-${seq}`;
    const refresh = `fake-pathao-refresh-${seq}`;
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return { token_type: 'Bearer', expires_in: fake.expiresIn, access_token: access, refresh_token: refresh };
  }

  async function issueToken(req: http.IncomingMessage, res: http.ServerResponse) {
    const b = (await readJson(req)) ?? {};
    const refused = () => json(res, 401, { message: 'The user credentials were incorrect.', type: 'error', code: 401, error: 'invalid_grant' });
    if (String(b.client_id) !== credentials.clientId || b.client_secret !== credentials.clientSecret) {
      return json(res, 401, { message: 'Client authentication failed', type: 'error', code: 401, error: 'invalid_client' });
    }
    if (b.grant_type === 'password') {
      if (b.username !== credentials.username || b.password !== credentials.password) return refused();
      fake.tokenIssues++;
      return json(res, 200, newTokens());
    }
    if (b.grant_type === 'refresh_token') {
      const rt = String(b.refresh_token ?? '');
      if (!refreshTokens.delete(rt)) return json(res, 401, { message: 'The refresh token is invalid.', type: 'error', code: 401, error: 'invalid_request' });
      fake.refreshes++;
      return json(res, 200, newTokens());
    }
    return json(res, 400, { message: 'Unsupported grant type', type: 'error', code: 400, error: 'unsupported_grant_type' });
  }

  function fee(weight: number) {
    return 60 + Math.max(0, Math.ceil(weight - 0.5)) * 15;
  }

  async function pricePlan(req: http.IncomingMessage, res: http.ServerResponse) {
    fake.priceCalls++;
    const b = (await readJson(req)) ?? {};
    if (String(b.store_id) !== credentials.storeId) return json(res, 422, { message: 'Please fix the given errors', type: 'error', code: 422, errors: { store_id: ['The selected store id is invalid.'] } });
    const price = fee(Number(b.item_weight) || 0.5);
    json(res, 200, {
      message: 'price',
      type: 'success',
      code: 200,
      data: { price, discount: 0, promo_discount: 0, plan_id: 69, cod_enabled: 1, cod_percentage: 0.01, additional_charge: 0, final_price: price },
    });
  }

  async function createOrder(req: http.IncomingMessage, res: http.ServerResponse) {
    fake.creates++;
    const b = (await readJson(req)) ?? {};
    const failure = takeFailure(fake);
    if (failure) return json(res, 422, { message: failure, type: 'error', code: 422 });
    const errors: Record<string, string[]> = {};
    if (String(b.store_id) !== credentials.storeId) errors.store_id = ['The selected store id is invalid.'];
    if (!b.recipient_name) errors.recipient_name = ['The recipient name field is required.'];
    if (!/^\d{11}$/.test(String(b.recipient_phone ?? ''))) errors.recipient_phone = ['The recipient phone must be 11 digits.'];
    const address = String(b.recipient_address ?? '');
    if (address.length < 10 || address.length > 220) errors.recipient_address = ['The recipient address must be between 10 and 220 characters.'];
    if (!FAKE_PATHAO_CITIES.some((c) => c.city_id === Number(b.recipient_city))) errors.recipient_city = ['The selected recipient city is invalid.'];
    if (!(FAKE_PATHAO_ZONES[Number(b.recipient_city)] ?? []).some((z) => z.zone_id === Number(b.recipient_zone))) errors.recipient_zone = ['The selected recipient zone is invalid.'];
    const orderId = String(b.merchant_order_id ?? '');
    if (Object.keys(errors).length) return json(res, 422, { message: 'Please fix the given errors', type: 'error', code: 422, errors });
    const id = `DL${String(230000 + fake.parcels.size + 1)}FAKE`;
    const p: FakePathaoParcel = { consignment_id: id, merchant_order_id: orderId, order_status: 'Pending', delivery_fee: fee(Number(b.item_weight) || 0.5), sent: b, updated_at: new Date().toISOString() };
    fake.parcels.set(id, p);
    json(res, 200, {
      message: 'Order Created Successfully',
      type: 'success',
      code: 200,
      data: { consignment_id: id, merchant_order_id: orderId, order_status: 'Pending', delivery_fee: p.delivery_fee },
    });
  }

  const url = server.origin;
  const fake: FakePathao = {
    ...restingKnobs(server, url),
    env: {
      PATHAO_BASE_URL: url,
      PATHAO_CLIENT_ID: credentials.clientId,
      PATHAO_CLIENT_SECRET: credentials.clientSecret,
      PATHAO_USERNAME: credentials.username,
      PATHAO_PASSWORD: credentials.password,
      PATHAO_STORE_ID: credentials.storeId,
    },
    credentials,
    parcels: new Map(),
    tokenIssues: 0,
    refreshes: 0,
    priceCalls: 0,
    listCalls: { cities: 0, zones: 0, areas: 0 },
    expiresIn: 432000,
    byOrder(merchantOrderId) {
      return [...fake.parcels.values()].filter((p) => p.merchant_order_id === String(merchantOrderId));
    },
    setStatus(consignmentId, orderStatus) {
      const p = fake.parcels.get(consignmentId);
      if (!p) throw new Error(`fake Pathao: no parcel ${consignmentId}`);
      p.order_status = orderStatus;
      p.updated_at = new Date().toISOString();
    },
    expireTokens() {
      accessTokens.clear();
    },
    event(consignmentId, event, opts = {}) {
      fake.setStatus(consignmentId, PATHAO_EVENT_STATUS[event]);
      const p = fake.parcels.get(consignmentId)!;
      const delivered = event === 'order.delivered' || event === 'order.partial-delivery';
      const collected = opts.collected ?? (event === 'order.delivered' ? Number(p.sent.amount_to_collect ?? 0) : undefined);
      return {
        consignment_id: p.consignment_id,
        merchant_order_id: p.merchant_order_id,
        updated_at: p.updated_at,
        timestamp: p.updated_at,
        store_id: Number(credentials.storeId),
        event,
        delivery_fee: p.delivery_fee,
        ...(delivered && collected !== undefined ? { collected_amount: collected } : {}),
        ...(opts.reason ? { reason: opts.reason } : {}),
      };
    },
  };
  return fake;
}
