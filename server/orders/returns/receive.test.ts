/**
 * Stock comes back when the goods do (issue 34): never before "received" — a courier's returned
 * parcel, staff marking an order Returned, staff's return of a Delivered order, the undelivered
 * rest of a partial delivery — and then once, even when two packers press "received" at the same
 * moment (one 200, one 409). Resellable units go back on the shelf, damaged ones are written off;
 * the condition given at receipt wins over the one given when the return was made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { openSignedApp, type Signed, type TestApp } from '../../test/app';
import { testDialect } from '../../test/database';
import { returnCalls } from '../../test/returns-fixtures';
import { applyOrderMove } from '../transitions';
import { RETURN_MESSAGES } from '../../../domain/returns';

describe(`receiving returned goods (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());
  const r = returnCalls(() => t, () => admin);
  const receiveParcel = (id: number, body: unknown = {}) => r.post(`/api/order/${id}/receive-parcel/`, body);

  it("a courier's returned parcel: Returned and in transit, no stock until received, then back once", async () => {
    const { id, products } = await r.place([{ quantity: 2, stock: 5 }], { deliver: false });
    const deps = { stock: t.services.catalog.stock, promotions: t.services.promotions, dialect: t.services.database.dialect };
    const moved = await r.db().transaction().execute((trx) => applyOrderMove(trx as Kysely<DB>, deps, { id, from: 'Pending', to: 'Returned', cause: 'courier', shopName: 'Haat' }));
    expect(moved).toBe('moved');
    expect(await r.order(id)).toMatchObject({ status: 'Returned', return_status: 'in_transit' });
    expect(await r.stockOf(products[0]!)).toBe(3);
    const res = await receiveParcel(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'Returned', return_status: 'received', returns: [expect.objectContaining({ origin: 'courier', status: 'received', received_at: expect.any(String) })] });
    expect(await r.stockOf(products[0]!)).toBe(5);
    const again = await receiveParcel(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURN_MESSAGES.notInTransit(id));
    expect(await r.stockOf(products[0]!)).toBe(5);
  });

  it('staff marking an order Returned: in transit, no stock; two packers receiving at once restock once (one 200, one 409)', async () => {
    const { id, products } = await r.place([{ quantity: 2, stock: 4 }], { deliver: false });
    expect((await t.app.inject({ method: 'PUT', url: `/api/order/${id}/`, headers: admin.headers, payload: { status: 'Returned' } })).statusCode).toBe(200);
    expect(await r.stockOf(products[0]!)).toBe(2);
    const other = await t.signIn({ admin: true });
    const both = await Promise.all([receiveParcel(id), r.post(`/api/order/${id}/receive-parcel/`, {}, other)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await r.stockOf(products[0]!)).toBe(4);
  });

  it("staff's return of a Delivered order: the same return received twice at once restocks once", async () => {
    const { id, products, items } = await r.place([{ quantity: 3, stock: 6 }]);
    const ret = (await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: items[0]!.id, quantity: 2 }], reason: 'Wrong class' })).json().id as number;
    expect(await r.stockOf(products[0]!)).toBe(3);
    const both = await Promise.all([r.post(`/api/returns/${ret}/receive/`), r.post(`/api/returns/${ret}/receive/`)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((res) => res.statusCode === 200)!.json()).toMatchObject({ status: 'received', received_by: admin.userId, damaged: 0 });
    expect(await r.stockOf(products[0]!)).toBe(5);
    expect(await r.order(id)).toMatchObject({ status: 'Delivered', return_status: 'received' });
    expect((await r.post(`/api/returns/${ret}/receive/`)).statusCode).toBe(409);
    expect(await r.stockOf(products[0]!)).toBe(5);
  });

  it('writes damaged units off (no stock) and lets the condition given at receipt win, splitting a line by condition', async () => {
    const { id, products, items } = await r.place([{ quantity: 3, stock: 6 }, { quantity: 1, stock: 2 }]);
    const [book, pen] = items;
    const ret = (
      await r.post(`/api/order/${id}/returns/`, {
        lines: [
          { order_item: book!.id, quantity: 3, condition: 'resellable' },
          { order_item: pen!.id, quantity: 1, condition: 'damaged' },
        ],
        reason: 'Wet parcel',
      })
    ).json().id as number;
    // At the shop: one copy of the book is damaged after all; the pen is fine.
    const res = await r.post(`/api/returns/${ret}/receive/`, {
      lines: [
        { order_item: book!.id, quantity: 1, condition: 'damaged' },
        { order_item: pen!.id, quantity: 1, condition: 'resellable' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json().lines.map((l: { order_item: number; quantity: number; received_condition: string }) => [l.order_item, l.quantity, l.received_condition]);
    expect(lines).toEqual(expect.arrayContaining([[book!.id, 1, 'damaged'], [book!.id, 2, 'resellable'], [pen!.id, 1, 'resellable']]));
    expect(lines).toHaveLength(3);
    expect(res.json().damaged).toBe(1);
    expect(await r.stockOf(products[0]!)).toBe(3 + 2);
    expect(await r.stockOf(products[1]!)).toBe(1 + 1);
  });

  it("without lines at receipt the return's own conditions hold (damaged written off, unsaid resellable); more than returned is 400", async () => {
    const { id, products, items } = await r.place([{ quantity: 2, stock: 4 }, { quantity: 1, stock: 4 }]);
    const ret = (
      await r.post(`/api/order/${id}/returns/`, {
        lines: [
          { order_item: items[0]!.id, quantity: 2, condition: 'damaged' },
          { order_item: items[1]!.id, quantity: 1 },
        ],
        reason: 'Both back',
      })
    ).json().id as number;
    const tooMany = await r.post(`/api/returns/${ret}/receive/`, { lines: [{ order_item: items[1]!.id, quantity: 2, condition: 'resellable' }] });
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().errors)).toEqual(['lines.0.quantity']);
    const res = await r.post(`/api/returns/${ret}/receive/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().damaged).toBe(2);
    expect(await r.stockOf(products[0]!)).toBe(2);
    expect(await r.stockOf(products[1]!)).toBe(4);
  });

  it('a requested return cannot be received before it is approved (409), and then is', async () => {
    const { id, items, customer, products } = await r.place([{ quantity: 1, stock: 3 }]);
    const ret = (await r.post(`/api/order/${id}/return-request/`, { lines: [{ order_item: items[0]!.id, quantity: 1 }], reason: 'Wrong size' }, customer)).json().id as number;
    expect((await r.post(`/api/returns/${ret}/receive/`)).statusCode).toBe(409);
    expect((await receiveParcel(id)).statusCode).toBe(409);
    expect((await r.post(`/api/returns/${ret}/approve/`)).statusCode).toBe(200);
    expect(await r.stockOf(products[0]!)).toBe(2);
    expect((await receiveParcel(id)).statusCode).toBe(200);
    expect(await r.stockOf(products[0]!)).toBe(3);
  });

  it('a received return becomes refunded once refunds by hand naming it reach its amount, and not before', async () => {
    const { id, items } = await r.place([{ price: 300, quantity: 1 }]);
    const ret = (await r.post(`/api/order/${id}/returns/`, { lines: [{ order_item: items[0]!.id, quantity: 1 }], reason: 'Faulty' })).json().id as number;
    expect((await r.post(`/api/returns/${ret}/receive/`)).statusCode).toBe(200);
    const refund = (amount: number) => r.post(`/api/order/${id}/refund/`, { amount, reason: 'Faulty', method: 'cash', return: ret });
    expect((await refund(100)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/returns/${ret}/`, headers: admin.headers })).json()).toMatchObject({ status: 'received', refund_amount: 300, refunded_amount: 100 });
    expect((await refund(201)).statusCode).toBe(400);
    expect((await refund(200)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/returns/${ret}/`, headers: admin.headers })).json()).toMatchObject({ status: 'refunded', refunded_amount: 300 });
    expect(await r.order(id)).toMatchObject({ refunded_amount: 300, payment_status: 'partially_refunded' });
    // A refunded return takes no more refunds.
    expect((await refund(1)).json().errors.return).toBeDefined();
  });

  it('an order Returned before returns were recorded (received, migration 0309) has no parcel to receive (409)', async () => {
    const { id, products } = await r.place([{ stock: 2 }], { deliver: false });
    await r.db().updateTable('orders').set({ status: 'Returned', return_status: 'received' }).where('id', '=', id).execute();
    expect(await r.view(id)).toMatchObject({ status: 'Returned', return_status: 'received', returns: [] });
    expect((await receiveParcel(id)).statusCode).toBe(409);
    expect(await r.stockOf(products[0]!)).toBe(1);
  });
});
