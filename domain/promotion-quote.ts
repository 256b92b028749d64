/**
 * How an order is priced with promotions and coupons. Pure: no database, no clock (the time is
 * passed in).
 *
 * The stacking rule, which the tests hold to:
 * 1. Every line gets the best single automatic promotion that applies to it (percentage off,
 *    taka off, or buy X get Y) — the one that saves the most on that line; ties go to the older
 *    promotion. Automatic promotions never add up on one line.
 * 2. At most one coupon per order. A coupon of those kinds is worked out on what the lines cost
 *    after step 1, so it adds to the automatic savings but never takes a line below 0.
 * 3. At most one free-delivery rule per order: a free-delivery coupon, else an automatic
 *    free-delivery promotion, else the shop's `free_delivery_threshold`. It takes off the
 *    delivery charge, recorded as a discount of that amount.
 * `min_subtotal` and the threshold compare with the order's subtotal before any promotion.
 * Savings are whole taka, rounded down (the shop never gives a fraction of a taka away).
 */
import { appliesTo, type PromoProduct } from './promotion-match';
import { normalizeCode, PROMOTION_MESSAGES, type Promotion, type PromotionKind } from './promotion-schema';
import { timingAt } from './promotion-time';

export interface PromoLine {
  product: PromoProduct;
  quantity: number;
  /** What one unit costs before promotions (the catalogue's price). */
  unit_price: number;
}

export interface AppliedDiscount {
  promotion: number | null;
  name: string;
  code: string | null;
  kind: PromotionKind;
  amount: number;
}

export interface PricedPromoLine {
  product: number;
  quantity: number;
  unit_price: number;
  total: number;
  /** What promotions take off this line (automatic and coupon together). */
  discount: number;
  /** The automatic promotion chosen for this line, if any. */
  promotion: number | null;
}

export interface PromotionQuote {
  lines: PricedPromoLine[];
  subtotal: number;
  delivery_charge: number;
  discounts: AppliedDiscount[];
  discount_total: number;
  total: number;
}

/**
 * Savings per line (by index) of one promotion of a line kind, on the given line totals. Buy X
 * get Y: without `get_products`, the covered units are laid out dearest first in groups of X + Y
 * and the Y cheapest of each full group are discounted; with `get_products`, every X covered
 * units (not themselves given) discount Y units of the given products in the cart, cheapest first.
 */
export function lineSavings(p: Promotion, lines: PromoLine[], remaining: number[]): number[] {
  const covered = lines.map((l) => appliesTo(p.applies_to, l.product));
  const savings = lines.map(() => 0);
  if (p.kind === 'percentage') {
    lines.forEach((_, i) => {
      if (covered[i]) savings[i] = Math.floor((remaining[i]! * p.value) / 100);
    });
  } else if (p.kind === 'fixed') {
    // Once per order, shared among the covered lines by what they cost (largest remainder), so
    // each line's share can be compared with other promotions on that line.
    const base = lines.reduce((sum, _, i) => sum + (covered[i] ? remaining[i]! : 0), 0);
    const off = Math.min(p.value, base);
    if (off > 0) {
      const exact = lines.map((_, i) => (covered[i] ? (off * remaining[i]!) / base : 0));
      exact.forEach((x, i) => (savings[i] = Math.floor(x)));
      let left = off - savings.reduce((a, b) => a + b, 0);
      const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
      for (const [, i] of order) {
        if (left <= 0) break;
        if (!covered[i]) continue;
        savings[i]! += 1;
        left -= 1;
      }
    }
  } else if (p.kind === 'buy_x_get_y' && p.buy_quantity && p.get_quantity) {
    const x = p.buy_quantity;
    const y = p.get_quantity;
    // A unit's price as it stands now (after earlier discounts), so a coupon never takes a line below 0.
    const unitNow = (i: number) => (lines[i]!.quantity > 0 ? remaining[i]! / lines[i]!.quantity : 0);
    const discountUnit = (i: number) => (savings[i]! += (unitNow(i) * p.value) / 100);
    if (p.get_products.length === 0) {
      const units = lines.flatMap((l, i) => (covered[i] ? Array.from({ length: l.quantity }, () => i) : [])).sort((a, b) => unitNow(b) - unitNow(a) || a - b);
      const groups = Math.floor(units.length / (x + y));
      for (let g = 0; g < groups; g++) units.slice(g * (x + y) + x, (g + 1) * (x + y)).forEach(discountUnit);
    } else {
      const given = (i: number) => p.get_products.includes(lines[i]!.product.id);
      const bought = lines.reduce((n, l, i) => n + (covered[i] && !given(i) ? l.quantity : 0), 0);
      let free = Math.floor(bought / x) * y;
      const gifts = lines.flatMap((l, i) => (given(i) ? Array.from({ length: l.quantity }, () => i) : [])).sort((a, b) => unitNow(a) - unitNow(b) || a - b);
      for (const i of gifts) {
        if (free-- <= 0) break;
        discountUnit(i);
      }
    }
    savings.forEach((s, i) => (savings[i] = Math.floor(s)));
  }
  return savings.map((s, i) => Math.max(0, Math.min(s, remaining[i]!)));
}

export type CouponProblem = 'unknownCode' | 'notStarted' | 'expired' | 'usedUp' | 'usedByYou' | 'minSubtotal' | 'notApplicable';

/**
 * The problems a guesser could learn from: a code that does not exist, or one that exists but is
 * not (or no longer) usable by anyone. They share one message. The others — `usedByYou` (only the
 * customer who used it sees it), `minSubtotal` and `notApplicable` (a code that holds now; any
 * cart that meets it would show the same saving) — keep their own. Every distinct code tried,
 * whatever the answer, counts once an hour against the caller's address and account
 * (server/orders/coupon-tries.ts), so asking again as the cart changes costs nothing.
 */
export function isGuessFailure(problem: CouponProblem): boolean {
  return problem === 'unknownCode' || problem === 'notStarted' || problem === 'expired' || problem === 'usedUp';
}

/** The customer-facing message for a coupon that cannot be used. */
export function couponMessage(problem: CouponProblem, coupon?: Pick<Promotion, 'min_subtotal'>): string {
  if (isGuessFailure(problem)) return PROMOTION_MESSAGES.codeNotValid;
  return problem === 'minSubtotal' ? PROMOTION_MESSAGES.minSubtotal(coupon?.min_subtotal ?? 0) : PROMOTION_MESSAGES[problem as 'usedByYou' | 'notApplicable'];
}

/** How often a promotion was used, in all and by this customer (counted by the caller). */
export interface PromotionUse {
  used: number;
  usedByCustomer: number;
}

export function usageLeft(p: Pick<Promotion, 'usage_limit' | 'per_customer_limit'>, use: PromotionUse | undefined): 'ok' | 'usedUp' | 'usedByYou' {
  if (p.usage_limit !== null && (use?.used ?? 0) >= p.usage_limit) return 'usedUp';
  if (p.per_customer_limit !== null && (use?.usedByCustomer ?? 0) >= p.per_customer_limit) return 'usedByYou';
  return 'ok';
}

export interface QuoteInput {
  lines: PromoLine[];
  /** The chosen delivery option's charge. */
  delivery_charge: number;
  /** Every promotion that could apply (automatic ones and the coupon, if one was entered). */
  promotions: Promotion[];
  /** The code the customer entered, if any. */
  coupon?: string | null | undefined;
  /** Uses so far, by promotion id. */
  uses?: Map<number, PromotionUse>;
  free_delivery_threshold: number | null;
  now: Date;
}

export type QuoteResult = { ok: true; quote: PromotionQuote } | { ok: false; problem: CouponProblem; coupon?: Promotion };

/** Prices an order with the promotions that hold at `now`, by the stacking rule at the top of this file. */
export function quoteOrder(input: QuoteInput): QuoteResult {
  const { lines, now } = input;
  const totals = lines.map((l) => l.unit_price * l.quantity);
  const subtotal = totals.reduce((a, b) => a + b, 0);
  const holds = (p: Promotion) =>
    timingAt(p, now) === 'active' && subtotal >= p.min_subtotal && usageLeft(p, input.uses?.get(p.id)) === 'ok' && lines.some((l) => appliesTo(p.applies_to, l.product));

  // The coupon first: a wrong one is refused before anything is priced.
  let coupon: Promotion | undefined;
  if (input.coupon && input.coupon.trim()) {
    const code = normalizeCode(input.coupon);
    coupon = input.promotions.find((p) => p.code === code);
    if (!coupon || !coupon.is_active) return { ok: false, problem: 'unknownCode' };
    const timing = timingAt(coupon, now);
    if (timing === 'not_started' || timing === 'expired') return { ok: false, problem: timing === 'expired' ? 'expired' : 'notStarted', coupon };
    const left = usageLeft(coupon, input.uses?.get(coupon.id));
    if (left !== 'ok') return { ok: false, problem: left, coupon };
    if (subtotal < coupon.min_subtotal) return { ok: false, problem: 'minSubtotal', coupon };
    if (!lines.some((l) => appliesTo(coupon!.applies_to, l.product))) return { ok: false, problem: 'notApplicable', coupon };
  }

  const automatic = input.promotions.filter((p) => p.code === null && holds(p)).sort((a, b) => a.id - b.id);
  // 1. The best automatic promotion per line.
  const chosen = lines.map(() => ({ promotion: null as Promotion | null, saving: 0 }));
  for (const p of automatic.filter((a) => a.kind !== 'free_delivery')) {
    lineSavings(p, lines, totals).forEach((s, i) => {
      if (s > chosen[i]!.saving) chosen[i] = { promotion: p, saving: s };
    });
  }
  const discounts: AppliedDiscount[] = [];
  const lineDiscount = chosen.map((c) => c.saving);
  for (const p of automatic) {
    const amount = chosen.reduce((sum, c) => sum + (c.promotion === p ? c.saving : 0), 0);
    if (amount > 0) discounts.push({ promotion: p.id, name: p.name, code: null, kind: p.kind, amount });
  }
  // 2. The coupon, on what the lines cost now.
  if (coupon && coupon.kind !== 'free_delivery') {
    const savings = lineSavings(coupon, lines, totals.map((t, i) => t - lineDiscount[i]!));
    savings.forEach((s, i) => (lineDiscount[i]! += s));
    const amount = savings.reduce((a, b) => a + b, 0);
    discounts.push({ promotion: coupon.id, name: coupon.name, code: coupon.code, kind: coupon.kind, amount });
  }
  // 3. One free-delivery rule.
  const freeDelivery =
    coupon?.kind === 'free_delivery' ? coupon : automatic.find((p) => p.kind === 'free_delivery');
  if (input.delivery_charge > 0 && freeDelivery) {
    discounts.push({ promotion: freeDelivery.id, name: freeDelivery.name, code: freeDelivery.code, kind: 'free_delivery', amount: input.delivery_charge });
  } else if (input.delivery_charge > 0 && input.free_delivery_threshold !== null && subtotal >= input.free_delivery_threshold) {
    discounts.push({ promotion: null, name: 'free_delivery_threshold', code: null, kind: 'free_delivery', amount: input.delivery_charge });
  } else if (coupon?.kind === 'free_delivery') {
    // Free delivery already (a charge of 0): the code is accepted and saves nothing.
    discounts.push({ promotion: coupon.id, name: coupon.name, code: coupon.code, kind: 'free_delivery', amount: 0 });
  }
  const discount_total = discounts.reduce((sum, d) => sum + d.amount, 0);
  return {
    ok: true,
    quote: {
      lines: lines.map((l, i) => ({
        product: l.product.id,
        quantity: l.quantity,
        unit_price: l.unit_price,
        total: totals[i]!,
        discount: lineDiscount[i]!,
        promotion: chosen[i]!.promotion?.id ?? null,
      })),
      subtotal,
      delivery_charge: input.delivery_charge,
      discounts,
      discount_total,
      total: Math.max(0, subtotal + input.delivery_charge - discount_total),
    },
  };
}
