/**
 * An online order whose total is 0 (a 100 % coupon and free delivery) needs no gateway: it is
 * paid at once. Asking a gateway for 0 taka used to answer 500 after the order, its stock and
 * its coupon use were saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct } from '../test/orders-fixtures';
import { startFakeSslcommerz, type FakeSslcommerz } from '../payments/gateways/sslcommerz/fake';

describe(`an online order with nothing to pay (${testDialect})`, () => {
  let t: TestApp;
  let ssl: FakeSslcommerz;
  beforeAll(async () => {
    ssl = await startFakeSslcommerz();
    Object.assign(process.env, ssl.env);
    t = await createTestApp({ publicUrl: 'https://shop.example' });
    const now = new Date().toISOString();
    await t.services.database.db
      .insertInto('promotions')
      .values({ name: 'Free book', kind: 'percentage', value: 100, get_products: '[]', applies_to: '{}', min_subtotal: 0, buy_quantity: null, get_quantity: null, starts_at: null, ends_at: null, usage_limit: 5, per_customer_limit: null, code: 'FREEBOOK', is_active: 1, created_at: now, updated_at: now })
      .execute();
    await t.services.settings.update({ free_delivery_threshold: 1 });
  });
  afterAll(async () => {
    await t.close();
    await ssl.close();
  });

  it('is paid at once, with no gateway asked and no hold', async () => {
    const customer = await t.signIn();
    const product = await insertProduct(t.services.database.db, { regular_price: 300, units_stock: 5 });
    const sessionsBefore = ssl.sessions.size;
    const res = await t.app.inject({
      method: 'POST',
      url: '/checkout/',
      headers: customer.headers,
      payload: checkoutBody([{ product, quantity: 1 }], { payment_option: 'sslcommerz', email: 'b@example.com', coupon: 'FREEBOOK' }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payment_url).toBeUndefined();
    expect(body.order).toMatchObject({ total: 0, status: 'Pending', payment_status: 'paid', paid_amount: 0, payment_hold_until: null, cash_on_delivery: false });
    expect(ssl.sessions.size).toBe(sessionsBefore);
    // Nothing for the hold worker to cancel, nothing to pay again.
    await t.services.payments.worker.runOnce(Date.now() + 24 * 3600_000);
    const row = await t.services.database.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', body.order_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'Pending', payment_status: 'paid' });
    // No gateway to send the customer to: paying again is refused.
    expect((await t.app.inject({ method: 'POST', url: `/api/order/${body.order_id}/pay/`, headers: customer.headers })).statusCode).toBe(400);
  });
});
