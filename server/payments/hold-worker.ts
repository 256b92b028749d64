/**
 * The hold worker's round (run every `pollMs` by server/jobs/interval-worker.ts in each server
 * process): attempts whose outcome was in doubt are looked up, and online orders left
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
