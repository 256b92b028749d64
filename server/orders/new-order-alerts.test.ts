/**
 * `new_order_alert_phones` (issue 33): each new order texts the shop's own numbers one line —
 * number, total, district — through the outbox, in the order's own transaction (a refused
 * checkout texts nobody), and the per-number daily cap never holds them back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';

describe(`new order alerts to the shop's numbers (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());
  const { db, checkout, smsTo } = orderCalls(() => t);
  const alertsTo = async (phone: string) => (await smsTo(phone)).filter((m) => m.kind === 'new_order_alert');

  it('texts each alert number one line per new order, with its number, total and district', async () => {
    // Through the settings API, which stores each number in its 11-digit form.
    const put = await t.app.inject({ method: 'PUT', url: '/api/settings/', headers: admin.headers, payload: { new_order_alert_phones: ['01766000111', '+8801866000222'], sms_daily_limit_per_number: 1 } });
    expect(put.statusCode, put.body).toBe(200);
    const buyer = await t.signIn();
    const p = await insertProduct(db(), { regular_price: 250, units_stock: 5 });
    const placed = await checkout(buyer, checkoutBody([{ product: p, quantity: 2 }], { district: 'খুলনা' }));
    expect(placed.statusCode, placed.body).toBe(200);
    const first = placed.json().order_id;
    const second = (await checkout(buyer, checkoutBody([{ product: p, quantity: 1 }]))).json().order_id;
    for (const phone of ['01766000111', '01866000222']) {
      const texts = (await alertsTo(phone)).map((m) => m.text);
      // Two alerts to one number on one day, past a daily cap of 1: alerts are not capped.
      expect(texts).toHaveLength(2);
      expect(texts[0]).toContain(`#${first}`);
      expect(texts[0]).toContain('560 টাকা');
      expect(texts[0]).toContain('খুলনা');
      expect(texts[1]).toContain(`#${second}`);
    }
  });

  it('texts nobody for a refused checkout, and nobody when the list is empty', async () => {
    await t.services.settings.update({ new_order_alert_phones: ['01766000333'] });
    const buyer = await t.signIn();
    const p = await insertProduct(db(), { units_stock: 1 });
    expect((await checkout(buyer, checkoutBody([{ product: p, quantity: 2 }]))).statusCode).toBe(409);
    expect(await alertsTo('01766000333')).toEqual([]);
    await t.services.settings.update({ new_order_alert_phones: [] });
    expect((await checkout(buyer, checkoutBody([{ product: p, quantity: 1 }]))).statusCode).toBe(200);
    expect(await alertsTo('01766000333')).toEqual([]);
  });
});
