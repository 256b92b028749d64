/**
 * Booking claims under pressure, with courier clients of the loopback fakes wrapped so a test can
 * act while the courier is being asked: a claim is stale only after six courier timeouts; a claim
 * taken over is given up before the courier books; a parcel booked under a lost claim is noted;
 * the order is checked again once claimed and is marked booked only while Pending; a database
 * error after the courier accepted releases the claim so the retry records that parcel; Pathao's
 * bulk booking claims each order just before booking it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { startFakeSteadfast, type FakeSteadfast } from './couriers/steadfast/fake';
import { startFakePathao, type FakePathao } from './couriers/pathao/fake';
import { SteadfastCourier } from './couriers/steadfast/client';
import { PathaoCourier } from './couriers/pathao/client';
import type { Courier, ParcelInput } from './courier';
import { placeInEnglish } from '../../domain/shipments';

type Hook = ((orderId: number) => Promise<unknown>) | null;

/** A real client whose calls a test can step into. */
function hooked(real: SteadfastCourier | PathaoCourier) {
  const hooks: { beforeBook: Hook; afterBook: Hook; onFind: Hook } = { beforeBook: null, afterBook: null, onFind: null };
  const courier: Courier = {
    id: real.id,
    canFindBooked: real.canFindBooked,
    ...(real instanceof SteadfastCourier ? { bulkBooking: true } : {}),
    timeoutMs: real.timeoutMs,
    async book(input: ParcelInput) {
      await hooks.beforeBook?.(input.orderId);
      const parcel = await real.book(input);
      await hooks.afterBook?.(input.orderId);
      return parcel;
    },
    bookMany: async (inputs) => {
      const out = [];
      for (const input of inputs) out.push(...(await real.bookMany([input])));
      return out;
    },
    async findBooked(orderId) {
      await hooks.onFind?.(orderId);
      return real.findBooked(orderId);
    },
    status: (id) => real.status(id),
    ping: () => real.ping(),
  };
  return { courier, hooks };
}

describe(`booking claims (${testDialect})`, () => {
  let t: TestApp;
  let steadfastFake: FakeSteadfast;
  let pathaoFake: FakePathao;
  let admin: Signed;
  let steadfast: ReturnType<typeof hooked>;
  let pathao: ReturnType<typeof hooked>;
  beforeAll(async () => {
    [steadfastFake, pathaoFake] = await Promise.all([startFakeSteadfast(), startFakePathao()]);
    steadfast = hooked(new SteadfastCourier({ baseUrl: steadfastFake.url, ...steadfastFake.credentials, timeoutMs: 60_000 }));
    pathao = hooked(new PathaoCourier({ baseUrl: pathaoFake.url, ...pathaoFake.credentials, timeoutMs: 60_000, toEnglish: placeInEnglish }));
    t = await createTestApp({ publicUrl: 'https://shop.example' }, { couriers: { steadfast: steadfast.courier, pathao: pathao.courier } });
    admin = await t.signIn({ admin: true });
  });
  beforeEach(() => {
    for (const h of [steadfast.hooks, pathao.hooks]) Object.assign(h, { beforeBook: null, afterBook: null, onFind: null });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([steadfastFake.close(), pathaoFake.close()]);
  });

  const db = () => t.services.database.db;
  const order = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const shipment = (id: number) => db().selectFrom('shipments').selectAll().where('order_id', '=', id).executeTakeFirst();
  const book = (id: number, payload: object = { courier: 'steadfast' }) => t.app.inject({ method: 'POST', url: `/api/order/${id}/shipment/`, headers: admin.headers, payload });
  /** Another process takes the order's claim over. */
  const takeOver = (id: number) => db().updateTable('shipments').set({ claim_token: 'another-process', claimed_at: new Date().toISOString() }).where('order_id', '=', id).execute();

  async function placeOrder() {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 10 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }]) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order_id as number;
  }

  async function unknownBooking(id: number) {
    const now = new Date().toISOString();
    await db().insertInto('shipments').values({ order_id: id, courier: 'steadfast', booking: 'unknown', claim_token: 'old', claimed_at: now, created_by: admin.userId, created_at: now, updated_at: now }).execute();
  }

  it('a claim younger than six courier timeouts is not taken over', async () => {
    const id = await placeOrder();
    const at = new Date(Date.now() - 200_000).toISOString();
    await db().insertInto('shipments').values({ order_id: id, courier: 'steadfast', booking: 'booking', claim_token: 'slow', claimed_at: at, created_by: admin.userId, created_at: at, updated_at: at }).execute();
    const creates = steadfastFake.creates;
    const res = await book(id);
    expect(res.statusCode).toBe(409);
    expect(steadfastFake.creates).toBe(creates);
  });

  it('a claim taken over while the courier was asked is given up before booking', async () => {
    const id = await placeOrder();
    await unknownBooking(id);
    steadfast.hooks.onFind = takeOver;
    const creates = steadfastFake.creates;
    const res = await book(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('another request');
    expect(steadfastFake.creates).toBe(creates);
  });

  it('a parcel booked under a claim that was lost meanwhile is noted on the shipment', async () => {
    const id = await placeOrder();
    steadfast.hooks.afterBook = takeOver;
    const res = await book(id);
    expect(res.statusCode).toBe(409);
    const made = steadfastFake.byInvoice(id)!;
    expect(res.json().message).toContain(String(made.consignment_id));
    const answers = JSON.parse((await shipment(id))!.answers) as { step: string; answer: { consignment_id?: string } }[];
    expect(answers.find((a) => a.step === 'orphan')?.answer.consignment_id).toBe(String(made.consignment_id));
  });

  it('checks the order again once claimed: an order cancelled meanwhile is not sent', async () => {
    const id = await placeOrder();
    const face = t.services.orders.shipments;
    const lines = face.lines;
    // The parcel's lines are read between the first look at the order and the claim (the
    // settings are read earlier too: the audit's look at the order before the write).
    face.lines = async (orderId) => {
      await db().updateTable('orders').set({ status: 'Cancelled' }).where('id', '=', id).execute();
      return lines(orderId);
    };
    const creates = steadfastFake.creates;
    const res = await book(id).finally(() => (face.lines = lines));
    expect(res.statusCode).toBe(400);
    expect(steadfastFake.creates).toBe(creates);
    expect((await shipment(id))?.booking).toBe('failed');
  });

  it('an order cancelled while the courier booked is not marked booked; the parcel stays on the shipment for the admin', async () => {
    const id = await placeOrder();
    steadfast.hooks.afterBook = async (orderId) => {
      await db().updateTable('orders').set({ status: 'Cancelled' }).where('id', '=', orderId).execute();
    };
    const res = await book(id);
    expect(res.statusCode).toBe(409);
    const made = String(steadfastFake.byInvoice(id)!.consignment_id);
    expect(res.json().message).toContain(made);
    expect(await order(id)).toMatchObject({ status: 'Cancelled', consignment_id: null });
    expect(await shipment(id)).toMatchObject({ booking: 'unknown', consignment_id: made });
  });

  it('a database error after the courier accepted releases the claim with the parcel kept; the retry records that parcel', async () => {
    const id = await placeOrder();
    await sql`alter table shipment_events rename to shipment_events_away`.execute(db());
    let res;
    try {
      res = await book(id);
    } finally {
      await sql`alter table shipment_events_away rename to shipment_events`.execute(db());
    }
    const made = String(steadfastFake.byInvoice(id)!.consignment_id);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().message).toContain(made);
    expect(await shipment(id)).toMatchObject({ booking: 'unknown', consignment_id: made });
    const creates = steadfastFake.creates;
    const retry = await book(id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(steadfastFake.creates).toBe(creates);
    expect(await order(id)).toMatchObject({ courier: 'steadfast', consignment_id: made, shipment_status: 'booked' });
  });

  it('Pathao’s bulk booking claims each order just before booking it', async () => {
    const ids = [await placeOrder(), await placeOrder()];
    const claimedAhead: boolean[] = [];
    pathao.hooks.beforeBook = async (orderId) => {
      const next = ids[ids.indexOf(orderId) + 1];
      if (next) claimedAhead.push((await shipment(next)) !== undefined);
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/shipments/', headers: admin.headers, payload: { courier: 'pathao', orders: ids } });
    expect(res.json().results.map((r: { ok: boolean }) => r.ok), res.body).toEqual([true, true]);
    expect(claimedAhead).toEqual([false]);
  });
});
