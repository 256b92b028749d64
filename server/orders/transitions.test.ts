/**
 * The state machine's applier: each move from the table with its effects, written once — the
 * guard inside the conditional UPDATE, one history row, stock and promotion uses, the customer's
 * SMS — and nothing at all for a move the table refuses or an order that moved on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { insertOrder, insertProduct } from '../test/orders-fixtures';
import { applyOrderMove, UnknownMove, type MoveRequest } from './transitions';

describe(`applying order moves (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.services.database.db;
  const deps = () => ({ stock: t.services.catalog.stock, promotions: t.services.promotions, dialect: t.services.database.dialect });
  const move = (req: MoveRequest) => db().transaction().execute((trx) => applyOrderMove(trx as Kysely<DB>, deps(), req));
  const stockOf = async (id: number) => (await db().selectFrom('products').select('units_stock').where('id', '=', id).executeTakeFirstOrThrow()).units_stock;
  const order = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = async (id: number) => (await db().selectFrom('order_status_changes').select(['from_status', 'to_status', 'changed_by']).where('order_id', '=', id).execute());

  it('refuses a move the table does not have, changing nothing', async () => {
    const product = await insertProduct(db(), { units_stock: 4 });
    const id = await insertOrder(db(), [product], { status: 'Delivered' });
    await expect(move({ id, from: 'Delivered', to: 'Cancelled', cause: 'staff', shopName: 'Haat' })).rejects.toBeInstanceOf(UnknownMove);
    expect((await order(id)).status).toBe('Delivered');
    expect(await history(id)).toEqual([]);
    expect(await stockOf(product)).toBe(4);
  });

  it('moves once from the status the caller read: the second mover finds it stale and nothing happens twice', async () => {
    const product = await insertProduct(db(), { units_stock: 4 });
    const id = await insertOrder(db(), [product]);
    expect(await move({ id, from: 'Pending', to: 'Cancelled', cause: 'staff', changedBy: null, shopName: 'Haat' })).toBe('moved');
    expect(await move({ id, from: 'Pending', to: 'Cancelled', cause: 'staff', changedBy: null, shopName: 'Haat' })).toBe('stale');
    expect(await stockOf(product)).toBe(5);
    expect(await history(id)).toEqual([{ from_status: 'Pending', to_status: 'Cancelled', changed_by: null }]);
  });

  it('pays cash on delivery when the parcel is delivered; a returned parcel opens a return in transit of every line and moves no stock', async () => {
    const product = await insertProduct(db(), { units_stock: 2 });
    const delivered = await insertOrder(db(), [product]);
    expect(await move({ id: delivered, from: 'Pending', to: 'Delivered', cause: 'courier', shopName: 'Haat', payment: await order(delivered) })).toBe('moved');
    expect(await order(delivered)).toMatchObject({ status: 'Delivered', payment_status: 'paid', paid_amount: 360 });
    const returned = await insertOrder(db(), [product]);
    expect(await move({ id: returned, from: 'Pending', to: 'Returned', cause: 'courier', shopName: 'Haat' })).toBe('moved');
    // The stock comes back only when the parcel is received (server/orders/returns).
    expect(await stockOf(product)).toBe(2);
    expect(await order(returned)).toMatchObject({ status: 'Returned', return_status: 'in_transit' });
    const opened = await db().selectFrom('returns').select(['id', 'status', 'origin', 'refund_amount']).where('order_id', '=', returned).execute();
    expect(opened).toEqual([{ id: expect.any(Number), status: 'approved', origin: 'courier', refund_amount: 0 }]);
    const lines = await db().selectFrom('return_lines').select(['quantity', 'received_condition']).where('return_id', '=', opened[0]!.id).execute();
    expect(lines).toEqual([{ quantity: 1, received_condition: null }]);
  });

  it("does not cancel for an expired hold an order whose parcel is with a courier, or whose hold was renewed", async () => {
    const product = await insertProduct(db(), { units_stock: 4 });
    const id = await insertOrder(db(), [product]);
    const hold = '2026-01-01T10:00:00.000Z';
    await db().updateTable('orders').set({ payment_gateway: 'sslcommerz', payment_status: 'pending', payment_hold_until: hold, consignment_id: 'SF-1' }).where('id', '=', id).execute();
    const expire = (at: string) => move({ id, from: 'Pending', to: 'Cancelled', cause: 'hold_expired', holdExpiredAt: at, shopName: 'Haat' });
    expect(await expire('2026-01-01T11:00:00.000Z')).toBe('stale');
    await db().updateTable('orders').set({ consignment_id: null }).where('id', '=', id).execute();
    expect(await expire('2026-01-01T09:00:00.000Z')).toBe('stale');
    expect(await expire('2026-01-01T11:00:00.000Z')).toBe('moved');
    expect(await order(id)).toMatchObject({ status: 'Cancelled', payment_hold_until: null });
    expect(await stockOf(product)).toBe(5);
  });

  it('reopens a cancelled order for a late payment only when its stock is all there; short, it stays Cancelled with the stock untouched', async () => {
    const product = await insertProduct(db(), { units_stock: 0 });
    const id = await insertOrder(db(), [product], { status: 'Cancelled' });
    await db().updateTable('orders').set({ payment_gateway: 'sslcommerz', payment_status: 'failed' }).where('id', '=', id).execute();
    const reopen = () => move({ id, from: 'Cancelled', to: 'Pending', cause: 'late_payment', shopName: 'Haat', set: { payment_status: 'paid' }, money: { amount: 360, reference: 'T1' } });
    expect(await reopen()).toBe('short');
    expect((await order(id)).status).toBe('Cancelled');
    expect(await stockOf(product)).toBe(0);
    expect(await history(id)).toEqual([]);
    await db().updateTable('products').set({ units_stock: 1 }).where('id', '=', product).execute();
    expect(await reopen()).toBe('moved');
    expect(await order(id)).toMatchObject({ status: 'Pending', payment_status: 'paid' });
    expect(await stockOf(product)).toBe(0);
    expect(await history(id)).toEqual([{ from_status: 'Cancelled', to_status: 'Pending', changed_by: null }]);
  });
});
