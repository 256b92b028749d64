/**
 * Money that lands while the order moves: a staff cancel that read the order before a payment
 * committed still flags the money for a refund (decided in SQL, from the row as it is), and a
 * second payment for an order already paid alerts the staff whether the gateway flagged it or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { insertOrder, insertProduct } from '../test/orders-fixtures';
import { applyOrderMove } from './transitions';

describe(`payments landing while an order moves (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.signIn({ admin: true });
  });
  afterAll(() => t.close());

  const db = () => t.services.database.db;
  const alerts = async () => (await db().selectFrom('sms_outbox').select('id').where('kind', '=', 'staff_alert').execute()).length;
  async function onlineOrder() {
    const product = await insertProduct(db(), { regular_price: 300, units_stock: 5 });
    const id = await insertOrder(db(), [product]);
    await db().updateTable('orders').set({ payment_gateway: 'sslcommerz', payment_status: 'pending', payment_option: 'sslcommerz', cash_on_delivery: 0 }).where('id', '=', id).execute();
    return id;
  }

  // Two connections at once: PostgreSQL only (SQLite has one connection, so the race cannot happen there).
  it.skipIf(testDialect === 'sqlite')('a cancel that read the order before its payment committed still flags the money for a refund', async () => {
    const id = await onlineOrder();
    await db().transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const paid = await db().transaction().execute((other) => t.services.orders.payments.markPaid(other, { id, gateway: 'sslcommerz', reference: 'VAL-1', amount: order.total, shopName: 'Shop' }));
      expect(paid).toBe('paid');
      const deps = { stock: t.services.catalog.stock, promotions: t.services.promotions, dialect: t.services.database.dialect };
      expect(await applyOrderMove(trx, deps, { id, from: order.status, to: 'Cancelled', cause: 'staff', shopName: 'Shop', payment: order })).toBe('moved');
    });
    const after = await db().selectFrom('orders').select(['status', 'payment_status', 'refund_due']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'Cancelled', payment_status: 'paid', refund_due: 1 });
  });

  it('a second payment for a paid order alerts the staff, flagged for review or not', async () => {
    const id = await onlineOrder();
    const payments = t.services.orders.payments;
    const move = (reference: string) => ({ id, gateway: 'sslcommerz' as const, reference, amount: 360, shopName: 'Shop' });
    expect(await db().transaction().execute((trx) => payments.markPaid(trx, move('A')))).toBe('paid');
    const before = await alerts();
    expect(await db().transaction().execute((trx) => payments.markPaid(trx, move('B')))).toBe(false);
    expect(await alerts()).toBe(before + 1);
    expect(await db().transaction().execute((trx) => payments.markReview(trx, move('C')))).toBe(false);
    expect(await alerts()).toBe(before + 2);
  });
});
