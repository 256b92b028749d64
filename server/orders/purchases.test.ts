/** Whether customers received products: only a Delivered order counts (test database). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { insertOrder, insertProduct } from '../test/orders-fixtures';
import { testDialect } from '../test/database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe(`purchases (${testDialect})`, () => {
  it('answers yes only for products on the customer’s own Delivered orders', async () => {
    const { db } = t.services.database;
    const { purchases } = t.services.orders;
    const [a, b, c, d] = [await insertProduct(db), await insertProduct(db), await insertProduct(db), await insertProduct(db)];
    const [alice, bob] = [(await t.signIn()).userId, (await t.signIn()).userId];
    const order = async (userId: number, products: number[], status: 'Pending' | 'Delivered' | 'Returned' | 'Cancelled') => {
      const id = await insertOrder(db, products, { status });
      await db.updateTable('orders').set({ user_id: userId }).where('id', '=', id).execute();
    };
    await order(alice, [a, b], 'Delivered');
    await order(alice, [c], 'Pending');
    await order(alice, [d], 'Cancelled');
    await order(bob, [a], 'Returned');
    await order(bob, [b], 'Delivered');

    expect(await purchases.hasDelivered(alice, a)).toBe(true);
    expect(await purchases.hasDelivered(alice, c)).toBe(false);
    expect(await purchases.hasDelivered(alice, d)).toBe(false);
    expect(await purchases.hasDelivered(bob, a)).toBe(false);
    expect([...(await purchases.deliveredProductIds(alice, [a, b, c, d]))].sort()).toEqual([a, b].sort());
    expect(await purchases.deliveredProductIds(alice, [])).toEqual(new Set());
    expect([...(await purchases.deliveredBuyers(b, [alice, bob, alice]))].sort()).toEqual([alice, bob].sort());
    expect([...(await purchases.deliveredBuyers(a, [alice, bob]))]).toEqual([alice]);
    expect(await purchases.deliveredBuyers(a, [])).toEqual(new Set());
  });
});
