/**
 * Coupon guessing (issue 30, item 6). The cart's quote (`POST /api/cart/quote/`, open to anyone)
 * and checkout both try a code; without a limit a script could walk through codes. Codes that
 * fail as a guess would (unknown, not started, expired, used up: `isGuessFailure`, one message
 * for all four) are counted per client address and per customer, each distinct code once an
 * hour (the cart asks again with the same code whenever a line changes); past the limit every
 * try of a code answers 429 with Retry-After until the hour's window ends, a good code too, so
 * the answer tells nothing. Counted in the shared rate limiter (database or Redis).
 */
import crypto from 'node:crypto';
import { HttpError } from '../http/errors';
import { TooManyRequests, type RateLimiter, type RateRule } from '../accounts/rate-limit';
import { PROMOTION_MESSAGES, couponMessage, isGuessFailure, normalizeCode, type CouponProblem, type Promotion } from '../../domain/promotions';

const HOUR_MS = 3600_000;

/**
 * Failed codes an hour. An address is wider than a customer: mobile carriers put many phones
 * behind one address (CGNAT). The README's Security section says how long a code must be.
 */
export const COUPON_TRY_LIMITS = {
  perAddress: { limit: 30, windowMs: HOUR_MS },
  perCustomer: { limit: 10, windowMs: HOUR_MS },
} satisfies Record<string, RateRule>;
export type CouponTryLimits = typeof COUPON_TRY_LIMITS;

/** Who is trying a code: the client address (clientAddress) and the signed-in customer, if any. */
export interface CouponCaller {
  ip?: string | undefined;
  userId?: number | null | undefined;
}

/** Checkout's refusal of a coupon (400, the message under `coupon`), with the problem kept for counting. */
export class CouponRefused extends HttpError {
  constructor(
    readonly problem: CouponProblem,
    coupon?: Pick<Promotion, 'min_subtotal'>,
  ) {
    const message = couponMessage(problem, coupon);
    super(400, message, { coupon: [message] });
  }
}

/** The code a request body carries, normalised; null when none. */
export function couponOf(body: unknown): string | null {
  const code = body && typeof body === 'object' ? (body as { coupon?: unknown }).coupon : undefined;
  return typeof code === 'string' && code.trim() ? normalizeCode(code) : null;
}

/** A short, fixed-size stand-in for a code in a rate-limit key (codes are not kept in the table). */
const digest = (code: string) => crypto.createHash('sha256').update(code).digest('base64url').slice(0, 16);

export function createCouponTries(limiter: RateLimiter, limits: CouponTryLimits = COUPON_TRY_LIMITS) {
  const counters = (who: CouponCaller) => [
    { key: `coupon-fail:ip:${who.ip || 'unknown'}`, rule: limits.perAddress },
    ...(who.userId ? [{ key: `coupon-fail:user:${who.userId}`, rule: limits.perCustomer }] : []),
  ];

  return {
    /** Before a code is looked at: 429 once this address or customer has used up its failed tries. */
    async admit(who: CouponCaller): Promise<void> {
      for (const { key, rule } of counters(who)) {
        if ((await limiter.peek(key, rule)) < rule.limit) continue;
        // Over already: one more hit changes nothing and tells when the window ends.
        const { retryAfter } = await limiter.hit(key, rule);
        throw new TooManyRequests(PROMOTION_MESSAGES.tooManyCodes(Math.ceil(retryAfter / 60)), retryAfter);
      }
    },

    /** After a code failed: counts it once per hour against the address and the customer, when it is a guess's failure. */
    async failed(who: CouponCaller, code: string, problem: CouponProblem): Promise<void> {
      if (!isGuessFailure(problem)) return;
      const seen = digest(normalizeCode(code));
      for (const { key, rule } of counters(who)) {
        const first = await limiter.hit(`${key}:${seen}`, rule);
        if (first.count === 1) await limiter.hit(key, rule);
      }
    },
  };
}

export type CouponTries = ReturnType<typeof createCouponTries>;
