/**
 * Texted one-time codes (password recovery, back-in-stock requests): made by the operating
 * system's secure generator so they cannot be predicted (ASVS V6.5), stored only as hashes bound
 * to their purpose and subject (equal codes hash differently), compared in constant time.
 */
import crypto from 'node:crypto';

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
