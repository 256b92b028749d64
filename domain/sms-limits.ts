/**
 * What the shop may text, and when (issue 30, item 7). Pure: the counts and the time are passed in.
 *
 * Every message has a `kind`; what a kind is decides its limits:
 * - **code**: a one-time code someone asked for on a form (`password_reset`, `restock_code`, and
 *   any kind ending in `_code`, e.g. a future `sign_in_code`). Capped per number per Dhaka day;
 *   the form that asked answers 429. Its digits are masked in the outbox once sent.
 * - **notice**: a message the shop sends on its own to a number that asked once
 *   (`back_in_stock`). Capped per number per Dhaka day; over the cap it is skipped (logged).
 * - **transactional**: everything else — order messages (`order_confirmation`, `order_cancelled`,
 *   `payment_received`, `shipment_*`, `order_confirm_link`…) and `staff_alert`. Never capped per
 *   number, and never held by the hourly budget: a customer hears about their order, the owners
 *   hear about problems. A new kind that texts a number which did not just place an order (a code,
 *   a marketing notice) must be named above.
 * Codes and notices both count toward `sms_daily_limit_per_number`; every message sent counts
 * toward `sms_hourly_limit`, which only codes and notices wait for.
 */
import { fitOneSms } from './sms';

export type SmsClass = 'code' | 'notice' | 'transactional';

/** Kinds that carry a one-time code (besides any kind ending in `_code`). */
const CODE_KINDS = new Set(['password_reset', 'restock_code']);
/** Kinds the shop sends on its own to numbers that asked for them once. */
const NOTICE_KINDS = new Set(['back_in_stock']);

export function smsClass(kind: string): SmsClass {
  if (CODE_KINDS.has(kind) || kind.endsWith('_code')) return 'code';
  if (NOTICE_KINDS.has(kind)) return 'notice';
  return 'transactional';
}

/** Codes and notices: counted per number per day and held back by the hourly budget. */
export function isCapped(kind: string): boolean {
  return smsClass(kind) !== 'transactional';
}

/** Dhaka keeps UTC+6 all year (no daylight saving). */
const DHAKA_OFFSET_MS = 6 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The instant the Dhaka calendar day holding `now` began (00:00 in Dhaka is 18:00 UTC the day before). */
export function dhakaDayStart(now: Date): Date {
  const local = now.getTime() + DHAKA_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - DHAKA_OFFSET_MS);
}

/** Whole seconds until the next Dhaka midnight (at least 1): a per-day refusal's Retry-After. */
export function secondsToDhakaMidnight(now: Date): number {
  return Math.max(1, Math.ceil((dhakaDayStart(now).getTime() + DAY_MS - now.getTime()) / 1000));
}

export interface SmsLimits {
  /** Codes and notices to one number per Dhaka day; 0: no limit. */
  dailyPerNumber: number;
  /** Messages sent in any hour, shop-wide; 0: no limit. */
  hourly: number;
}

/** Whether one more code or notice may be queued for a number that had `today` of them this Dhaka day. */
export function underDailyCap(kind: string, today: number, limits: Pick<SmsLimits, 'dailyPerNumber'>): boolean {
  if (!isCapped(kind) || limits.dailyPerNumber <= 0) return true;
  return today < limits.dailyPerNumber;
}

/** Whether a message may be sent now, with `sentLastHour` messages sent in the last hour. */
export function mayGoNow(kind: string, sentLastHour: number, limits: Pick<SmsLimits, 'hourly'>): boolean {
  if (!isCapped(kind) || limits.hourly <= 0) return true;
  return sentLastHour < limits.hourly;
}

/** What a one-time code looks like in a message: a run of 4 to 8 ASCII digits. */
const CODE_DIGITS = /(?<!\d)\d{4,8}(?!\d)/g;
export const CODE_MASK = '••••••';

/** An order confirmation link's token (domain/order-desk.ts): whoever holds it confirms the order. */
const CONFIRM_LINK_TOKEN = /(\/c\/)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/**
 * A message's text with its secrets masked: a code message's codes, and in any message a one-time
 * confirmation link's token. What is kept once it is sent, and what logs and the back office show.
 */
export function maskCodes(kind: string, text: string): string {
  const links = text.replace(CONFIRM_LINK_TOKEN, `$1${CODE_MASK}`);
  return smsClass(kind) === 'code' ? links.replace(CODE_DIGITS, CODE_MASK) : links;
}

/** The message to the owners when the hourly budget is reached (one an hour), in one SMS part. */
export function budgetAlertText(shop: string, limit: number): string {
  return fitOneSms((name) => `${name}: ঘণ্টায় ${limit} এসএমএস-এর সীমা শেষ; কোড ও নোটিশ অপেক্ষায়।`.replace(/^: /, ''), shop);
}
