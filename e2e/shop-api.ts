/**
 * The shop's HTTP API as the journeys use it to set the scene and to read what a page did:
 * products, sign-up and sign-in tokens, authorised calls, and the SMS text the log driver
 * stored (the admin's outbox masks one-time codes; the database keeps them).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { ADMIN, type RunningServer } from './processes';
import { checkoutBody } from '../server/test/orders-fixtures';

export interface Shopper {
  name: string;
  phone_number: string;
  password: string;
}

/** A product as /api/product/ lists it (the fields the journeys read). */
export interface ApiProduct {
  id: number;
  type: string;
  english_title: string;
  price: number;
  units_stock: number;
  is_active: boolean;
  rating_average: number | null;
  rating_count: number;
}

/** A message of the SMS outbox as the back office lists it (one-time codes and links masked). */
export interface OutboxSms {
  id: number;
  to: string;
  text: string;
  kind: string;
}

export interface ShopApi {
  /** A JSON answer to a GET. */
  get<T>(path: string, headers?: Record<string, string>): Promise<T>;
  /** `/api/product/?{query}`'s results. */
  products(query: string): Promise<ApiProduct[]>;
  /** The first five pages of 100 products, in the API's order. */
  catalogue(): Promise<ApiProduct[]>;
  /** Registers the shopper (as the sign-up form would). */
  register(shopper: Shopper): Promise<void>;
  /** Signs in over the API and answers the access token. */
  token(phone: string, password: string): Promise<string>;
  /** The admin's `authorization` header. */
  adminHeaders(): Promise<Record<string, string>>;
  /** A request with `token` (when given) and a JSON body (when given). */
  call(token: string | undefined, method: string, path: string, body?: unknown): Promise<Response>;
  /** `call`, answering the status and the JSON body. */
  json<T = Record<string, unknown>>(token: string | undefined, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** The outbox's messages to `phone`, as `headers` (an admin's) may list them. */
  smsTo(phone: string, headers: Record<string, string>): Promise<OutboxSms[]>;
  /** The text the log driver stored for outbox message `id`, codes unmasked. */
  storedSms(id: number): string;
  /** A cash-on-delivery checkout of `lines` as the customer holding `token` (checkout's test body, `extra` on top); answers the order's id. */
  placeCodOrder(token: string, lines: { product: number; quantity: number }[], extra?: Record<string, unknown>): Promise<number>;
}

export function shopApi(server: RunningServer): ShopApi {
  const url = (p: string) => `${server.baseUrl}${p}`;
  const api: ShopApi = {
    async get<T>(p: string, headers: Record<string, string> = {}) {
      return (await (await fetch(url(p), { headers })).json()) as T;
    },
    async products(query) {
      return (await api.get<{ results: ApiProduct[] }>(`/api/product/?${query}`)).results;
    },
    async catalogue() {
      const products: ApiProduct[] = [];
      for (let p = 1; p <= 5; p++) products.push(...(await api.products(`page=${p}&page_size=100`)));
      return products;
    },
    async register(shopper) {
      const res = await api.call(undefined, 'POST', '/register_user/', shopper);
      expect(res.status).toBeLessThan(300);
    },
    async token(phone, password) {
      const res = await api.call(undefined, 'POST', '/login/', { phone_number: phone, password });
      expect(res.status).toBe(200);
      return ((await res.json()) as { token: { access: string } }).token.access;
    },
    async adminHeaders() {
      return { authorization: `Bearer ${await api.token(ADMIN.phone, ADMIN.password)}` };
    },
    call(token, method, p, body) {
      const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      return fetch(url(p), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    },
    async json<T>(token: string | undefined, method: string, p: string, body?: unknown) {
      const res = await api.call(token, method, p, body);
      return { status: res.status, body: (await res.json()) as T };
    },
    async smsTo(phone, headers) {
      return (await api.get<{ results: OutboxSms[] }>(`/api/sms/?phone_number=${phone}`, headers)).results;
    },
    storedSms(id) {
      const db = new Database(path.join(server.dataDir, 'haat.db'), { readonly: true });
      try {
        return (db.prepare('select text from sms_outbox where id = ?').get(id) as { text: string }).text;
      } finally {
        db.close();
      }
    },
    async placeCodOrder(token, lines, extra = {}) {
      const res = await api.json<{ order_id: number }>(token, 'POST', '/checkout/', checkoutBody(lines, extra));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.order_id;
    },
  };
  return api;
}
