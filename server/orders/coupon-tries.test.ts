/**
 * Coupon guessing (issue 30, item 6): the distinct codes a client tries are limited per client
 * address and per customer (429 with Retry-After), in the cart's quote and at checkout, even
 * when sent all at once, and unknown, not yet started, expired and used-up codes all get one message.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { checkoutBody, insertProduct, orderCalls } from '../test/orders-fixtures';
import { PROMOTION_MESSAGES } from '../../domain/promotions';
import { COUPON_TRY_LIMITS, createCouponTries } from './coupon-tries';
import { DatabaseRateLimiter } from '../accounts/rate-limit';

describe(`coupon tries (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  let product: number;
  beforeAll(async () => {
    ({ t, admin } = await openSignedApp());
    product = await insertProduct(orderCalls(() => t).db(), { regular_price: 500, units_stock: 1000 });
    const coupons = [
      { code: 'GOODCODE', applies_to: { products: [product] } },
      { code: 'LATERCODE', starts_at: '2099-01-01T00:00:00Z' },
      { code: 'OVERCODE', ends_at: '2020-01-01T00:00:00Z' },
      { code: 'BIGCART', min_subtotal: 100_000 },
      { code: 'OTHERBOOK', applies_to: { products: [product + 100_000] } },
    ];
    for (const c of coupons) {
      const res = await t.app.inject({ method: 'POST', url: '/api/promotion/', headers: admin.headers, payload: { name: c.code, kind: 'percentage', value: 10, ...c } });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const { checkout } = orderCalls(() => t);
  const lines = () => [{ product, quantity: 1 }];
  const quote = (coupon: string, remoteAddress: string, who?: Signed) =>
    t.app.inject({ method: 'POST', url: '/api/cart/quote/', remoteAddress, headers: who?.headers ?? {}, payload: { orderItems: lines(), coupon } });

  it('unknown, not yet started and expired codes answer one message; a code that holds but not for this cart keeps its own', async () => {
    const addr = '203.0.113.1';
    const errors = await Promise.all(['NOSUCHCODE', 'latercode', 'OVERCODE'].map(async (c) => (await quote(c, addr)).json().coupon_error));
    expect(errors).toEqual([PROMOTION_MESSAGES.codeNotValid, PROMOTION_MESSAGES.codeNotValid, PROMOTION_MESSAGES.codeNotValid]);
    expect((await quote('BIGCART', addr)).json().coupon_error).toBe(PROMOTION_MESSAGES.minSubtotal(100_000));
    expect((await quote('OTHERBOOK', addr)).json().coupon_error).toBe(PROMOTION_MESSAGES.notApplicable);
    expect((await quote('goodcode', addr)).json()).toMatchObject({ coupon: 'GOODCODE', discount_total: 50 });
  });

  it(`the quote: ${COUPON_TRY_LIMITS.perAddress.limit} failed codes an hour per address, then 429 with Retry-After, a good code too`, async () => {
    const addr = '203.0.113.2';
    const { limit } = COUPON_TRY_LIMITS.perAddress;
    for (let i = 0; i < limit; i++) {
      const res = await quote(`GUESS${i}`, addr);
      expect(res.statusCode, `try ${i}`).toBe(200);
      expect(res.json().coupon_error).toBe(PROMOTION_MESSAGES.codeNotValid);
    }
    const refused = await quote('GUESSMORE', addr);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toMatch(/কুপন.*\(Too many coupon codes/);
    // A good code answers the same: the limit tells nothing about which codes exist.
    expect((await quote('GOODCODE', addr)).statusCode).toBe(429);
    // A cart without a code is still priced, and another address is not affected.
    expect((await t.app.inject({ method: 'POST', url: '/api/cart/quote/', remoteAddress: addr, payload: { orderItems: lines() } })).statusCode).toBe(200);
    expect((await quote('GOODCODE', '203.0.113.3')).statusCode).toBe(200);
  });

  it('the same code asked again (the cart re-prices on every change) counts once', async () => {
    const addr = '203.0.113.4';
    for (let i = 0; i < COUPON_TRY_LIMITS.perAddress.limit + 5; i++) {
      for (const code of ['TYPOCODE', 'BIGCART', 'OTHERBOOK', 'GOODCODE']) expect((await quote(code, addr)).statusCode, `${code} ${i}`).toBe(200);
    }
  });

  it('refuses past the limit when many codes are tried at once from one address', async () => {
    const addr = '203.0.113.9';
    const { limit } = COUPON_TRY_LIMITS.perAddress;
    const answers = await Promise.all(Array.from({ length: limit * 3 }, (_, i) => quote(`BURST${i}`, addr)));
    const looked = answers.filter((r) => r.statusCode === 200);
    expect(looked.length).toBeLessThanOrEqual(limit);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(limit * 2);
  });

  it(`per customer: ${COUPON_TRY_LIMITS.perCustomer.limit} failed codes an hour, from any addresses, then 429 at checkout and in the quote`, async () => {
    const customer = await t.signIn();
    const { limit } = COUPON_TRY_LIMITS.perCustomer;
    // Checkout tries count as much as quotes; each from a new address behind a trusted proxy (loopback).
    for (let i = 0; i < limit; i++) {
      const res = await checkout(customer, checkoutBody(lines(), { coupon: `CUST${i}` }), { 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.coupon).toEqual([PROMOTION_MESSAGES.codeNotValid]);
    }
    const refused = await checkout(customer, checkoutBody(lines(), { coupon: 'GOODCODE', discount_total: 50, total: 510 }), { 'x-forwarded-for': '198.51.100.200' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await quote('GOODCODE', '198.51.100.201', customer)).statusCode).toBe(429);
    // Without a code the customer still checks out; another customer is not affected.
    expect((await checkout(customer, checkoutBody(lines()), { 'x-forwarded-for': '198.51.100.202' })).statusCode).toBe(200);
    const other = await t.signIn();
    expect((await checkout(other, checkoutBody(lines(), { coupon: 'GOODCODE', discount_total: 50, total: 510 }), { 'x-forwarded-for': '198.51.100.203' })).statusCode).toBe(200);
  });

  it('a code refused past the limit is not free to try when the window turns: only codes already looked at repeat for nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const t0 = Date.parse('2030-01-01T00:00:00Z');
      vi.setSystemTime(t0);
      const db = t.services.database;
      const tries = createCouponTries(new DatabaseRateLimiter(db.db, db.dialect));
      const who = { ip: '198.51.100.77' };
      const admitted = async (code: string) => tries.admit(who, code).then(() => true, () => false);
      await admitted('FIRST');
      vi.setSystemTime(t0 + 59 * 60_000);
      const codes = Array.from({ length: 200 }, (_, i) => `EDGE${i}`);
      const first = new Set<string>();
      for (const c of codes) if (await admitted(c)) first.add(c);
      expect(first.size).toBe(COUPON_TRY_LIMITS.perAddress.limit - 1);
      vi.setSystemTime(t0 + 61 * 60_000);
      let fresh = 0;
      for (const c of codes) if ((await admitted(c)) && !first.has(c)) fresh += 1;
      expect(fresh).toBeLessThanOrEqual(COUPON_TRY_LIMITS.perAddress.limit);
    } finally {
      vi.useRealTimers();
    }
  });
});
