/**
 * The back office's courier lists: which couriers are configured (one that is not cannot be
 * booked: 400), Pathao's cities, zones and areas, the order's Pathao city and zone matched from
 * its district and upazila, and the order list filtered by parcel status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { startFakePathao, type FakePathao } from './couriers/pathao/fake';
import { createCouriers } from './couriers';
import { courierSettings } from '../config';
import { placeInEnglish } from '../../domain/shipments';

describe(`courier lists (${testDialect})`, () => {
  let t: TestApp;
  let pathao: FakePathao;
  let admin: Signed;
  beforeAll(async () => {
    pathao = await startFakePathao();
    // Only Pathao is configured.
    t = await createTestApp({}, { couriers: createCouriers(courierSettings({ ...pathao.env, PATHAO_TIMEOUT_MS: '2000' }), { toEnglish: placeInEnglish }) });
    admin = await t.signIn({ admin: true });
  });
  afterAll(async () => {
    await t.close();
    await pathao.close();
  });

  const db = () => t.services.database.db;
  async function placeOrder() {
    const customer = await t.signIn();
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product, quantity: 1 }]) });
    return { customer, id: res.json().order_id as number };
  }

  it('says which couriers are configured, and refuses to book with one that is not (400)', async () => {
    const list = await t.app.inject({ url: '/api/couriers/', headers: admin.headers });
    expect(list.json()).toEqual([
      { id: 'steadfast', label: 'Steadfast', configured: false },
      { id: 'pathao', label: 'Pathao', configured: true },
    ]);
    const { id, customer } = await placeOrder();
    const res = await t.app.inject({ method: 'POST', url: `/api/order/${id}/shipment/`, headers: admin.headers, payload: { courier: 'steadfast' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Steadfast is not configured');
    expect((await t.app.inject({ url: '/api/couriers/', headers: customer.headers })).statusCode).toBe(403);
  });

  it('lists Pathao cities, zones and areas, and prefills the order’s city and zone', async () => {
    const cities = await t.app.inject({ url: '/api/couriers/pathao/cities/', headers: admin.headers });
    expect(cities.json()).toEqual(expect.arrayContaining([expect.objectContaining({ city_id: 1, city_name: 'Dhaka' })]));
    const zones = await t.app.inject({ url: '/api/couriers/pathao/zones/?city=1', headers: admin.headers });
    expect(zones.json()).toEqual(expect.arrayContaining([expect.objectContaining({ zone_id: 14, zone_name: 'Mirpur' })]));
    expect((await t.app.inject({ url: '/api/couriers/pathao/zones/?city=x', headers: admin.headers })).statusCode).toBe(400);
    const areas = await t.app.inject({ url: '/api/couriers/pathao/areas/?zone=14', headers: admin.headers });
    expect(areas.statusCode).toBe(200);
    expect(Array.isArray(areas.json())).toBe(true);

    const { id } = await placeOrder();
    const prefill = await t.app.inject({ url: `/api/order/${id}/shipment/prefill/?courier=pathao`, headers: admin.headers });
    expect(prefill.json()).toEqual({ recipient_city: 1, recipient_zone: 14 });
    expect((await t.app.inject({ url: `/api/order/999999/shipment/prefill/?courier=pathao`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('prices a Pathao parcel from its price plan', async () => {
    const res = await t.app.inject({ url: '/api/couriers/pathao/price/?city=1&zone=14&weight=1', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().final_price).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/couriers/pathao/price/?city=1', headers: admin.headers })).statusCode).toBe(400);
  });

  it('a courier that refuses the lists answers 502 with its words, never 500', async () => {
    const refused = await createTestApp({}, { couriers: createCouriers(courierSettings({ ...pathao.env, PATHAO_CLIENT_SECRET: 'wrong' }), { toEnglish: placeInEnglish }) });
    try {
      const signed = await refused.signIn({ admin: true });
      for (const url of ['/api/couriers/pathao/cities/', '/api/couriers/pathao/zones/?city=1', '/api/couriers/pathao/price/?city=1&zone=14']) {
        const res = await refused.app.inject({ url, headers: signed.headers });
        expect(res.statusCode, url).toBe(502);
        expect(res.json().message).toContain('Pathao');
        expect(res.body).not.toContain('wrong');
      }
    } finally {
      await refused.close();
    }
  });

  it('filters the order list by parcel status', async () => {
    const { id } = await placeOrder();
    const booked = await t.app.inject({ method: 'POST', url: `/api/order/${id}/shipment/`, headers: admin.headers, payload: { courier: 'pathao', recipient_city: 1, recipient_zone: 14 } });
    expect(booked.statusCode, booked.body).toBe(200);
    const list = await t.app.inject({ url: '/api/order/?shipment_status=booked', headers: admin.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await t.app.inject({ url: '/api/order/?shipment_status=lost', headers: admin.headers })).statusCode).toBe(400);
  });
});
