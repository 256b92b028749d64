/**
 * The hold worker: runs inside each server process (started by server/main.ts, stopped before
 * the database closes) and, every `pollMs`, runs one round of the payments service's
 * `expireHolds`: attempts whose outcome was in doubt are looked up, and online orders left
 * unpaid past PAYMENT_HOLD_MINUTES are settled or cancelled with their stock given back. Each
 * attempt and each order is claimed with a conditional UPDATE, so several processes may run
 * rounds at once without handling anything twice.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { OrderPayments } from '../orders/service';
import type { AttemptStore } from './attempts';
import type { PaymentLog, Settlement } from './settle';
import { UNSETTLED_ATTEMPTS } from '../../domain/payments';

export interface HoldWorkerOptions {
  /** Between rounds; default 30 s (a hold is minutes long). */
  pollMs?: number;
}

interface Log {
  error(obj: object, msg?: string): void;
}

export class HoldWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  readonly pollMs: number;

  constructor(
    private readonly round: (now: number) => Promise<number>,
    private readonly log: () => Log,
    opts: HoldWorkerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 30_000;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the round under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round now (tests pass their own clock): answers how many orders were cancelled. */
  runOnce(now: number = Date.now()): Promise<number> {
    return this.round(now);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.runOnce()
        .catch((error: unknown) => this.log().error({ err: error }, 'payment hold worker: round failed'))
        .finally(() => {
          this.running = null;
          this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref?.();
  }
}

export interface HoldRoundDeps {
  attempts: AttemptStore;
  orders: OrderPayments;
  settlement: Settlement;
  shopName(): Promise<string>;
  log(): PaymentLog;
  nudgeSms(): void;
  /** A claim or a `starting` attempt older than this belongs to a process that died. */
  staleMs: number;
}

/** One round of the hold worker (see the top of this file). */
export function createHoldRounds(db: Kysely<DB>, deps: HoldRoundDeps) {
  const { attempts, log, staleMs } = deps;
  const orderPayments = deps.orders;
  const { lookUp } = deps.settlement;
  const shopNameNow = deps.shopName;
  const nudge = deps.nudgeSms;

  /**
   * The hold worker's round: attempts whose outcome was unknown are looked up; orders whose
   * hold ran out have every attempt looked up (a late payment still pays them) and are
   * cancelled, their stock given back, when none was paid. Answers how many orders it cancelled.
   */
  async function expireHolds(now = Date.now(), limit = 50): Promise<number> {
    for (const a of await attempts.toLookUp(limit)) {
      const claim = await attempts.claim(a.id, ['unknown']);
      if (claim) await lookUp(claim, false);
    }
    let cancelled = 0;
    for (const orderId of await orderPayments.expiredHolds(new Date(now).toISOString(), limit)) {
      if (await releaseOrder(orderId, now)) cancelled += 1;
    }
    return cancelled;
  }

  async function releaseOrder(orderId: number, now: number): Promise<boolean> {
    for (const a of await attempts.ofOrder(orderId)) {
      if (a.status === 'paid' || a.status === 'review') return false;
      // An attempt the gateway never opened cannot have been paid: nothing to ask.
      if (a.gateway_ref === null && a.payment_url === '') {
        if (a.status === 'starting' && Date.parse(a.created_at) < now - staleMs) {
          await db.transaction().execute((trx) => attempts.close(trx, a.id, ['starting'], 'expired', { step: 'hold expired', answer: null, reason: 'Never opened at the gateway.' }));
        } else if (a.status === 'starting') return false;
        continue;
      }
      const claim = await attempts.claim(a.id, ['open', 'unknown', 'failed', 'cancelled', 'expired']);
      if (!claim) return false; // another process is asking about it: the next round decides
      const { status, sure } = await lookUp(claim, true);
      if (!sure || UNSETTLED_ATTEMPTS.includes(status) || status === 'paid' || status === 'review') return false;
    }
    const shopName = await shopNameNow();
    const done = await db.transaction().execute((trx) =>
      orderPayments.cancelUnpaid(trx, orderId, { holdExpiredAt: new Date(now).toISOString(), reason: 'hold_expired', shopName }),
    );
    if (done) {
      log().info({ order: orderId }, 'payments: an unpaid online order was cancelled when its hold ran out');
      nudge();
    }
    return done;
  }

  return expireHolds;
}
