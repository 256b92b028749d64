/**
 * The courier's cash (issue 34): each parcel keeps its delivery fee (the courier's answer, else the
 * shop's rate); a payout sheet (CSV or XLSX) is matched line by line — matched, short, unknown —
 * and settles the parcels it pays; a bad sheet writes nothing; the same sheet twice is refused,
 * also when two uploads race; 1,000 lines match in under 2 s; the batches and what is still
 * outstanding per courier.
 */
import { describe, expect, it } from 'vitest';
import { admin, book, db, pathao, placeOrder, t, withCourierApp } from '../test/courier-app';
import { testDialect } from '../test/database';
import { multipart } from '../test/media-fixtures';
import { xlsx } from '../test/xlsx';
import { insertParcels, type ParcelOptions } from '../test/parcel-fixtures';
import type { CourierId } from '../../domain/providers';

const parcels = (courier: CourierId, n: number, o: ParcelOptions = {}) => insertParcels(db(), courier, n, o);

const csv = (lines: (string | number)[][], header = 'consignment_id,cod_amount,delivery_fee') => Buffer.from([header, ...lines.map((l) => l.join(','))].join('\n') + '\n');

function upload(file: Buffer | undefined, fields: Record<string, string> = {}, headers = admin.headers) {
  const form = multipart({ courier: 'steadfast', paid_at: '2026-03-01', reference: 'SF-PAY-1', ...fields, file: file && { filename: 'payout.csv', content: file, type: 'text/csv' } }, headers);
  return t.app.inject({ method: 'POST', url: '/api/courier-payouts/', ...form });
}

const orderRow = (id: number) => db().selectFrom('orders').select(['cod_settled_at', 'delivery_fee', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
const payoutCount = async () => Number((await db().selectFrom('courier_payouts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe(`the courier's cash (${testDialect})`, () => {
  withCourierApp();

  it("keeps Pathao's own delivery fee from its booking answer, and the shop's rate for a courier that does not say", async () => {
    await t.services.settings.update({ courier_rates: { steadfast: 110 } });
    const a = await placeOrder();
    expect((await book(a.id, { courier: 'pathao', recipient_city: 1, recipient_zone: 14 })).statusCode).toBe(200);
    const fee = pathao.byOrder(a.id)[0]!.delivery_fee;
    expect((await orderRow(a.id)).delivery_fee).toBe(fee);
    const b = await placeOrder();
    expect((await book(b.id)).statusCode).toBe(200);
    expect((await orderRow(b.id)).delivery_fee).toBe(110);
    await t.services.settings.update({ courier_rates: {} });
    const c = await placeOrder();
    expect((await book(c.id)).statusCode).toBe(200);
    expect((await orderRow(c.id)).delivery_fee).toBeNull();
  });

  it('matches each line to its parcel: paid in full, short, unknown; only parcels paid in full are settled (a short one stays owed); both take the fee the sheet names', async () => {
    const [full, short, returned] = [...(await parcels('steadfast', 2, { cod: 800 })), ...(await parcels('steadfast', 1, { status: 'Returned', cod: 800 }))];
    const [other] = await parcels('pathao', 1);
    const [pending] = await parcels('steadfast', 1, { status: 'Pending', cod: 400 });
    const res = await upload(csv([[full!.consignment, 800, 60], [short!.consignment, 750, 60], ['NOPE-1', 300, 60], [other!.consignment, 500, 60], [returned!.consignment, 0, 100], [pending!.consignment, 400, '']]));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ courier: 'steadfast', reference: 'SF-PAY-1', paid_at: '2026-02-28T18:00:00.000Z', total: 2750, fees: 340, net: 2410, lines: 6, matched: 3 });
    expect(body.short).toEqual([{ order: short!.id, consignment_id: short!.consignment, expected: 800, got: 750 }]);
    // Another courier's parcel is not this payout's: unknown.
    expect(body.unknown).toEqual(['NOPE-1', other!.consignment]);
    for (const p of [full!, returned!, pending!]) expect((await orderRow(p.id)).cod_settled_at).toBe('2026-02-28T18:00:00.000Z');
    expect(await orderRow(short!.id)).toMatchObject({ cod_settled_at: null, delivery_fee: 60 });
    expect(await orderRow(full!.id)).toMatchObject({ delivery_fee: 60 });
    expect(await orderRow(returned!.id)).toMatchObject({ delivery_fee: 100 });
    expect(await orderRow(pending!.id)).toMatchObject({ delivery_fee: null });
    expect(await orderRow(other!.id)).toMatchObject({ cod_settled_at: null, delivery_fee: null });

    const one = (await t.app.inject({ url: `/api/courier-payouts/${body.id}/`, headers: admin.headers })).json();
    expect(one).toMatchObject({ id: body.id, matched: 3, short: body.short, unknown: body.unknown });
    expect(one.rows.map((r: { outcome: string }) => r.outcome)).toEqual(['matched', 'short', 'unknown', 'unknown', 'matched', 'matched']);
    expect((await t.app.inject({ url: '/api/courier-payouts/999999/', headers: admin.headers })).statusCode).toBe(404);
  });

  it('a later payout leaves a parcel settled when it first was', async () => {
    const [p] = await parcels('steadfast', 1);
    expect((await upload(csv([[p!.consignment, 500, 60]]), { paid_at: '2026-03-02' })).statusCode).toBe(201);
    expect((await upload(csv([[p!.consignment, 0, 0], ['X-late', 1, 1]]), { paid_at: '2026-03-09' })).statusCode).toBe(201);
    expect((await orderRow(p!.id)).cod_settled_at).toBe('2026-03-01T18:00:00.000Z');
  });

  it('refuses the same file twice (409), also when two uploads of it race: one batch is recorded', async () => {
    const [p] = await parcels('steadfast', 1);
    const file = csv([[p!.consignment, 500, 60]]);
    const before = await payoutCount();
    const [a, b] = await Promise.all([upload(file), upload(file)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const again = await upload(file, { reference: 'another reference' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, payout: (a.statusCode === 201 ? a : b).json().id });
    expect(await payoutCount()).toBe(before + 1);
  });

  it('answers a bad sheet 400 with a message per bad row and writes nothing', async () => {
    const [p] = await parcels('steadfast', 1);
    const before = await payoutCount();
    const bad = await upload(csv([[p!.consignment, 500, 60], ['', 5, 1], ['C-1', 'lots', ''], [p!.consignment, 1, 1]]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.file).toEqual([expect.stringContaining('Line 3'), expect.stringContaining('Line 4: cod_amount'), expect.stringContaining('Line 5')]);
    const header = await upload(csv([[p!.consignment, 500]], 'consignment,amount'));
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toContain('cod_amount');
    expect((await upload(undefined)).json()).toMatchObject({ status: 400, errors: { file: [expect.any(String)] } });
    expect((await upload(csv([[p!.consignment, 500, 60]]), { paid_at: 'last week' })).json()).toMatchObject({ status: 400, errors: { paid_at: [expect.any(String)] } });
    expect((await upload(csv([[p!.consignment, 500, 60]]), { courier: 'dhl' })).statusCode).toBe(400);
    expect(await payoutCount()).toBe(before);
    expect((await orderRow(p!.id)).cod_settled_at).toBeNull();
  });

  it('reads an .xlsx sheet through the same reader as the catalogue import', async () => {
    const [p, q] = await parcels('pathao', 2, { cod: 650 });
    const res = await upload(xlsx([['consignment_id', 'cod_amount', 'delivery_fee'], [p!.consignment, 650, 70], [q!.consignment, '600', '']]), { courier: 'pathao' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ courier: 'pathao', matched: 1, short: [{ order: q!.id, expected: 650, got: 600 }], unknown: [] });
    expect(await orderRow(p!.id)).toMatchObject({ delivery_fee: 70, cod_settled_at: '2026-02-28T18:00:00.000Z' });
  });

  it('matches a 1,000-line sheet in under 2 s', async () => {
    const many = await parcels('steadfast', 1000, { cod: 450 });
    const file = csv(many.map((p, i) => [p.consignment, i % 10 === 0 ? 400 : 450, 60]));
    const started = performance.now();
    const res = await upload(file, { reference: 'big batch' });
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ lines: 1000, matched: 900, unknown: [] });
    expect(res.json().short).toHaveLength(100);
    expect(ms).toBeLessThan(2000);
    const settled = await db().selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', many.map((p) => p.id)).where('cod_settled_at', 'is not', null).executeTakeFirstOrThrow();
    // The 100 short parcels stay outstanding.
    expect(Number(settled.n)).toBe(900);
  });

  it('a parcel paid short is owed only the rest in a later payout, and one already paid in full is listed, never counted again', async () => {
    const [p, q] = await parcels('steadfast', 2, { cod: 800 });
    const first = await upload(csv([[p!.consignment, 600, 60], [q!.consignment, 800, 60]]), { paid_at: '2026-04-01', reference: 'first' });
    expect(first.json()).toMatchObject({ matched: 1, short: [{ order: p!.id, expected: 800, got: 600 }] });
    // The next sheet pays p's rest and names q again (a courier's re-sent line).
    const second = await upload(csv([[p!.consignment, 200, 0], [q!.consignment, 800, 60]]), { paid_at: '2026-04-08', reference: 'second' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ matched: 1, short: [], unknown: [], already_paid: [q!.consignment] });
    expect((await orderRow(p!.id)).cod_settled_at).toBe('2026-04-07T18:00:00.000Z');
    expect((await orderRow(q!.id)).cod_settled_at).toBe('2026-03-31T18:00:00.000Z');
  });

  it('takes the same sheet again for another courier (it was first sent under the wrong one)', async () => {
    const [p] = await parcels('pathao', 1, { cod: 300 });
    const file = csv([[p!.consignment, 300, 50]]);
    const wrong = await upload(file, { courier: 'steadfast', reference: 'oops' });
    expect(wrong.json()).toMatchObject({ unknown: [p!.consignment] });
    const right = await upload(file, { courier: 'pathao', reference: 'right' });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json()).toMatchObject({ matched: 1 });
    expect((await upload(file, { courier: 'pathao' })).statusCode).toBe(409);
  });

  it('lists the batches, the latest payout first, and what each courier still owes, the oldest delivery first', async () => {
    const first = await parcels('pathao', 3, { cod: 300 });
    await db().insertInto('order_status_changes').values([
      { order_id: first[0]!.id, from_status: 'Pending', to_status: 'Delivered', changed_by: null, created_at: '2026-01-05T10:00:00.000Z' },
      { order_id: first[1]!.id, from_status: 'Pending', to_status: 'Delivered', changed_by: null, created_at: '2026-01-02T10:00:00.000Z' },
      { order_id: first[2]!.id, from_status: 'Pending', to_status: 'Delivered', changed_by: null, created_at: '2026-01-09T10:00:00.000Z' },
    ]).execute();
    const out = (await t.app.inject({ url: '/api/courier-payouts/outstanding/', headers: admin.headers })).json();
    const p = out.couriers.find((c: { courier: string }) => c.courier === 'pathao');
    expect(p.parcels).toBeGreaterThanOrEqual(3);
    const mine = p.orders.filter((o: { order: number }) => first.some((f) => f.id === o.order)).map((o: { order: number }) => o.order);
    expect(mine).toEqual([first[1]!.id, first[0]!.id, first[2]!.id]);
    expect(p.orders[0]).toMatchObject({ expected: expect.any(Number), delivered_at: expect.any(String) });

    expect((await upload(csv([[first[1]!.consignment, 300, 60]]), { courier: 'pathao', paid_at: '2030-01-01' })).statusCode).toBe(201);
    const after = (await t.app.inject({ url: '/api/courier-payouts/outstanding/', headers: admin.headers })).json();
    expect(after.couriers.find((c: { courier: string }) => c.courier === 'pathao').parcels).toBe(p.parcels - 1);

    const list = (await t.app.inject({ url: '/api/courier-payouts/?courier=pathao', headers: admin.headers })).json();
    expect(list.results[0]).toMatchObject({ courier: 'pathao', paid_at: '2029-12-31T18:00:00.000Z', lines: 1, matched: 1, short: 0, unknown: 0 });
    expect(list.results.every((r: { courier: string }) => r.courier === 'pathao')).toBe(true);
    expect((await t.app.inject({ url: '/api/courier-payouts/?courier=dhl', headers: admin.headers })).statusCode).toBe(400);
  });
});
