/**
 * A test app with both couriers configured against their loopback fakes and a signed-in admin:
 * what every shipments test file starts from. The fakes' addresses go into the environment, as
 * in production (each test file runs in its own process). `withCourierApp()` opens it before the
 * file's tests and closes it after; `t`, `steadfast`, `pathao` and `admin` are live bindings: read
 * them inside the tests.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Config } from '../config';
import { createTestApp, type Signed, type TestApp } from './app';
import { startFakeSteadfast, type FakeSteadfast } from '../shipments/couriers/steadfast/fake';
import { startFakePathao, type FakePathao } from '../shipments/couriers/pathao/fake';
import { checkoutBody, insertProduct } from './orders-fixtures';

export interface CourierApp {
  t: TestApp;
  steadfast: FakeSteadfast;
  pathao: FakePathao;
  admin: Signed;
  close(): Promise<void>;
}

/** `timeoutMs`: each courier call's timeout (short, so tests of a silent courier are quick); `env`: more courier variables (webhook secrets). */
export async function openCourierApp(config: Partial<Config> = {}, timeoutMs = 400, env: Record<string, string> = {}): Promise<CourierApp> {
  const [steadfast, pathao] = await Promise.all([startFakeSteadfast(), startFakePathao()]);
  Object.assign(process.env, steadfast.env, pathao.env, { STEADFAST_TIMEOUT_MS: String(timeoutMs), PATHAO_TIMEOUT_MS: String(timeoutMs) }, env);
  const t = await createTestApp({ publicUrl: 'https://shop.example', ...config });
  const admin = await t.signIn({ admin: true });
  return {
    t,
    steadfast,
    pathao,
    admin,
    async close() {
      await t.close();
      await Promise.all([steadfast.close(), pathao.close()]);
    },
  };
}

export let t: TestApp;
export let steadfast: FakeSteadfast;
export let pathao: FakePathao;
export let admin: Signed;

/** Opens the courier app before the file's tests (openCourierApp's arguments) and closes it after. */
export function withCourierApp(...args: Parameters<typeof openCourierApp>): void {
  let app: CourierApp;
  beforeAll(async () => {
    app = await openCourierApp(...args);
    ({ t, steadfast, pathao, admin } = app);
  });
  afterAll(() => app.close());
}

export const db = () => t.services.database.db;
export const order = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const smsOf = (phone: string, kind: string) => db().selectFrom('sms_outbox').selectAll().where('to_phone', '=', phone).where('kind', '=', kind).execute();
/** `POST /api/order/{id}/shipment/`, by the admin unless `headers` say otherwise. */
export const book = (id: number, payload: object = { courier: 'steadfast' }, headers = admin.headers) => t.app.inject({ method: 'POST', url: `/api/order/${id}/shipment/`, headers, payload });

/** A cash-on-delivery order of `units` copies of a new 300 Tk book, by a new customer. */
export async function placeOrder(units = 2) {
  const customer = await t.signIn();
  const product = await insertProduct(db(), { regular_price: 300, units_stock: 10 });
  const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: units }]) });
  expect(res.statusCode, res.body).toBe(200);
  return { customer, product, id: res.json().order_id as number };
}
