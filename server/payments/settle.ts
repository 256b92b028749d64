/**
 * Settling an attempt once its gateway has been asked: the pure rule `judgeVerdict` decides
 * what the answer means, and one transaction moves the attempt (only while this caller's claim
 * holds) and the order's payment with it, through the orders module's payment face: paid with
 * the "payment received" SMS, review, or failed when no other attempt of the order is open.
 * Also the lookup (the gateway's query, never bKash's execute) shared by the hold worker.
 */
import type { Kysely } from 'kysely';
import type { DB, PaymentAttempt } from '../db/schema';
import type { OrderPayments } from '../orders/service';
import { GatewayError, type GatewayVerdict, type PaymentGateway } from './gateway';
import type { AttemptStore, Claim } from './attempts';
import { UNSETTLED_ATTEMPTS, confirmTakesMoney, judgeVerdict, type AttemptStatus, type OnlineGateway } from '../../domain/payments';

export interface PaymentLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the attempt becomes when the gateway's answer settles nothing yet. */
export interface SettleRules {
  step: string;
  /** The attempt's status when the gateway says the payment is not finished. */
  onOpen: AttemptStatus;
  /** The attempt's status when the gateway could not be asked or its answer not read. */
  onError: AttemptStatus;
  /** The attempt's status when the gateway says it failed (cancelled when the customer cancelled). */
  onFailed: 'failed' | 'cancelled';
  /** What the callback posted, kept with the gateway's answer. */
  posted?: unknown;
}

export interface SettlementDeps {
  attempts: AttemptStore;
  orders: OrderPayments;
  gatewayOf(id: OnlineGateway): PaymentGateway | undefined;
  /** The shop's name for the SMS, read before a transaction (on SQLite it holds the one connection). */
  shopName(): Promise<string>;
  log(): PaymentLog;
  nudgeSms(): void;
  /** How long a caller waits for another process that holds the attempt. */
  waitMs: number;
}

/** A gateway's failure as kept with the attempt: its message (never a secret) and what it answered. */
export function errorAnswer(error: unknown) {
  return error instanceof GatewayError
    ? { error: error.message, kind: error.kind, ...(error.raw !== undefined ? { raw: error.raw } : {}) }
    : { error: String((error as Error)?.message ?? error) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createSettlement(db: Kysely<DB>, deps: SettlementDeps) {
  const { attempts } = deps;
  const orderPayments = deps.orders;
  const log = deps.log;
  const nudge = deps.nudgeSms;
  const shopNameNow = deps.shopName;

  /** Whether any other attempt of the order is still open or being asked about. */
  async function othersUnsettled(trx: Kysely<DB>, orderId: number, attemptId: number): Promise<boolean> {
    const all = await attempts.ofOrder(orderId, trx);
    return all.some((a) => a.id !== attemptId && UNSETTLED_ATTEMPTS.includes(a.status));
  }

  /**
   * Ends a claim with what the gateway said: the attempt's status, and the order's payment
   * with it (paid with the "payment received" SMS, review, or failed when no other attempt of
   * the order is still open). One transaction; answers the attempt's status.
   */
  async function settle(claim: Claim, verdict: GatewayVerdict | null, error: unknown, rules: SettleRules): Promise<AttemptStatus> {
    const attempt = claim.attempt;
    const answers = [
      ...(rules.posted !== undefined ? [{ step: `${rules.step} (posted)`, answer: rules.posted }] : []),
      { step: rules.step, answer: verdict ? verdict.raw : errorAnswer(error) },
    ];
    let status: AttemptStatus;
    let reason = '';
    let reference: string | undefined;
    let judged: ReturnType<typeof judgeVerdict> | null = null;
    if (!verdict) {
      status = rules.onError;
      reason = error instanceof Error ? error.message : 'The gateway could not say what became of the payment.';
    } else {
      judged = judgeVerdict(verdict, { invoice: attempt.invoice, amount: attempt.amount, currency: attempt.currency });
      if (judged.outcome === 'paid' || judged.outcome === 'review') {
        status = judged.outcome;
        reference = judged.reference;
      } else if (judged.outcome === 'failed') {
        status = rules.onFailed;
        reason = judged.reason;
      } else {
        status = rules.onOpen;
        reason = rules.onOpen === 'failed' ? 'The gateway says the payment was not completed.' : '';
      }
    }

    const shopName = await shopNameNow();
    const done = await db.transaction().execute(async (trx) => {
      if (!(await attempts.settle(trx, claim, { status, reference, reason, answers }))) return false;
      const order = { id: attempt.order_id, gateway: attempt.gateway, reference: reference ?? '', amount: attempt.amount, shopName };
      if (status === 'paid') {
        const moved = await orderPayments.markPaid(trx, order);
        if (!moved) log().warn({ order: attempt.order_id, attempt: attempt.id, reference }, 'payments: money taken for an order already paid or refunded; refund this attempt by hand');
        else if (moved !== 'paid') log().warn({ order: attempt.order_id, attempt: attempt.id, reference, outcome: moved }, 'payments: a payment arrived for a cancelled order');
      } else if (status === 'review') {
        await orderPayments.markReview(trx, order);
      } else if ((status === 'failed' || status === 'cancelled' || status === 'expired') && !(await othersUnsettled(trx, attempt.order_id, attempt.id))) {
        await orderPayments.markFailed(trx, attempt.order_id);
      }
      return true;
    });
    if (!done) {
      // The claim was taken over as stale while the gateway was being asked: the new holder decides.
      return (await attempts.byId(attempt.id))?.status ?? status;
    }
    if (status === 'paid') nudge();
    if (judged?.outcome === 'failed' && verdict?.state === 'paid') {
      log().warn({ order: attempt.order_id, attempt: attempt.id, reason: judged.reason }, 'payments: the gateway reported a payment that does not match the attempt');
    }
    return status;
  }

  /** Waits while another process holds the attempt, then answers it as it is. */
  async function waitSettled(id: number): Promise<PaymentAttempt | undefined> {
    const deadline = Date.now() + deps.waitMs;
    for (;;) {
      const a = await attempts.byId(id);
      if (!a || a.status !== 'confirming' || Date.now() > deadline) return a;
      await sleep(100);
    }
  }

  /**
   * Asks the gateway once more (its query, never bKash's execute) and settles what it says.
   * `sure` is false when the gateway could not be asked: the attempt keeps its status.
   */
  async function lookUp(claim: Claim, holdOver: boolean): Promise<{ status: AttemptStatus; sure: boolean }> {
    const a = claim.attempt;
    const gateway = deps.gatewayOf(a.gateway);
    let verdict: GatewayVerdict | null = null;
    let error: unknown = null;
    try {
      if (!gateway) throw new GatewayError(`${a.gateway} is not configured on this server`, 'refused');
      verdict = await gateway.lookup({ gatewayRef: a.gateway_ref ?? '', invoice: a.invoice });
    } catch (e) {
      error = e;
      log().warn({ order: a.order_id, attempt: a.id, err: errorAnswer(e).error }, 'payments: a payment could not be looked up; trying again later');
    }
    // Not finished at the gateway: over when the hold is; a bKash payment whose execute was in
    // doubt and that is still not Completed was never taken (execute is not called again).
    const was = claim.was;
    const onOpen: AttemptStatus =
      was === 'open' ? (holdOver ? 'expired' : 'open')
      : was === 'unknown' ? (confirmTakesMoney(a.gateway) ? 'failed' : holdOver ? 'expired' : 'open')
      : was === 'starting' ? 'expired'
      : was;
    const status = await settle(claim, verdict, error, { step: 'lookup', onOpen, onError: was, onFailed: was === 'cancelled' ? 'cancelled' : 'failed' });
    return { status, sure: verdict !== null };
  }

  return { settle, waitSettled, othersUnsettled, lookUp };
}

export type Settlement = ReturnType<typeof createSettlement>;
