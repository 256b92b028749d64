import { describe, expect, it } from 'vitest';
import {
  appliesTo,
  dhakaLocalToIso,
  isoToDhakaLocal,
  lineSavings,
  promotionBadge,
  promotionSchema,
  quoteOrder,
  timingAt,
  type PromoLine,
  type Promotion,
  type QuoteInput,
} from './promotions';

let nextId = 1;
function promo(fields: Partial<Promotion>): Promotion {
  return {
    id: nextId++,
    name: 'promo',
    kind: 'percentage',
    value: 10,
    buy_quantity: null,
    get_quantity: null,
    get_products: [],
    applies_to: {},
    min_subtotal: 0,
    starts_at: null,
    ends_at: null,
    usage_limit: null,
    per_customer_limit: null,
    code: null,
    is_active: true,
    ...fields,
  };
}

const book = (id: number, price: number, quantity = 1, extra: Partial<PromoLine['product']> = {}): PromoLine => ({
  product: { id, type: 'books', categories: [10, 1], author: 5, publisher: 7, ...extra },
  quantity,
  unit_price: price,
});
const pen = (id: number, price: number, quantity = 1): PromoLine => ({ product: { id, type: 'stationary', categories: [20], author: null, publisher: null }, quantity, unit_price: price });

const NOW = new Date('2026-11-23T12:00:00Z');
function quote(input: Partial<QuoteInput> & Pick<QuoteInput, 'lines'>) {
  const result = quoteOrder({ delivery_charge: 60, promotions: [], free_delivery_threshold: null, now: NOW, ...input });
  if (!result.ok) throw new Error(`refused: ${result.problem}`);
  return result.quote;
}

describe('promotion form schema', () => {
  it('a coupon code is stored in capitals and must be 3–32 letters, digits, - or _', () => {
    expect(promotionSchema.parse({ name: 'Fair', kind: 'percentage', value: 10, code: ' boimela-25 ' }).code).toBe('BOIMELA-25');
    expect(promotionSchema.safeParse({ name: 'Fair', kind: 'percentage', value: 10, code: 'a b' }).success).toBe(false);
    expect(promotionSchema.parse({ name: 'Auto', kind: 'percentage', value: 10, code: '' }).code).toBeNull();
  });

  it('a percentage is 1–100 and a taka discount at least 1; the end comes after the start', () => {
    const errors = (v: object) => promotionSchema.safeParse({ name: 'x', ...v }).error?.issues.map((i) => i.path.join('.'));
    expect(errors({ kind: 'percentage', value: 0 })).toEqual(['value']);
    expect(errors({ kind: 'percentage', value: 101 })).toEqual(['value']);
    expect(errors({ kind: 'fixed', value: 0 })).toEqual(['value']);
    expect(errors({ kind: 'buy_x_get_y', value: 100 })).toEqual(['buy_quantity', 'get_quantity']);
    expect(errors({ kind: 'free_delivery', starts_at: '2026-11-23T00:00:00Z', ends_at: '2026-11-22T00:00:00Z' })).toEqual(['ends_at']);
  });

  it('a usage limit of 0 or empty means none', () => {
    const p = promotionSchema.parse({ name: 'x', kind: 'free_delivery', usage_limit: 0, per_customer_limit: '' });
    expect([p.usage_limit, p.per_customer_limit]).toEqual([null, null]);
  });
});

describe('dates in Dhaka', () => {
  it('a Dhaka wall-clock time is six hours ahead of UTC, across midnight too', () => {
    expect(dhakaLocalToIso('2026-02-21T00:00')).toBe('2026-02-20T18:00:00.000Z');
    expect(dhakaLocalToIso('2026-02-21T05:59')).toBe('2026-02-20T23:59:00.000Z');
    expect(isoToDhakaLocal('2026-02-20T18:00:00.000Z')).toBe('2026-02-21T00:00');
    expect(dhakaLocalToIso('21/02/2026')).toBeNull();
  });

  it('a promotion for 21 February in Dhaka starts at its midnight and is over at the next', () => {
    const p = promo({ starts_at: dhakaLocalToIso('2026-02-21T00:00'), ends_at: dhakaLocalToIso('2026-02-22T00:00') });
    expect(timingAt(p, new Date('2026-02-20T17:59:59Z'))).toBe('not_started'); // 23:59:59 on the 20th in Dhaka
    expect(timingAt(p, new Date('2026-02-20T18:00:00Z'))).toBe('active'); // midnight in Dhaka
    expect(timingAt(p, new Date('2026-02-21T17:59:59Z'))).toBe('active'); // 23:59:59 on the 21st in Dhaka (still the 21st in UTC too)
    expect(timingAt(p, new Date('2026-02-21T18:00:00Z'))).toBe('expired');
    expect(timingAt({ ...p, is_active: false }, new Date('2026-02-21T00:00:00Z'))).toBe('inactive');
  });
});

describe('what a promotion covers', () => {
  it('an empty applies_to covers everything; each list given must match', () => {
    expect(appliesTo({}, book(1, 100).product)).toBe(true);
    expect(appliesTo({ types: ['books'], authors: [5] }, book(1, 100).product)).toBe(true);
    expect(appliesTo({ types: ['books'], authors: [6] }, book(1, 100).product)).toBe(false);
    expect(appliesTo({ publishers: [7] }, pen(2, 20).product)).toBe(false);
  });

  it('a category covers the products of its descendants', () => {
    expect(appliesTo({ categories: [1] }, book(1, 100).product)).toBe(true);
    expect(appliesTo({ categories: [20] }, book(1, 100).product)).toBe(false);
  });
});

describe('line promotions', () => {
  it('a percentage is taken off each covered line, rounded down', () => {
    expect(lineSavings(promo({ value: 15 }), [book(1, 999), pen(2, 35)], [999, 35])).toEqual([149, 5]);
  });

  it('taka off is given once per order, shared among the covered lines by what they cost', () => {
    const savings = lineSavings(promo({ kind: 'fixed', value: 100, applies_to: { types: ['books'] } }), [book(1, 300), book(2, 100), pen(3, 50)], [300, 100, 50]);
    expect(savings).toEqual([75, 25, 0]);
    expect(lineSavings(promo({ kind: 'fixed', value: 500 }), [book(1, 120)], [120])).toEqual([120]);
    // Shares that do not divide evenly still add up to the promotion's amount.
    expect(lineSavings(promo({ kind: 'fixed', value: 100 }), [book(1, 100), book(2, 100), book(3, 100)], [100, 100, 100]).reduce((a, b) => a + b)).toBe(100);
  });

  it('buy 2 get 1 of the same set: the cheapest of every three units is free', () => {
    const p = promo({ kind: 'buy_x_get_y', value: 100, buy_quantity: 2, get_quantity: 1 });
    expect(lineSavings(p, [book(1, 300), book(2, 200), book(3, 100)], [300, 200, 100])).toEqual([0, 0, 100]);
    // Five units make one full group: only one is free.
    expect(lineSavings(p, [book(1, 300, 3), book(2, 100, 2)], [900, 200])).toEqual([300, 0]);
    expect(lineSavings(p, [book(1, 300, 2)], [600])).toEqual([0]);
  });

  it('buy X get Y of other products: every X bought discounts Y of the given products in the cart', () => {
    const p = promo({ kind: 'buy_x_get_y', value: 50, buy_quantity: 1, get_quantity: 1, applies_to: { types: ['books'] }, get_products: [9] });
    expect(lineSavings(p, [book(1, 400, 2), pen(9, 40, 3)], [800, 120])).toEqual([0, 40]); // 2 pens at half price
    expect(lineSavings(p, [pen(9, 40, 3)], [120])).toEqual([0]);
  });
});

describe('pricing an order: the stacking rule', () => {
  it('each line gets the best single automatic promotion; they never add up on one line', () => {
    const tenOff = promo({ value: 10 });
    const booksTwenty = promo({ value: 20, applies_to: { types: ['books'] } });
    const q = quote({ lines: [book(1, 500), pen(2, 100)], promotions: [tenOff, booksTwenty] });
    expect(q.lines.map((l) => [l.discount, l.promotion])).toEqual([
      [100, booksTwenty.id],
      [10, tenOff.id],
    ]);
    expect(q.discounts).toEqual([
      { promotion: tenOff.id, name: 'promo', code: null, kind: 'percentage', amount: 10 },
      { promotion: booksTwenty.id, name: 'promo', code: null, kind: 'percentage', amount: 100 },
    ]);
    expect([q.subtotal, q.discount_total, q.total]).toEqual([600, 110, 550]);
  });

  it('one coupon adds to the automatic savings, worked out on the discounted lines', () => {
    const auto = promo({ value: 20 });
    const coupon = promo({ value: 10, code: 'FB10' });
    const q = quote({ lines: [book(1, 1000)], promotions: [auto, coupon], coupon: 'fb10' });
    expect(q.discounts.map((d) => [d.code, d.amount])).toEqual([
      [null, 200],
      ['FB10', 80],
    ]);
    expect(q.total).toBe(1000 - 280 + 60);
  });

  it('a price never goes below 0, whatever the coupon', () => {
    const q = quote({ lines: [book(1, 100)], promotions: [promo({ value: 100 }), promo({ kind: 'fixed', value: 500, code: 'BIG' })], coupon: 'BIG' });
    expect(q.lines[0]!.discount).toBe(100);
    expect(q.total).toBe(60);
    expect(q.total).toBeGreaterThanOrEqual(0);
  });

  it('free delivery: one rule per order, a coupon before an automatic promotion before the threshold', () => {
    const autoFree = promo({ kind: 'free_delivery', name: 'auto-free' });
    const couponFree = promo({ kind: 'free_delivery', code: 'SHIPFREE', name: 'coupon-free' });
    const both = quote({ lines: [book(1, 500)], promotions: [autoFree, couponFree], coupon: 'shipfree', free_delivery_threshold: 100 });
    expect(both.discounts).toEqual([{ promotion: couponFree.id, name: 'coupon-free', code: 'SHIPFREE', kind: 'free_delivery', amount: 60 }]);
    expect(both.total).toBe(500);
    const auto = quote({ lines: [book(1, 500)], promotions: [autoFree], free_delivery_threshold: 100 });
    expect(auto.discounts.map((d) => d.promotion)).toEqual([autoFree.id]);
  });

  it('the free-delivery threshold: at or above it the delivery is free, below it is charged', () => {
    expect(quote({ lines: [book(1, 1000)], free_delivery_threshold: 1000 }).total).toBe(1000);
    expect(quote({ lines: [book(1, 999)], free_delivery_threshold: 1000 }).total).toBe(1059);
    expect(quote({ lines: [book(1, 5000)], free_delivery_threshold: null }).total).toBe(5060);
  });

  it('min_subtotal compares with the subtotal before any promotion', () => {
    const p = promo({ value: 10, min_subtotal: 1000 });
    expect(quote({ lines: [book(1, 999)], promotions: [p] }).discount_total).toBe(0);
    expect(quote({ lines: [book(1, 1000)], promotions: [p] }).discount_total).toBe(100);
  });

  it('an automatic promotion outside its dates, switched off or used up does not apply', () => {
    const lines = [book(1, 100)];
    expect(quote({ lines, promotions: [promo({ ends_at: '2026-11-23T11:59:59Z' })] }).discount_total).toBe(0);
    expect(quote({ lines, promotions: [promo({ starts_at: '2026-11-23T12:00:01Z' })] }).discount_total).toBe(0);
    expect(quote({ lines, promotions: [promo({ is_active: false })] }).discount_total).toBe(0);
    const limited = promo({ usage_limit: 5 });
    expect(quote({ lines, promotions: [limited], uses: new Map([[limited.id, { used: 5, usedByCustomer: 0 }]]) }).discount_total).toBe(0);
    expect(quote({ lines, promotions: [limited], uses: new Map([[limited.id, { used: 4, usedByCustomer: 0 }]]) }).discount_total).toBe(10);
  });
});

describe('a coupon that cannot be used says why', () => {
  const refused = (coupon: Promotion, input: Partial<QuoteInput> = {}) => {
    const result = quoteOrder({ lines: [book(1, 500)], delivery_charge: 60, promotions: [coupon], coupon: 'CODE', free_delivery_threshold: null, now: NOW, ...input });
    return result.ok ? 'accepted' : result.problem;
  };
  it('unknown, not started, expired, used up, used by this customer, too small a cart, nothing it covers', () => {
    expect(refused(promo({ code: 'OTHER' }))).toBe('unknownCode');
    expect(refused(promo({ code: 'CODE', is_active: false }))).toBe('unknownCode');
    expect(refused(promo({ code: 'CODE', starts_at: '2026-12-01T00:00:00Z' }))).toBe('notStarted');
    expect(refused(promo({ code: 'CODE', ends_at: '2026-11-01T00:00:00Z' }))).toBe('expired');
    const limited = promo({ code: 'CODE', usage_limit: 1, per_customer_limit: 1 });
    expect(refused(limited, { uses: new Map([[limited.id, { used: 1, usedByCustomer: 0 }]]) })).toBe('usedUp');
    const perCustomer = promo({ code: 'CODE', per_customer_limit: 2 });
    expect(refused(perCustomer, { uses: new Map([[perCustomer.id, { used: 7, usedByCustomer: 2 }]]) })).toBe('usedByYou');
    expect(refused(promo({ code: 'CODE', min_subtotal: 501 }))).toBe('minSubtotal');
    expect(refused(promo({ code: 'CODE', applies_to: { types: ['electronics'] } }))).toBe('notApplicable');
    expect(refused(promo({ code: 'CODE' }))).toBe('accepted');
  });
});

describe('badges', () => {
  it('say what the promotion gives, in Bengali and English', () => {
    expect(promotionBadge({ kind: 'percentage', value: 25, buy_quantity: null, get_quantity: null, min_subtotal: 0 })).toEqual(['অতিরিক্ত ২৫% ছাড়', 'Extra 25% off']);
    expect(promotionBadge({ kind: 'buy_x_get_y', value: 100, buy_quantity: 2, get_quantity: 1, min_subtotal: 0 })[1]).toBe('Buy 2 get 1 free');
    expect(promotionBadge({ kind: 'free_delivery', value: 0, buy_quantity: null, get_quantity: null, min_subtotal: 1500 })[0]).toBe('ফ্রি ডেলিভারি (১৫০০+ টাকায়)');
  });
});

describe('category lineage', () => {
  const parents = new Map<number, number | null>([
    [1, null],
    [10, 1],
    [11, 10],
    [20, null],
  ]);
  it('a category with its ancestors, and categories with their descendants', async () => {
    const { categoryLineage, withDescendants } = await import('./promotions');
    expect(categoryLineage(11, parents)).toEqual([11, 10, 1]);
    expect(categoryLineage(null, parents)).toEqual([]);
    expect(withDescendants([10], parents).sort()).toEqual([10, 11]);
  });
});
