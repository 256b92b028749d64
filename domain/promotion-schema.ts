/**
 * A promotion's form schema, shared by the back office and `/api/promotion/`: its kinds, the
 * messages of its checks (and of a coupon at checkout), and coupon codes.
 */
import { z } from 'zod';
import { PRODUCT_TYPES } from './catalog';
import { MAX_ID } from './queries';

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

export const PROMOTION_KINDS = ['percentage', 'fixed', 'free_delivery', 'buy_x_get_y'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

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
