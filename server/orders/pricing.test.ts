import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';

/**
 * Pricing reads the category tree only when a promotion covers categories (pricing.ts): one that
 * does still covers a product of a descendant category, at checkout and in the cart's quote.
 */
describe(`pricing with the category tree (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  beforeAll(async () => ({ t, admin } = await openSignedApp()));
  afterAll(() => t.close());

  const { db, checkout } = orderCalls(() => t);
  const category = async (name: string, parent: number | null) =>
    (await db().insertInto('categories').values({ name, parent_id: parent, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;

  it('takes a promotion on a parent category off a product of its grandchild category, and none off a product elsewhere', async () => {
    const top = await category('Pricing top', null);
    const middle = await category('Pricing middle', top);
    const leaf = await category('Pricing leaf', middle);
    const elsewhere = await category('Pricing elsewhere', null);
    const inside = await insertProduct(db(), { regular_price: 1000, units_stock: 5 });
    const outside = await insertProduct(db(), { regular_price: 1000, units_stock: 5 });
    await db().updateTable('products').set({ category_id: leaf }).where('id', '=', inside).execute();
    await db().updateTable('products').set({ category_id: elsewhere }).where('id', '=', outside).execute();
    const created = await t.app.inject({ method: 'POST', url: '/api/promotion/', headers: admin.headers, payload: { name: 'Top sale', kind: 'percentage', value: 10, applies_to: { categories: [top] } } });
    expect(created.statusCode, created.body).toBe(201);
    try {
      const quote = (await t.app.inject({ method: 'POST', url: '/api/cart/quote/', payload: { orderItems: [{ product: inside, quantity: 1 }, { product: outside, quantity: 1 }], delivery_option: 'dhaka_home' } })).json();
      expect(quote.discount_total).toBe(100);

      const customer = await t.signIn();
      const res = await checkout(customer, checkoutBody([{ product: inside, quantity: 1 }, { product: outside, quantity: 1 }], { total: quote.total }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().order).toMatchObject({ subtotal: 2000, discount_total: 100, discounts: [{ promotion: created.json().id, name: 'Top sale', amount: 100 }] });
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/promotion/${created.json().id}/`, headers: admin.headers, payload: { is_active: false } });
    }
  });
});
