/**
 * Texted one-time codes (password recovery, back-in-stock requests): made by the operating
 * system's secure generator so they cannot be predicted (ASVS V6.5), stored only as hashes bound
 * to their purpose and subject (equal codes hash differently), compared in constant time.
 */
import crypto from 'node:crypto';
import type { RateRule } from './rate-limit';

/** A code lives 10 minutes and allows 5 wrong tries. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_WRONG = 5;

const MIN = 60_000;
/** Per number and per address: at most 3 codes asked for in 15 minutes (10 from one address), and 10 checks (50). */
export const CODE_LIMITS = {
  sendCodePerPhone: { limit: 3, windowMs: 15 * MIN },
  sendCodePerAddress: { limit: 10, windowMs: 15 * MIN },
  checkCodePerPhone: { limit: 10, windowMs: 15 * MIN },
  checkCodePerAddress: { limit: 50, windowMs: 15 * MIN },
} satisfies Record<string, RateRule>;

/** The two counts an attempt to get (`send`) or check a code goes against: its number's and its client address's. */
export function codeChecks(purpose: string, what: 'send' | 'check', phone: string, address: string, limits: typeof CODE_LIMITS): { key: string; rule: RateRule }[] {
  return [
    { key: `${purpose}-${what}:phone:${phone}`, rule: limits[`${what}CodePerPhone`] },
    { key: `${purpose}-${what}:ip:${address}`, rule: limits[`${what}CodePerAddress`] },
  ];
}

export function makeCode(digits: number): string {
  return String(crypto.randomInt(0, 10 ** digits)).padStart(digits, '0');
}

export function hashCode(purpose: string, subject: string | number, code: string): string {
  return crypto.createHash('sha256').update(`${purpose}:${subject}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
