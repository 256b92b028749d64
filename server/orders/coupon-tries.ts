/**
 * Coupon guessing (issue 30, item 6). The cart's quote (`POST /api/cart/quote/`, open to anyone)
 * and checkout both try a code; without a limit a script could walk through codes. Every distinct
 * code a client tries is counted, before it is looked at, per client address and per customer,
 * once an hour (the cart asks again with the same code whenever a line changes); past the limit
 * every try answers 429 with Retry-After until the hour's window ends, a good code too, so the
 * answer tells nothing. The count is taken before the code is checked, by the limiter's atomic
 * hit, so many tries sent at once are refused past the limit too (a read before and a count after
 * let 200 parallel tries through on PostgreSQL). Unknown, expired and used-up codes share one
 * message (domain/promotions.ts). Counted in the shared rate limiter (database or Redis).
 */
import crypto from 'node:crypto';
import { HttpError } from '../http/errors';
import { TooManyRequests, type RateLimiter, type RateRule } from '../accounts/rate-limit';
import { PROMOTION_MESSAGES, couponMessage, normalizeCode, type CouponProblem, type Promotion } from '../../domain/promotions';

const HOUR_MS = 3600_000;

/**
 * Distinct codes an hour. An address is wider than a customer: mobile carriers put many phones
 * behind one address (CGNAT), and a published code counts once however many try it.
 * docs/security.md (Coupons) says how long a code must be.
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

/** Checkout's refusal of a coupon (400, the message under `coupon`), with the problem it had. */
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
    /**
     * Before a code is looked at: counts it (once an hour per code) against this address and
     * customer, and answers 429 when either has tried its limit of codes.
     */
    async admit(who: CouponCaller, code: string): Promise<void> {
      const seen = digest(normalizeCode(code));
      for (const { key, rule } of counters(who)) {
        const codeKey = `${key}:${seen}`;
        const first = (await limiter.hit(codeKey, rule)).count === 1;
        const now = first ? await limiter.hit(key, rule) : { allowed: (await limiter.peek(key, rule)) <= rule.limit, retryAfter: 0 };
        if (now.allowed) continue;
        // A refused code was not looked at: it must not be free to try once the window turns.
        if (first) await limiter.reset(codeKey);
        // Over: one more hit tells when the window ends (a repeat did not count one).
        const { retryAfter } = first ? now : await limiter.hit(key, rule);
        throw new TooManyRequests(PROMOTION_MESSAGES.tooManyCodes(Math.ceil(retryAfter / 60)), retryAfter);
      }
    },
  };
}

export type CouponTries = ReturnType<typeof createCouponTries>;
