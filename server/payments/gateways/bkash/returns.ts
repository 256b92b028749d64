/**
 * bKash's callback: the browser comes back to `GET /payment/bkash/callback` with the paymentID
 * and what the customer did (`status`). Nothing is believed before execute. bKash's execute
 * takes the money, so it is called once, only for an attempt still open and an order still
 * waiting for it; a cancel or failure closes the attempt only when bKash's own query says so.
 */
import type { ReturnContext, ReturnResult } from '../../returns';
import { confirmableFrom, returnOutcome } from '../../../../domain/payments';

/** bKash sent the customer back: `status` is what the customer did, `paymentID` the payment. */
export async function bkashCallback(ctx: ReturnContext, paymentID: string, status: string, posted: unknown): Promise<ReturnResult> {
  const { attempts, settle, ask, log } = ctx;
  const found = paymentID ? await attempts.byRef(ctx.gateway, paymentID) : undefined;
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
    if (!claim) return ctx.outcomeWhenSettled(found.id, orderId);
    const { verdict, error } = await ask(found, (g) => g.lookup({ gatewayRef: found.gateway_ref ?? paymentID, invoice: found.invoice }), 'payments: bKash could not be asked about a cancelled or failed payment; it stays open');
    const to = status === 'cancel' ? 'cancelled' : 'failed';
    const settled = await settle(claim, verdict, error, { step: `callback ${status || 'without status'} (query)`, onOpen: 'open', onError: 'open', onFailed: to, posted });
    return { orderId, outcome: settled === 'open' ? to : returnOutcome(settled) };
  }
  if (found.status === 'open' && !(await ctx.stillPayable(orderId))) {
    await ctx.db.transaction().execute((trx) =>
      attempts.close(trx, found.id, ['open'], 'cancelled', { step: 'callback success', answer: posted, reason: 'The order was no longer waiting for this payment; it was not executed.' }),
    );
  }
  const claim = await attempts.claim(found.id, confirmableFrom(ctx.gateway));
  // Executed already (a repeated callback) or being executed by another request: its outcome.
  if (!claim) return ctx.outcomeWhenSettled(found.id, orderId);
  const { verdict, error } = await ask(found, (g) => g.confirm(paymentID), 'payments: bKash execute and query both failed; the attempt will be looked up again');
  // Execute is never called twice: a payment bKash does not report Completed now is not paid by
  // this callback; one whose fate is unknown is looked up (query only) by the hold worker.
  const status2 = await settle(claim, verdict, error, { step: 'execute', onOpen: 'failed', onError: 'unknown', onFailed: 'failed', posted });
  return { orderId, outcome: returnOutcome(status2) };
}
