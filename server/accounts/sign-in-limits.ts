/**
 * How sign-in attempts are limited, so guessing stays slow without letting anyone lock the
 * owner out (a plain per-phone block would let ~40 requests an hour keep any account shut):
 *
 * 1. Per phone number *and* client address: 10 attempts in 15 minutes, then 429 for that pair.
 * 2. Per client address: 50 attempts in 15 minutes, whatever the numbers.
 * 3. Per phone number across all addresses, nothing is blocked; it slows down. Failures are
 *    counted for 24 hours. After 10 of them, attempts from addresses the account has not signed
 *    in from are spaced: one such attempt per number every 1 s, then 2 s, 4 s… doubling with
 *    each further failure up to one every 15 minutes; others in between get 429 without the
 *    password being checked. That leaves a distributed guesser about 120 guesses a day.
 *    An address the account signed in from before (its last sign-in or password reset, or a
 *    live session) skips this rule, so the owner with the right password gets in from there
 *    however many addresses an attacker rotates; rules 1 and 2 still bound that address.
 * A successful sign-in or password reset clears the number's counts.
 */
import type { RateLimiter, RateRule } from './rate-limit';
import { TooManyRequests, enforce, waitText } from './rate-limit';

const MIN = 60_000;

export const SIGN_IN_LIMITS = {
  loginPerPhoneAddress: { limit: 10, windowMs: 15 * MIN },
  loginPerAddress: { limit: 50, windowMs: 15 * MIN },
  /** `limit` failures are free; each one past it doubles the spacing (rule 3). */
  loginFailuresPerPhone: { limit: 10, windowMs: 24 * 60 * MIN },
  loginSpacing: { firstMs: 1000, maxMs: 15 * MIN },
} satisfies Record<string, RateRule | { firstMs: number; maxMs: number }>;
export type SignInLimits = typeof SIGN_IN_LIMITS;

/** The spacing rule 3 asks for after `failures` failures across addresses (0: none). */
export function spacingMs(failures: number, limits: Pick<SignInLimits, 'loginFailuresPerPhone' | 'loginSpacing'> = SIGN_IN_LIMITS): number {
  const over = failures - limits.loginFailuresPerPhone.limit;
  if (over < 0) return 0;
  const { firstMs, maxMs } = limits.loginSpacing;
  return Math.min(maxMs, firstMs * 2 ** Math.min(over, 30));
}

const keys = (phone: string, address: string) => ({
  pair: `login:phone-ip:${phone}:${address}`,
  address: `login:ip:${address}`,
  failures: `login:fail:${phone}`,
  spacing: `login:space:${phone}`,
});

export function createSignInLimits(limiter: RateLimiter, limits: SignInLimits) {
  return {
    /** Before the password is checked: throws 429 when this attempt may not be made now. */
    async admit(phone: string, address: string, knownAddress: boolean): Promise<void> {
      const k = keys(phone, address);
      await enforce(
        limiter,
        [
          { key: k.pair, rule: limits.loginPerPhoneAddress },
          { key: k.address, rule: limits.loginPerAddress },
        ],
        'sign-in attempts',
      );
      if (knownAddress) return;
      const wait = spacingMs(await limiter.peek(k.failures, limits.loginFailuresPerPhone), limits);
      if (!wait) return;
      const slot = await limiter.hit(k.spacing, { limit: 1, windowMs: wait });
      if (!slot.allowed) {
        throw new TooManyRequests(`Too many failed sign-ins for this number. Please try again in ${waitText(slot.retryAfter)}.`, slot.retryAfter);
      }
    },

    async failed(phone: string): Promise<void> {
      await limiter.hit(keys(phone, '').failures, limits.loginFailuresPerPhone);
    },

    async succeeded(phone: string, address?: string): Promise<void> {
      const k = keys(phone, address ?? '');
      await Promise.all([limiter.reset(k.failures), limiter.reset(k.spacing), address ? limiter.reset(k.pair) : undefined]);
    },
  };
}
