/**
 * How a courier's webhook checks the secret it presents (couriers/<id>/webhook.ts). A leaf, so
 * plug-ins depend only downward: not on webhooks.ts, which serves the routes and asks the service.
 */
import { timingSafeEqual } from 'node:crypto';

/** Constant-time equality of a presented secret with the configured one; never equal when unset. */
export function sameSecret(presented: string | undefined, expected: string | undefined): boolean {
  if (!expected || presented === undefined) return false;
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  // Compared at equal length, so the time does not tell how much matched.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
}
