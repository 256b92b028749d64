/**
 * When a promotion holds, and its start and end as the back office's date-time fields show them:
 * on a Dhaka wall clock.
 */
import type { Promotion } from './promotion-schema';

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
