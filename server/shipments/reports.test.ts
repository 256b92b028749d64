/**
 * `GET /api/reports/couriers/`: per courier over the parcels of orders placed in the range (Dhaka
 * days, both included): parcels, delivered (a partial delivery counts), returned, the return rate,
 * COD expected from delivered parcels, received through payouts for those parcels, fees, and what
 * is outstanding; orders outside the range and their payouts count nowhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { multipart } from '../test/media-fixtures';
import { insertParcels } from '../test/parcel-fixtures';

describe(`the courier report (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());
  const db = () => t.services.database.db;

  async function pay(courier: string, lines: [string, number][]) {
    const file = Buffer.from(['consignment_id,cod_amount,delivery_fee', ...lines.map(([c, cod]) => `${c},${cod},`)].join('\n'));
    const form = multipart({ courier, paid_at: '2026-03-05', reference: `r-${Math.random()}`, file: { filename: 'p.csv', content: file } }, admin.headers);
    const res = await t.app.inject({ method: 'POST', url: '/api/courier-payouts/', ...form });
    expect(res.statusCode, res.body).toBe(201);
  }

  const report = (query: string) => t.app.inject({ url: `/api/reports/couriers/${query}`, headers: admin.headers });

  it('counts parcels by courier over orders placed in the range, and their money', async () => {
    // 1 February 00:00 in Dhaka is 31 January 18:00 UTC: the first instant of the range.
    const feb = { created_at: '2026-01-31T18:00:00.000Z', delivery_fee: 60 };
    const delivered = await insertParcels(db(), 'steadfast', 3, { ...feb, cod: 500 });
    await insertParcels(db(), 'steadfast', 1, { ...feb, status: 'Returned', cod: 500 });
    await insertParcels(db(), 'steadfast', 1, { ...feb, status: 'Pending', cod: 500 });
    // A partial delivery: Delivered, 300 collected of the 800 booked.
    const partial = await insertParcels(db(), 'pathao', 1, { ...feb, cod: 800, paid: 300, delivery_fee: 75 });
    await insertParcels(db(), 'pathao', 1, { ...feb, status: 'Returned', cod: 800, delivery_fee: null });
    // Just outside: the last instant of January, and 1 March in Dhaka.
    const before = await insertParcels(db(), 'steadfast', 1, { created_at: '2026-01-31T17:59:59.000Z', cod: 500, delivery_fee: 60 });
    const after = await insertParcels(db(), 'steadfast', 1, { created_at: '2026-02-28T18:00:00.000Z', cod: 500, delivery_fee: 60 });

    await pay('steadfast', [[delivered[0]!.consignment, 500], [delivered[1]!.consignment, 450], [before[0]!.consignment, 500], [after[0]!.consignment, 500], ['UNKNOWN-9', 999]]);
    await pay('pathao', [[partial[0]!.consignment, 300]]);

    const res = await report('?from=2026-02-01&to=2026-02-28');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([
      { courier: 'steadfast', label: 'Steadfast', parcels: 5, delivered: 3, returned: 1, return_rate: 0.25, cod_expected: 1500, cod_received: 950, fees: 300, outstanding: 550 },
      { courier: 'pathao', label: 'Pathao', parcels: 2, delivered: 1, returned: 1, return_rate: 0.5, cod_expected: 300, cod_received: 300, fees: 75, outstanding: 0 },
    ]);

    // No range: every parcel, and every payout for a delivered one.
    const all = (await report('')).json().rows;
    expect(all[0]).toMatchObject({ courier: 'steadfast', parcels: 7, delivered: 5, cod_expected: 2500, cod_received: 1950, outstanding: 550 });
    expect((await report('?from=2025-01-01&to=2025-01-31')).json()).toEqual({ rows: [] });
  });

  it('refuses a date that is not a day', async () => {
    expect((await report('?from=yesterday')).statusCode).toBe(400);
  });
});
