/**
 * What every courier fake (server/shipments/couriers/<id>/fake.ts) lets a test turn and count:
 * its address, refusals of the next or every booking, a delay before each answer, and how many
 * bookings and status reads it answered. Knobs are plain mutable fields; set them between calls.
 */
import type { LoopbackServer } from './loopback-server';

export interface FakeCourierKnobs {
  /** The base URL, as the courier's `<ID>_BASE_URL`. */
  url: string;
  close(): Promise<void>;
  /** Bookings answered (refused ones included). */
  creates: number;
  statusCalls: number;
  /** The next booking is refused with this message, then the knob clears. */
  failNext: string | null;
  /** Every booking is refused with this message while set. */
  createFails: string | null;
  /** Every answer waits this long first (timeout tests). */
  delayMs: number;
}

/** The knobs at rest, for a fake's starting state. */
export function restingKnobs(server: Pick<LoopbackServer, 'close'>, url: string): FakeCourierKnobs {
  return { url, close: () => server.close(), creates: 0, statusCalls: 0, failNext: null, createFails: null, delayMs: 0 };
}

/** The refusal a booking gets now, if any: `failNext` (used up) before `createFails`. */
export function takeFailure(fake: FakeCourierKnobs): string | null {
  const message = fake.failNext ?? fake.createFails;
  fake.failNext = null;
  return message;
}

/** Waits the `delayMs` knob, on the fake's own timers (closed with it). */
export async function delayed(fake: FakeCourierKnobs, server: Pick<LoopbackServer, 'later'>): Promise<void> {
  if (fake.delayMs > 0) await new Promise<void>((resolve) => server.later(fake.delayMs, resolve));
}
