/**
 * What the online payment tests share: `withPaymentApp()` starts the gateways' loopback fakes,
 * points the gateways at them through the environment (as in production; each test file runs
 * in its own process), and opens a test app with a signed-in admin before the file's tests
 * (closing them after). `t` and `admin` are live bindings: read them inside the tests.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config';
import { createTestApp, type Signed, type TestApp } from './app';

/** A started gateway fake: the environment that points the server at it, and its end. */
export interface GatewayFake {
  env: Record<string, string>;
  close(): Promise<void>;
}

export let t: TestApp;
export let admin: Signed;

export function withPaymentApp(startFakes: () => Promise<GatewayFake[]>, opts: { env?: Record<string, string>; config?: Partial<Config>; admin?: { name: string } | false } = {}) {
  let fakes: GatewayFake[] = [];
  beforeAll(async () => {
    fakes = await startFakes();
    Object.assign(process.env, ...fakes.map((fake) => fake.env), opts.env);
    t = await createTestApp({ publicUrl: 'https://shop.example', ...opts.config });
    if (opts.admin !== false) admin = await t.signIn({ admin: true, ...opts.admin });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(fakes.map((fake) => fake.close()));
  });
}

export const db = () => t.services.database.db;
export const order = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const stockOf = async (id: number) => (await db().selectFrom('products').select('units_stock').where('id', '=', id).executeTakeFirstOrThrow()).units_stock;
export const smsOf = (phone: string, kind: string) => db().selectFrom('sms_outbox').selectAll().where('to_phone', '=', phone).where('kind', '=', kind).execute();
/** The gateway's own id of a payment: the last part of its page's URL (bKash's paymentID, SSLCommerz's session key). */
export const pageRef = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop()!);
/** A form post, as a gateway's return or IPN comes. */
export const postForm = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: new URLSearchParams(fields).toString() });
