import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { PROMOTION_MESSAGES } from '../../domain/promotions';
import { MESSAGES } from '../../domain/orders';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';

describe(`promotions and coupons through the API (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  let customer: Signed;
  beforeAll(async () => ({ t, admin, customer } = await openSignedApp()));
  afterAll(() => t.close());

  const { db, checkout } = orderCalls(() => t);
  const create = (body: object, who: Signed = admin) => t.app.inject({ method: 'POST', url: '/api/promotion/', headers: who.headers, payload: body });
  const order = async (who: Signed, id: number) => (await t.app.inject({ url: `/api/order/${id}/`, headers: who.headers })).json();
  const quote = async (who: Signed | null, body: object) => (await t.app.inject({ method: 'POST', url: '/api/cart/quote/', headers: who?.headers ?? {}, payload: body })).json();
  /** A coupon covering only `product`, so the file's tests do not price each other's carts. */
  const coupon = async (code: string, product: number, fields: object = {}) => {
    const res = await create({ name: `Coupon ${code}`, kind: 'percentage', value: 10, code, applies_to: { products: [product] }, ...fields });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; code: string };
  };

  it('only admins manage promotions: 401 without a session, 403 for a customer', async () => {
    expect((await t.app.inject({ url: '/api/promotion/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/promotion/', headers: customer.headers })).statusCode).toBe(403);
    expect((await create({ name: 'x', kind: 'free_delivery' }, customer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/promotion/1/', headers: customer.headers })).statusCode).toBe(403);
  });

  it('creates, reads, updates in part, lists and deletes a promotion in the run contract shape', async () => {
    const res = await create({ name: 'বইমেলা', kind: 'percentage', value: 20, applies_to: { types: ['books'], categories: [] }, starts_at: '2027-02-01T00:00:00+06:00', ends_at: '2027-03-01T00:00:00+06:00', is_active: false });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toEqual({
      id: expect.any(Number),
      name: 'বইমেলা',
      kind: 'percentage',
      value: 20,
      buy_quantity: null,
      get_quantity: null,
      get_products: [],
      applies_to: { types: ['books'] },
      min_subtotal: 0,
      starts_at: '2027-01-31T18:00:00.000Z',
      ends_at: '2027-02-28T18:00:00.000Z',
      usage_limit: null,
      per_customer_limit: null,
      code: null,
      is_active: false,
      used_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const updated = await t.app.inject({ method: 'PUT', url: `/api/promotion/${p.id}/`, headers: admin.headers, payload: { value: 25, code: 'fair25' } });
    expect(updated.json()).toMatchObject({ value: 25, code: 'FAIR25', name: 'বইমেলা', applies_to: { types: ['books'] } });
    const list = (await t.app.inject({ url: '/api/promotion/?search=fair', headers: admin.headers })).json();
    expect(list.results.map((r: { id: number }) => r.id)).toContain(p.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/promotion/${p.id}/`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/promotion/${p.id}/`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('refuses bad input with per-field messages, and a code already taken in any case', async () => {
    const bad = await create({ name: '', kind: 'percentage', value: 150, ends_at: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['ends_at', 'name', 'value']);
    const p = await insertProduct(db());
    await coupon('TAKEN1', p);
    const again = await create({ name: 'Other', kind: 'fixed', value: 50, code: 'taken1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.code).toEqual([PROMOTION_MESSAGES.codeTaken]);
  });

  it('a coupon at checkout: the saving is on the order and its invoice, and one use is counted', async () => {
    const p = await insertProduct(db(), { regular_price: 500 });
    const c = await coupon('BOIMELA10', p);
    const priced = await quote(customer, { orderItems: [{ product: p, quantity: 2 }], coupon: 'boimela10' });
    expect(priced).toMatchObject({ subtotal: 1000, delivery_charge: 60, discount_total: 100, total: 960, coupon: 'BOIMELA10' });
    const res = await checkout(customer, checkoutBody([{ product: p, quantity: 2 }], { coupon: 'boimela10', subtotal: 1000, discount_total: 100, total: 960 }));
    expect(res.statusCode).toBe(200);
    const placed = await order(customer, res.json().order_id);
    expect(placed).toMatchObject({ subtotal: 1000, delivery_charge: 60, discount_total: 100, total: 960 });
    expect(placed.discounts).toEqual([{ promotion: c.id, name: 'Coupon BOIMELA10', code: 'BOIMELA10', kind: 'percentage', amount: 100 }]);
    const invoice = (await t.app.inject({ url: `/api/order/${placed.id}/invoice/`, headers: admin.headers })).json();
    expect(invoice.totals).toEqual({ subtotal: 1000, delivery_charge: 60, discount_total: 100, total: 960 });
    expect(invoice.discounts[0]).toMatchObject({ code: 'BOIMELA10', amount: 100 });
    expect((await t.app.inject({ url: `/api/promotion/${c.id}/`, headers: admin.headers })).json().used_count).toBe(1);
  });

  it('a wrong, not yet started or expired code answers 400 with one message that does not say which, and places nothing', async () => {
    const p = await insertProduct(db(), { regular_price: 400 });
    await coupon('LATER', p, { starts_at: '2099-01-01T00:00:00Z' });
    await coupon('OVER', p, { ends_at: '2020-01-01T00:00:00Z' });
    await coupon('ONCEONLY', p, { per_customer_limit: 1 });
    const refusal = async (code: string) => {
      const res = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }], { coupon: code }));
      return [res.statusCode, res.json().errors?.coupon?.[0]];
    };
    expect(await refusal('NOSUCHCODE')).toEqual([400, PROMOTION_MESSAGES.codeNotValid]);
    expect(await refusal('later')).toEqual([400, PROMOTION_MESSAGES.codeNotValid]);
    expect(await refusal('over')).toEqual([400, PROMOTION_MESSAGES.codeNotValid]);
    expect((await checkout(customer, checkoutBody([{ product: p, quantity: 1 }], { coupon: 'onceonly' }))).statusCode).toBe(200);
    expect(await refusal('onceonly')).toEqual([400, PROMOTION_MESSAGES.usedByYou]);
    const stock = await db().selectFrom('products').select('units_stock').where('id', '=', p).executeTakeFirstOrThrow();
    expect(stock.units_stock).toBe(9);
    // The quote says the same, and prices without the code.
    expect(await quote(customer, { orderItems: [{ product: p, quantity: 1 }], coupon: 'over' })).toMatchObject({ coupon: null, coupon_error: PROMOTION_MESSAGES.codeNotValid, total: 460 });
  });

  it('an automatic promotion the cart did not show answers 409 with the new figures; the shown figures then go through', async () => {
    const p = await insertProduct(db(), { regular_price: 300 });
    const auto = await create({ name: 'Auto 50', kind: 'fixed', value: 50, applies_to: { products: [p] } });
    expect(auto.statusCode).toBe(201);
    const stale = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }], { subtotal: 300, total: 360 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: MESSAGES.priceChanged, subtotal: 300, discount_total: 50, total: 310 });
    const ok = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }], { subtotal: 300, discount_total: 50, total: 310 }));
    expect(ok.statusCode).toBe(200);
    expect((await order(customer, ok.json().order_id)).discounts).toEqual([{ promotion: auto.json().id, name: 'Auto 50', code: null, kind: 'fixed', amount: 50 }]);
  });

  it('free delivery from the shop threshold: the delivery charge is recorded as a discount', async () => {
    await t.services.settings.update({ free_delivery_threshold: 5000 });
    try {
      const p = await insertProduct(db(), { regular_price: 5000 });
      const res = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }]));
      const placed = await order(customer, res.json().order_id);
      expect(placed).toMatchObject({ subtotal: 5000, delivery_charge: 60, discount_total: 60, total: 5000 });
      expect(placed.discounts).toEqual([{ promotion: null, name: 'free_delivery_threshold', code: null, kind: 'free_delivery', amount: 60 }]);
    } finally {
      await t.services.settings.update({ free_delivery_threshold: null });
    }
  });

  it('a cancelled order gives its coupon use back', async () => {
    const p = await insertProduct(db(), { regular_price: 200 });
    const c = await coupon('LASTONE', p, { usage_limit: 1 });
    const first = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }], { coupon: 'LASTONE' }));
    expect(first.statusCode).toBe(200);
    const other = await t.signIn();
    const refused = await checkout(other, checkoutBody([{ product: p, quantity: 1 }], { coupon: 'LASTONE' }));
    expect(refused.json().errors.coupon).toEqual([PROMOTION_MESSAGES.codeNotValid]);
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/order/${first.json().order_id}/`, headers: admin.headers, payload: { status: 'Cancelled' } });
    expect(cancel.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/promotion/${c.id}/`, headers: admin.headers })).json().used_count).toBe(0);
    expect((await checkout(other, checkoutBody([{ product: p, quantity: 1 }], { coupon: 'LASTONE' }))).statusCode).toBe(200);
  });

  it('a usage limit set later counts the uses so far, and cannot go below them', async () => {
    const p = await insertProduct(db(), { regular_price: 100 });
    const c = await coupon('LIMITLATER', p);
    for (const who of [customer, await t.signIn()]) expect((await checkout(who, checkoutBody([{ product: p, quantity: 1 }], { coupon: 'LIMITLATER' }))).statusCode).toBe(200);
    const below = await t.app.inject({ method: 'PUT', url: `/api/promotion/${c.id}/`, headers: admin.headers, payload: { usage_limit: 1 } });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors.usage_limit).toEqual([PROMOTION_MESSAGES.limitBelowUses(2)]);
    expect((await t.app.inject({ method: 'PUT', url: `/api/promotion/${c.id}/`, headers: admin.headers, payload: { usage_limit: 3 } })).json()).toMatchObject({ usage_limit: 3, used_count: 2 });
    expect((await checkout(await t.signIn(), checkoutBody([{ product: p, quantity: 1 }], { coupon: 'LIMITLATER' }))).statusCode).toBe(200);
    const refused = await checkout(await t.signIn(), checkoutBody([{ product: p, quantity: 1 }], { coupon: 'LIMITLATER' }));
    expect(refused.json().errors.coupon).toEqual([PROMOTION_MESSAGES.codeNotValid]);
  });

  it('the order keeps what was applied after the promotion changes or is deleted', async () => {
    const p = await insertProduct(db(), { regular_price: 1000 });
    const c = await coupon('KEEPME', p);
    const res = await checkout(customer, checkoutBody([{ product: p, quantity: 1 }], { coupon: 'KEEPME' }));
    await t.app.inject({ method: 'PUT', url: `/api/promotion/${c.id}/`, headers: admin.headers, payload: { value: 50, name: 'Changed' } });
    await t.app.inject({ method: 'DELETE', url: `/api/promotion/${c.id}/`, headers: admin.headers });
    const placed = await order(customer, res.json().order_id);
    expect(placed).toMatchObject({ discount_total: 100, total: 960 });
    expect(placed.discounts).toEqual([{ promotion: c.id, name: 'Coupon KEEPME', code: 'KEEPME', kind: 'percentage', amount: 100 }]);
  });

  it('product cards learn the automatic promotions that hold now, categories widened to descendants', async () => {
    const parent = (await db().insertInto('categories').values({ name: `Promo parent ${Date.now()}`, parent_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
    const child = (await db().insertInto('categories').values({ name: `Promo child ${Date.now()}`, parent_id: parent, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
    const res = await create({ name: 'Category sale', kind: 'percentage', value: 15, applies_to: { categories: [parent] } });
    const badges = await t.services.promotions.badges(new Date(Date.now() + 60_000));
    const badge = badges.find((b) => b.id === res.json().id);
    expect(badge?.label).toEqual(['অতিরিক্ত ১৫% ছাড়', 'Extra 15% off']);
    expect(badge?.applies_to.categories?.sort()).toEqual([parent, child].sort());
    await t.app.inject({ method: 'PUT', url: `/api/promotion/${res.json().id}/`, headers: admin.headers, payload: { is_active: false } });
    expect((await t.services.promotions.badges()).some((b) => b.id === res.json().id)).toBe(false);
  });
});
