/**
 * The gateways' returns: the browser coming back and the gateway's own notifications. Each
 * gateway judges its returns in its own folder (gateways/<id>/returns.ts) with what this file
 * hands it, a ReturnContext. What a return says is never believed: the attempt is claimed (so
 * a repeated or concurrent return waits for the first one's outcome) and the gateway asked.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { OrderPayments } from '../orders/service';
import { GatewayError, type GatewayVerdict, type PaymentGateway } from './gateway';
import type { AttemptStore } from './attempts';
import { errorAnswer, type PaymentLog, type Settlement } from './settle';
import { canStartPayment, returnOutcome, type OnlineGateway, type ReturnOutcome } from '../../domain/payments';

export interface ReturnResult {
  orderId: number | null;
  outcome: ReturnOutcome;
}

export interface ReturnDeps {
  attempts: AttemptStore;
  orders: OrderPayments;
  settlement: Settlement;
  gatewayOf(id: OnlineGateway): PaymentGateway | undefined;
  log(): PaymentLog;
}

/** What a gateway's return handling works with, for one gateway. */
export interface ReturnContext {
  /** The gateway whose return this is. */
  gateway: OnlineGateway;
  db: Kysely<DB>;
  attempts: AttemptStore;
  settle: Settlement['settle'];
  log(): PaymentLog;
  /**
   * Asks this gateway about an attempt; a gateway not configured here, or one that could not be
   * asked, gives no verdict and the error (logged with `whenFailed`), for `settle` to weigh.
   */
  ask(attempt: { id: number; order_id: number }, call: (gateway: PaymentGateway) => Promise<GatewayVerdict>, whenFailed: string): Promise<{ verdict: GatewayVerdict | null; error: unknown }>;
  /** The order's payment is still wanted: Pending and not paid (a call that takes money must not take it for anything else). */
  stillPayable(orderId: number): Promise<boolean>;
  /** Another request holds the attempt (or settled it already): its outcome, once it has one. */
  outcomeWhenSettled(attemptId: number, orderId: number): Promise<ReturnResult>;
}

export function createReturns(db: Kysely<DB>, deps: ReturnDeps) {
  const { attempts, gatewayOf, log } = deps;
  const { settle, waitSettled } = deps.settlement;

  return {
    contextFor(id: OnlineGateway): ReturnContext {
      return {
        gateway: id,
        db,
        attempts,
        settle,
        log,
        async ask(attempt, call, whenFailed) {
          const gateway = gatewayOf(id);
          try {
            if (!gateway) throw new GatewayError(`${id} is not configured on this server`, 'refused');
            return { verdict: await call(gateway), error: null };
          } catch (error) {
            log().warn({ order: attempt.order_id, attempt: attempt.id, err: errorAnswer(error).error }, whenFailed);
            return { verdict: null, error };
          }
        },
        async stillPayable(orderId) {
          const order = await deps.orders.get(orderId);
          return !!order && canStartPayment(order);
        },
        async outcomeWhenSettled(attemptId, orderId) {
          const now = await waitSettled(attemptId);
          return { orderId, outcome: returnOutcome(now?.status ?? 'failed') };
        },
      };
    },
  };
}
