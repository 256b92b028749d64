/**
 * Pathao Courier's merchant API ("aladdin" v1, https://api-hermes.pathao.com; merchant.pathao.com
 * → Developer API): an OAuth2 password-grant token, kept and refreshed shortly before it expires
 * (one in-flight request shared by concurrent callers), city/zone/area lists cached in memory,
 * price-plan, orders and orders/{id}/info.
 *
 * findBooked: the public API has no lookup by merchant_order_id, so it answers null; the
 * shipments service keeps its own guard against booking an order twice. bookMany books one by
 * one (Pathao's bulk endpoint is asynchronous and answers no consignment ids).
 */
import { CourierError, type BookedParcel, type BulkResult, type Courier, type ParcelInput, type ParcelState, type ParcelStatus } from '../../courier';
import { bookedParcel, callCourier, courierWords, obj, rawOf, readTwice, str, type CourierAnswer } from '../../http';

export const PATHAO_DEFAULT_BASE_URL = 'https://api-hermes.pathao.com';
const API = '/aladdin/api/v1';
/** delivery_type 48: normal delivery; item_type 2: parcel. */
const DELIVERY_TYPE = 48;
const ITEM_TYPE = 2;

export interface PathaoOptions {
  baseUrl?: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  storeId: string;
  /** Per call; 30 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock, in ms (tests move it past a token's expiry). */
  now?: () => number;
  /** How long the city/zone/area lists are kept; 6 hours by default. */
  listTtlMs?: number;
  /** Turns a stored district/upazila name (e.g. Bengali) into its English name for matchPlace. */
  toEnglish?: (name: string) => string;
}

export interface PathaoCity { city_id: number; city_name: string }
export interface PathaoZone { zone_id: number; zone_name: string }
export interface PathaoArea { area_id: number; area_name: string; home_delivery_available: boolean; pickup_available: boolean }
export interface PathaoPrice { price: number; discount: number; promo_discount: number; plan_id: number; cod_enabled: number; cod_percentage: number; additional_charge: number; final_price: number }

/** Pathao's order_status in our words. */
export function pathaoState(orderStatus: string): ParcelState {
  switch (orderStatus.trim().toLowerCase().replace(/[\s-]+/g, '_')) {
    case 'pending':
    case 'pickup_requested':
    case 'assigned_for_pickup':
    case 'pickup_failed':
      return 'booked';
    case 'picked':
    case 'at_the_sorting_hub':
    case 'in_transit':
    case 'received_at_last_mile_hub':
      return 'in_transit';
    case 'assigned_for_delivery':
      return 'out_for_delivery';
    case 'delivered':
    case 'payment_invoice': // delivered and invoiced to the merchant
      return 'delivered';
    case 'partial_delivery':
      return 'partly_delivered';
    case 'return':
    case 'paid_return':
      return 'returned';
    case 'delivery_failed':
    case 'on_hold':
      return 'on_hold';
    case 'pickup_cancelled':
    case 'cancelled':
      return 'cancelled';
    default: // 'Exchange' and any word we do not know
      return 'unknown';
  }
}

interface Token { access: string; refresh: string; expiresAt: number }

export class PathaoCourier implements Courier {
  readonly id = 'pathao' as const;
  /** Pathao cannot be asked for a parcel by our order id. */
  readonly canFindBooked = false;
  private readonly baseUrl: string;
  readonly timeoutMs: number;
  private readonly secrets: string[];
  private readonly now: () => number;
  private token: Token | null = null;
  private tokenInFlight: Promise<Token> | null = null;
  private readonly lists = new Map<string, { at: number; value: Promise<unknown[]> }>();

  constructor(private readonly opts: PathaoOptions) {
    this.baseUrl = (opts.baseUrl || PATHAO_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.secrets = [opts.clientSecret, opts.password];
    this.now = opts.now ?? Date.now;
  }


  cities(): Promise<PathaoCity[]> {
    return this.list('city-list', '/city-list') as Promise<PathaoCity[]>;
  }

  zones(cityId: number): Promise<PathaoZone[]> {
    return this.list(`zones:${cityId}`, `/cities/${cityId}/zone-list`) as Promise<PathaoZone[]>;
  }

  areas(zoneId: number): Promise<PathaoArea[]> {
    return this.list(`areas:${zoneId}`, `/zones/${zoneId}/area-list`) as Promise<PathaoArea[]>;
  }

  /** Pathao's city and zone for a district and upazila, by case-insensitive English name; either may be absent. */
  async matchPlace(district: string, upazila: string): Promise<{ city_id?: number; zone_id?: number }> {
    const en = (s: string) => placeKey(this.opts.toEnglish ? this.opts.toEnglish(s) : s);
    const city = (await this.cities()).find((c) => sameDistrict(placeKey(c.city_name), en(district)));
    if (!city) return {};
    const key = en(upazila);
    const zone = key ? (await this.zones(city.city_id)).find((z) => placeKey(z.zone_name) === key) : undefined;
    return zone ? { city_id: city.city_id, zone_id: zone.zone_id } : { city_id: city.city_id };
  }

  /** Pathao's price plan for a parcel of `itemWeight` kg to a city and zone (normal delivery, parcel). */
  async price(input: { itemWeight: number; cityId: number; zoneId: number }): Promise<PathaoPrice> {
    const label = 'Pathao price-plan';
    const body = { store_id: Number(this.opts.storeId), item_type: ITEM_TYPE, delivery_type: DELIVERY_TYPE, item_weight: input.itemWeight, recipient_city: input.cityId, recipient_zone: input.zoneId };
    const { status, data } = await readTwice(() => this.authed('POST', '/merchant/price-plan', label, body));
    const d = obj(obj(data).data);
    if (status !== 200 || d.final_price === undefined) this.refuse(label, status, data);
    return d as unknown as PathaoPrice;
  }

  async book(input: ParcelInput): Promise<BookedParcel> {
    const label = 'Pathao create order';
    const place = await this.placeFor(input);
    const area = Number(input.extra?.recipient_area);
    const body = {
      store_id: Number(this.opts.storeId),
      merchant_order_id: String(input.orderId),
      recipient_name: input.recipientName,
      recipient_phone: input.recipientPhone,
      ...(input.alternativePhone ? { recipient_secondary_phone: input.alternativePhone } : {}),
      recipient_address: input.recipientAddress.slice(0, 220),
      recipient_city: place.city_id,
      recipient_zone: place.zone_id,
      ...(Number.isInteger(area) && area > 0 ? { recipient_area: area } : {}),
      delivery_type: DELIVERY_TYPE,
      item_type: ITEM_TYPE,
      special_instruction: input.note,
      item_quantity: Math.max(1, input.itemQuantity),
      item_weight: Math.min(10, Math.max(0.5, input.itemWeight)),
      amount_to_collect: Math.max(0, Math.round(input.codAmount)),
      item_description: input.itemDescription,
    };
    const { status, data } = await this.authed('POST', '/orders', label, body);
    const d = obj(obj(data).data);
    if (status !== 200 || !str(d.consignment_id)) this.refuse(label, status, data);
    const courierStatus = str(d.order_status) || 'Pending';
    // Pathao's tracking code is its consignment id; its answer names the parcel's delivery fee.
    const parcel = bookedParcel({ consignmentId: d.consignment_id, trackingCode: d.consignment_id }, courierStatus, pathaoState, obj(data).message, data);
    const fee = takaOf(d.delivery_fee);
    return fee === undefined ? parcel : { ...parcel, deliveryFee: fee };
  }

  /** One by one, each result on its own; a failure does not stop the others. */
  async bookMany(inputs: ParcelInput[]): Promise<BulkResult[]> {
    const out: BulkResult[] = [];
    for (const input of inputs) {
      try {
        out.push({ orderId: input.orderId, ok: true, parcel: await this.book(input) });
      } catch (err) {
        const unsure = !(err instanceof CourierError && err.kind === 'refused');
        out.push({ orderId: input.orderId, ok: false, unsure, message: err instanceof Error ? err.message : String(err) });
      }
    }
    return out;
  }

  /** Always null: Pathao's public API has no lookup by merchant_order_id. */
  async findBooked(_orderId: number): Promise<BookedParcel | null> {
    return null;
  }

  async status(consignmentId: string): Promise<ParcelStatus> {
    const label = 'Pathao order info';
    const { status, data } = await readTwice(() => this.authed('GET', `/orders/${encodeURIComponent(consignmentId)}/info`, label));
    const d = obj(obj(data).data);
    if (status !== 200 || !str(d.order_status)) this.refuse(label, status, data);
    const courierStatus = str(d.order_status);
    return { state: pathaoState(courierStatus), courierStatus, message: str(obj(data).message), raw: data };
  }

  async ping(): Promise<{ ok: boolean; message: string }> {
    try {
      const { status, data } = await readTwice(() => this.authed('GET', '/city-list', 'Pathao city-list'));
      if (status === 200) return { ok: true, message: 'Pathao answers' };
      return { ok: false, message: `Pathao city-list: HTTP ${status}: ${courierWords(data, this.secrets)}` };
    } catch (err) {
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  }

  private async placeFor(input: ParcelInput): Promise<{ city_id: number; zone_id: number }> {
    const city = Number(input.extra?.recipient_city);
    const zone = Number(input.extra?.recipient_zone);
    if (city > 0 && zone > 0) return { city_id: city, zone_id: zone };
    const m = await this.matchPlace(input.district, input.upazila);
    if (m.city_id && m.zone_id) return { city_id: m.city_id, zone_id: m.zone_id };
    throw new CourierError(`Pathao has no ${m.city_id ? 'zone' : 'city'} named like "${m.city_id ? input.upazila : input.district}": choose the city and zone`, 'refused');
  }

  private list(key: string, path: string): Promise<unknown[]> {
    const hit = this.lists.get(key);
    if (hit && this.now() - hit.at < (this.opts.listTtlMs ?? 6 * 3600_000)) return hit.value;
    const value = readTwice(() => this.authed('GET', path, `Pathao ${path.split('/').pop()}`)).then(({ status, data }) => {
      const rows = obj(obj(data).data).data;
      if (status !== 200 || !Array.isArray(rows)) this.refuse(`Pathao ${path}`, status, data);
      return rows as unknown[];
    });
    this.lists.set(key, { at: this.now(), value });
    value.catch(() => this.lists.get(key)?.value === value && this.lists.delete(key));
    return value;
  }

  /** A call with the bearer token; a 401 (the token no longer valid) drops it and tries once more with a new one. */
  private async authed(method: 'GET' | 'POST', path: string, label: string, body?: unknown): Promise<CourierAnswer> {
    const first = await this.accessToken();
    const answer = await this.call(method, path, label, body, first);
    if (answer.status !== 401) return answer;
    if (this.token?.access === first) this.token = null;
    return this.call(method, path, label, body, await this.accessToken());
  }

  private call(method: 'GET' | 'POST', path: string, label: string, body: unknown, token?: string): Promise<CourierAnswer> {
    return callCourier({
      url: this.baseUrl + API + path,
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body,
      timeoutMs: this.timeoutMs,
      label,
      secrets: [...this.secrets, ...(this.token ? [this.token.access, this.token.refresh] : [])],
      fetch: this.opts.fetch,
    });
  }

  private async accessToken(): Promise<string> {
    const t = this.token;
    if (t && this.now() < t.expiresAt) return t.access;
    this.tokenInFlight ??= (t ? this.grant({ grant_type: 'refresh_token', refresh_token: t.refresh }).catch(() => this.grant({ grant_type: 'password' })) : this.grant({ grant_type: 'password' })).finally(() => {
      this.tokenInFlight = null;
    });
    return (await this.tokenInFlight).access;
  }

  /** issue-token; the token is kept until a tenth of its life (at most an hour) before it expires. */
  private async grant(grant: Record<string, string>): Promise<Token> {
    const label = grant.grant_type === 'password' ? 'Pathao issue-token' : 'Pathao refresh token';
    const body = { client_id: this.opts.clientId, client_secret: this.opts.clientSecret, ...grant, ...(grant.grant_type === 'password' ? { username: this.opts.username, password: this.opts.password } : {}) };
    const { status, data } = await this.call('POST', '/issue-token', label, body);
    const d = obj(data);
    if (status !== 200 || !str(d.access_token)) {
      const secrets = [...this.secrets, grant.refresh_token ?? ''];
      throw new CourierError(`${label}: HTTP ${status}: ${status === 401 ? 'the credentials were refused' : courierWords(data, secrets)}`, 'refused', rawOf(data, secrets));
    }
    // A token without a stated life is kept for an hour rather than asked for on every call.
    const life = (Number(d.expires_in) > 0 ? Number(d.expires_in) : 3600) * 1000;
    this.token = { access: str(d.access_token), refresh: str(d.refresh_token), expiresAt: this.now() + life - Math.min(3600_000, life / 10) };
    return this.token;
  }

  private refuse(label: string, status: number, data: unknown): never {
    throw new CourierError(`${label}: HTTP ${status}: ${status === 401 ? 'the credentials were refused' : courierWords(data, this.secrets)}`, 'refused', rawOf(data, this.secrets));
  }
}

/** An amount in a Pathao answer (a number or numeric text), or undefined. */
function takaOf(v: unknown): number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** A place's name for comparing: lower case, single spaces, no punctuation. */
function placeKey(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9\s]/g, '').replace(/\s+/g, ' ').trim();
}

/** Districts renamed in 2018 keep their old names in some lists. */
const DISTRICT_ALIASES: Record<string, string> = { chattogram: 'chittagong', cumilla: 'comilla', bogura: 'bogra', jashore: 'jessore', barishal: 'barisal', coxsbazar: 'coxs bazar', brahmanbaria: 'b baria' };

function sameDistrict(a: string, b: string): boolean {
  const canon = (s: string) => DISTRICT_ALIASES[s] ?? DISTRICT_ALIASES[s.replace(/ /g, '')] ?? s;
  return a === b || canon(a) === canon(b);
}
