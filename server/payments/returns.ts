/**
 * The gateways' returns: bKash's callback (the browser) and SSLCommerz's posts (the browser's
 * success, fail and cancel, and its server's IPN). What they say is never believed: the attempt
 * is claimed (so a repeated or concurrent return waits for the first one's outcome) and the
 * gateway asked. bKash's execute takes the money, so it is called once, only for an attempt
 * still open and an order still waiting for it; SSLCommerz's validation only reads, so a real
 * IPN still settles an attempt a forged or early "fail" closed.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { OrderPayments } from '../orders/service';
import { GatewayError, type GatewayVerdict, type PaymentGateway } from './gateway';
import type { AttemptStore } from './attempts';
import { errorAnswer, type PaymentLog, type Settlement } from './settle';
import { canStartPayment, confirmableFrom, returnOutcome, type AttemptStatus, type OnlineGateway, type ReturnOutcome } from '../../domain/payments';

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

export function createReturns(db: Kysely<DB>, deps: ReturnDeps) {
  const { attempts, gatewayOf, log } = deps;
  const orderPayments = deps.orders;
  const { settle, waitSettled } = deps.settlement;

  /**
   * Asks a gateway about an attempt; a gateway not configured here, or one that could not be
   * asked, gives no verdict and the error (logged with `whenFailed`), for `settle` to weigh.
   */
  async function ask(id: OnlineGateway, attempt: { id: number; order_id: number }, call: (gateway: PaymentGateway) => Promise<GatewayVerdict>, whenFailed: string) {
    const gateway = gatewayOf(id);
    try {
      if (!gateway) throw new GatewayError(`${id} is not configured on this server`, 'refused');
      return { verdict: await call(gateway), error: null };
    } catch (error) {
      log().warn({ order: attempt.order_id, attempt: attempt.id, err: errorAnswer(error).error }, whenFailed);
      return { verdict: null, error };
    }
  }

  /** The order's payment is still wanted: Pending and not paid (execute must not take money for anything else). */
  async function stillPayable(orderId: number): Promise<boolean> {
    const order = await orderPayments.get(orderId);
    return !!order && canStartPayment(order);
  }

  /** bKash sent the customer back: `status` is what the customer did, `paymentID` the payment. Nothing is believed before execute. */
  async function bkashCallback(paymentID: string, status: string, posted: unknown): Promise<ReturnResult> {
    const found = paymentID ? await attempts.byRef('bkash_online', paymentID) : undefined;
    if (!found) {
      log().warn({ paymentID: paymentID.slice(0, 64) }, 'payments: a bKash callback for no known payment');
      return { orderId: null, outcome: 'failed' };
    }
    const orderId = found.order_id;
    if (status !== 'success') {
      // Anyone can send the browser here with status=cancel: the attempt closes only when bKash's
      // own query says the payment failed or was cancelled. While bKash still calls it Initiated
      // (a forged or early callback), the attempt stays open for the customer to finish.
      const claim = await attempts.claim(found.id, ['open']);
      if (!claim) {
        const now = await waitSettled(found.id);
        return { orderId, outcome: returnOutcome(now?.status ?? 'failed') };
      }
      const { verdict, error } = await ask('bkash_online', found, (g) => g.lookup({ gatewayRef: found.gateway_ref ?? paymentID, invoice: found.invoice }), 'payments: bKash could not be asked about a cancelled or failed payment; it stays open');
      const to = status === 'cancel' ? 'cancelled' : 'failed';
      const settled = await settle(claim, verdict, error, { step: `callback ${status || 'without status'} (query)`, onOpen: 'open', onError: 'open', onFailed: to, posted });
      return { orderId, outcome: settled === 'open' ? to : returnOutcome(settled) };
    }
    if (found.status === 'open' && !(await stillPayable(orderId))) {
      await db.transaction().execute((trx) =>
        attempts.close(trx, found.id, ['open'], 'cancelled', { step: 'callback success', answer: posted, reason: 'The order was no longer waiting for this payment; it was not executed.' }),
      );
    }
    const claim = await attempts.claim(found.id, confirmableFrom('bkash_online'));
    if (!claim) {
      // Executed already (a repeated callback) or being executed by another request: its outcome.
      const now = await waitSettled(found.id);
      return { orderId, outcome: returnOutcome(now?.status ?? 'failed') };
    }
    const { verdict, error } = await ask('bkash_online', found, (g) => g.confirm(paymentID), 'payments: bKash execute and query both failed; the attempt will be looked up again');
    // Execute is never called twice: a payment bKash does not report Completed now is not paid by
    // this callback; one whose fate is unknown is looked up (query only) by the hold worker.
    const status2 = await settle(claim, verdict, error, { step: 'execute', onOpen: 'failed', onError: 'unknown', onFailed: 'failed', posted });
    return { orderId, outcome: returnOutcome(status2) };
  }

  /**
   * SSLCommerz came back: the browser (`success`, `fail`, `cancel`) or its server (`ipn`), with
   * the fields it posted. With a val_id, the validation API is asked; without, the transaction
   * query. Both the IPN and the browser end at the same attempt status, settled once.
   */
  async function sslcommerzReturn(kind: 'success' | 'fail' | 'cancel' | 'ipn', fields: Record<string, string>): Promise<ReturnResult> {
    const tranId = fields.tran_id ?? '';
    const found = tranId ? await attempts.byInvoice(tranId) : undefined;
    if (!found || found.gateway !== 'sslcommerz') {
      log().warn({ tran_id: tranId.slice(0, 64), kind }, 'payments: an SSLCommerz return for no known attempt');
      return { orderId: null, outcome: kind === 'cancel' ? 'cancelled' : 'failed' };
    }
    const orderId = found.order_id;
    if (found.status === 'paid' || found.status === 'review') return { orderId, outcome: returnOutcome(found.status) };
    const valId = fields.val_id ?? '';
    const checking = kind === 'success' || kind === 'ipn';
    // Without a val_id only the query can say; a browser leaving through fail/cancel closes an attempt still open.
    const from: readonly AttemptStatus[] = checking && valId ? confirmableFrom('sslcommerz') : ['open', 'unknown', 'starting'];
    const claim = await attempts.claim(found.id, from);
    if (!claim) {
      const now = await waitSettled(found.id);
      return { orderId, outcome: returnOutcome(now?.status ?? 'failed') };
    }
    const { verdict, error } = await ask(
      'sslcommerz',
      found,
      (g) => (checking && valId ? g.confirm(valId) : g.lookup({ gatewayRef: found.gateway_ref ?? '', invoice: found.invoice })),
      'payments: SSLCommerz could not be asked about a payment',
    );
    const left = kind === 'fail' || kind === 'cancel';
    // The customer left the gateway's page: an attempt the gateway still calls unfinished is over.
    // A validation that failed keeps the attempt as it was, for the IPN or the worker to settle.
    const onOpen: AttemptStatus = left ? (kind === 'cancel' ? 'cancelled' : 'failed') : claim.was === 'starting' ? 'open' : claim.was;
    const status = await settle(claim, verdict, error, {
      step: checking && valId ? `validation (${kind})` : `query (${kind})`,
      onOpen,
      onError: onOpen,
      onFailed: kind === 'cancel' ? 'cancelled' : 'failed',
      posted: fields,
    });
    return { orderId, outcome: returnOutcome(status) };
  }

  return { bkashCallback, sslcommerzReturn };
}
