/**
 * Promotions and coupons: the admin's form schema (shared by the back office and
 * `/api/promotion/`), when a promotion holds, and how an order is priced with them. Pure: no
 * database, no clock (the time is passed in).
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
import { z } from 'zod';
import { PRODUCT_TYPES } from './catalog';
import { MAX_ID } from './queries';
import { appliesTo, type PromoProduct } from './promotion-match';

export const PROMOTION_KINDS = ['percentage', 'fixed', 'free_delivery', 'buy_x_get_y'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_MESSAGES = {
  name: 'নাম আবশ্যক*',
  kind: 'ধরন বেছে নিন (percentage, fixed, free_delivery বা buy_x_get_y)।',
  percentage: '১ থেকে ১০০-এর মধ্যে শতাংশ দিন। (A percentage from 1 to 100.)',
  fixed: 'ছাড়ের পরিমাণ ১ টাকা বা বেশি দিন। (At least 1 taka off.)',
  quantity: '১ থেকে ১০০-এর মধ্যে পূর্ণ সংখ্যা দিন। (A whole number from 1 to 100.)',
  money: '০ বা তার বেশি পূর্ণ টাকা দিন। (Whole taka, 0 or more.)',
  limit: 'সীমা ১ বা বেশি পূর্ণ সংখ্যা, অথবা খালি (সীমা নেই)। (A whole number of 1 or more, or empty for no limit.)',
  date: 'সঠিক তারিখ ও সময় দিন। (A date and time, ISO 8601.)',
  dates: 'শেষের সময় শুরুর পরে হতে হবে। (The end must be after the start.)',
  code: 'কুপন কোড ৩–৩২ অক্ষরের, শুধু ইংরেজি অক্ষর, সংখ্যা, - বা _। (3–32 letters, digits, - or _.)',
  codeTaken: 'এই কুপন কোডটি আগে থেকেই আছে। (This coupon code is already used by another promotion.)',
  limitBelowUses: (used: number) => `এটি ইতিমধ্যে ${used} বার ব্যবহার হয়েছে — সীমা এর কম হতে পারে না। (Already used ${used} times; the limit cannot be lower.)`,
  ids: 'তালিকায় শুধু আইডি দিন। (Only ids.)',
  // At checkout. An unknown, not yet started, expired or used-up code gets one message, so trying
  // codes tells nobody which ones exist (couponMessage); the others need a code that holds now.
  codeNotValid: 'কুপন কোডটি সঠিক নয়, অথবা এর মেয়াদ বা ব্যবহার শেষ। (This coupon code is not valid, has expired or has been used up.)',
  tooManyCodes: (minutes: number) =>
    `অনেকগুলো কুপন কোড চেষ্টা করা হয়েছে। ${minutes} মিনিট পরে আবার চেষ্টা করুন। (Too many coupon codes tried; please try again in ${minutes} minutes.)`,
  usedByYou: 'আপনি এই কুপনটি যতবার ব্যবহার করা যায় ততবার ব্যবহার করেছেন। (You have already used this coupon as often as allowed.)',
  minSubtotal: (min: number) => `এই কুপনের জন্য ন্যূনতম ${min} টাকার পণ্য কিনতে হবে। (This coupon needs a subtotal of at least ${min} taka.)`,
  notApplicable: 'এই কুপন আপনার কার্টের কোন পণ্যে প্রযোজ্য নয়। (This coupon applies to nothing in your cart.)',
} as const;

const ids = z.array(z.number({ message: PROMOTION_MESSAGES.ids }).int(PROMOTION_MESSAGES.ids).positive(PROMOTION_MESSAGES.ids).max(MAX_ID, PROMOTION_MESSAGES.ids)).max(500);

export const appliesToSchema = z
  .object({
    types: z.array(z.enum(PRODUCT_TYPES)).max(3).optional(),
    categories: ids.optional(),
    authors: ids.optional(),
    publishers: ids.optional(),
    products: ids.optional(),
  })
  .strict();
// The schema's value is the plain interface the browser's cards use (promotion-match.ts).
export type { AppliesTo, PromoProduct, PromotionBadge } from './promotion-match';
export { appliesTo } from './promotion-match';

/** '' and null mean "not set". */
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const money = z.number({ message: PROMOTION_MESSAGES.money }).int(PROMOTION_MESSAGES.money).min(0, PROMOTION_MESSAGES.money).max(10_000_000, PROMOTION_MESSAGES.money);
/** A usage limit: a whole number, or null (and 0, as the shop's other limits write it) for none. */
const usageLimit = z.preprocess(
  (v) => (v === 0 || v === '0' ? null : blankToNull(v)),
  z.number({ message: PROMOTION_MESSAGES.limit }).int(PROMOTION_MESSAGES.limit).min(1, PROMOTION_MESSAGES.limit).max(10_000_000, PROMOTION_MESSAGES.limit).nullable(),
);
const instant = z.preprocess(blankToNull, z.string({ message: PROMOTION_MESSAGES.date }).refine((s) => !Number.isNaN(Date.parse(s)), PROMOTION_MESSAGES.date).nullable());
export const COUPON_CODE = /^[A-Za-z0-9_-]{3,32}$/;

/** Codes are compared without regard to case: stored and looked up in capitals. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export const promotionFieldsSchema = z
  .object({
    name: z.string({ message: PROMOTION_MESSAGES.name }).trim().min(1, PROMOTION_MESSAGES.name).max(200),
    kind: z.enum(PROMOTION_KINDS, { message: PROMOTION_MESSAGES.kind }),
    /** Percentage (1–100), taka off, or for buy X get Y the percentage off the Y items (100: free); unused for free delivery. */
    value: z.number({ message: PROMOTION_MESSAGES.money }).int(PROMOTION_MESSAGES.money).min(0, PROMOTION_MESSAGES.money).max(10_000_000, PROMOTION_MESSAGES.money).default(0),
    buy_quantity: z.preprocess(blankToNull, z.number({ message: PROMOTION_MESSAGES.quantity }).int(PROMOTION_MESSAGES.quantity).min(1, PROMOTION_MESSAGES.quantity).max(100, PROMOTION_MESSAGES.quantity).nullable()).default(null),
    get_quantity: z.preprocess(blankToNull, z.number({ message: PROMOTION_MESSAGES.quantity }).int(PROMOTION_MESSAGES.quantity).min(1, PROMOTION_MESSAGES.quantity).max(100, PROMOTION_MESSAGES.quantity).nullable()).default(null),
    /** Buy X get Y: the products given; empty means the cheaper items of the same set. */
    get_products: ids.default([]),
    applies_to: appliesToSchema.default({}),
    min_subtotal: money.default(0),
    starts_at: instant.default(null),
    ends_at: instant.default(null),
    usage_limit: usageLimit.default(null),
    per_customer_limit: usageLimit.default(null),
    /** A coupon's code; null for an automatic promotion. */
    code: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : normalizeCode(v)) : blankToNull(v)),
      z.string().regex(COUPON_CODE, PROMOTION_MESSAGES.code).nullable(),
    ).default(null),
    is_active: z.boolean().default(true),
  })
  .strict();

function checkPromotion(p: Partial<z.infer<typeof promotionFieldsSchema>>, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (p.kind === 'percentage' && !(p.value !== undefined && p.value >= 1 && p.value <= 100)) issue('value', PROMOTION_MESSAGES.percentage);
  if (p.kind === 'fixed' && !(p.value !== undefined && p.value >= 1)) issue('value', PROMOTION_MESSAGES.fixed);
  if (p.kind === 'buy_x_get_y') {
    if (!p.buy_quantity) issue('buy_quantity', PROMOTION_MESSAGES.quantity);
    if (!p.get_quantity) issue('get_quantity', PROMOTION_MESSAGES.quantity);
    if (!(p.value !== undefined && p.value >= 1 && p.value <= 100)) issue('value', PROMOTION_MESSAGES.percentage);
  }
  if (p.starts_at && p.ends_at && Date.parse(p.ends_at) <= Date.parse(p.starts_at)) issue('ends_at', PROMOTION_MESSAGES.dates);
}

/** A new promotion, whole. */
export const promotionSchema = promotionFieldsSchema.superRefine(checkPromotion);
export type PromotionInput = z.infer<typeof promotionSchema>;

/** An update: any fields, checked together with the stored promotion by the caller (promotionSchema on the merged value). */
export const promotionPatchSchema = promotionFieldsSchema.partial().strict();

/** A promotion as stored and served. */
export interface Promotion extends PromotionInput {
  id: number;
}

/** Dhaka keeps UTC+6 all year (no daylight saving): its wall clock is UTC shifted by six hours. */
const DHAKA_OFFSET_MS = 6 * 3600_000;

/** `2026-02-21T00:00` on a Dhaka wall clock (the back office's date-time field) → an ISO instant. */
export function dhakaLocalToIso(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return null;
  const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) - DHAKA_OFFSET_MS;
  return Number.isNaN(utc) ? null : new Date(utc).toISOString();
}

/** An ISO instant → `YYYY-MM-DDTHH:mm` on a Dhaka wall clock (for the back office's field). */
export function isoToDhakaLocal(iso: string | null): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  return new Date(Date.parse(iso) + DHAKA_OFFSET_MS).toISOString().slice(0, 16);
}

export type Timing = 'active' | 'not_started' | 'expired' | 'inactive';

/** Whether a promotion holds at `now`: switched on, started (inclusive) and not yet ended (exclusive). */
export function timingAt(p: Pick<Promotion, 'is_active' | 'starts_at' | 'ends_at'>, now: Date): Timing {
  if (!p.is_active) return 'inactive';
  const t = now.getTime();
  if (p.starts_at && t < Date.parse(p.starts_at)) return 'not_started';
  if (p.ends_at && t >= Date.parse(p.ends_at)) return 'expired';
  return 'active';
}

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

/** The short badge a product card shows for an automatic promotion (Bengali, English). */
export function promotionBadge(p: Pick<Promotion, 'kind' | 'value' | 'buy_quantity' | 'get_quantity' | 'min_subtotal'>): [string, string] {
  const bn = (n: number) => String(n).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
  const [b, e] =
    p.kind === 'percentage'
      ? [`অতিরিক্ত ${bn(p.value)}% ছাড়`, `Extra ${p.value}% off`]
      : p.kind === 'fixed'
        ? [`${bn(p.value)} টাকা ছাড়`, `${p.value} taka off`]
        : p.kind === 'free_delivery'
          ? ['ফ্রি ডেলিভারি', 'Free delivery']
          : p.value >= 100
            ? [`${bn(p.buy_quantity ?? 1)}টি কিনলে ${bn(p.get_quantity ?? 1)}টি ফ্রি`, `Buy ${p.buy_quantity} get ${p.get_quantity} free`]
            : [`${bn(p.buy_quantity ?? 1)}টি কিনলে ${bn(p.get_quantity ?? 1)}টিতে ${bn(p.value)}% ছাড়`, `Buy ${p.buy_quantity} get ${p.get_quantity} at ${p.value}% off`];
  return p.min_subtotal > 0 ? [`${b} (${bn(p.min_subtotal)}+ টাকায়)`, `${e} (over ${p.min_subtotal} taka)`] : [b, e];
}

/** The automatic promotions a product card shows a badge for: those that hold now and cover the product. */
export function badgesFor(product: PromoProduct, promotions: Pick<Promotion, 'applies_to' | 'code'>[]): number[] {
  return promotions.flatMap((p, i) => (p.code === null && appliesTo(p.applies_to, product) ? [i] : []));
}

/** A category and its ancestors, nearest first (a loop in bad data stops at the first repeat). */
export function categoryLineage(id: number | null, parents: ReadonlyMap<number, number | null>): number[] {
  const lineage: number[] = [];
  for (let c = id; c !== null && c !== undefined && !lineage.includes(c); c = parents.get(c) ?? null) lineage.push(c);
  return lineage;
}

/** These categories and all their descendants. */
export function withDescendants(ids: readonly number[], parents: ReadonlyMap<number, number | null>): number[] {
  return [...parents.keys()].filter((c) => categoryLineage(c, parents).some((a) => ids.includes(a)));
}
