/**
 * SSLCommerz's returns: the browser's form posts (`success`, `fail`, `cancel`) and its server's
 * IPN. With a val_id, the validation API is asked; without, the transaction query. SSLCommerz's
 * validation only reads, so a real IPN still settles an attempt a forged or early "fail"
 * closed; the IPN and the browser end at the same attempt status, settled once.
 */
import type { ReturnContext, ReturnResult } from '../../returns';
import { confirmableFrom, returnOutcome, type AttemptStatus } from '../../../../domain/payments';

type SslcommerzReturnKind = 'success' | 'fail' | 'cancel' | 'ipn';

/** SSLCommerz came back (`kind`) with the fields it posted. */
export async function sslcommerzReturn(ctx: ReturnContext, kind: SslcommerzReturnKind, fields: Record<string, string>): Promise<ReturnResult> {
  const { attempts, log } = ctx;
  const tranId = fields.tran_id ?? '';
  const found = tranId ? await attempts.byInvoice(tranId) : undefined;
  if (!found || found.gateway !== ctx.gateway) {
    log().warn({ tran_id: tranId.slice(0, 64), kind }, 'payments: an SSLCommerz return for no known attempt');
    return { orderId: null, outcome: kind === 'cancel' ? 'cancelled' : 'failed' };
  }
  const orderId = found.order_id;
  if (found.status === 'paid' || found.status === 'review') return { orderId, outcome: returnOutcome(found.status) };
  const valId = fields.val_id ?? '';
  const checking = kind === 'success' || kind === 'ipn';
  // Without a val_id only the query can say; a browser leaving through fail/cancel closes an attempt still open.
  const from: readonly AttemptStatus[] = checking && valId ? confirmableFrom(ctx.gateway) : ['open', 'unknown', 'starting'];
  const claim = await attempts.claim(found.id, from);
  if (!claim) return ctx.outcomeWhenSettled(found.id, orderId);
  const { verdict, error } = await ctx.ask(
    found,
    (g) => (checking && valId ? g.confirm(valId) : g.lookup({ gatewayRef: found.gateway_ref ?? '', invoice: found.invoice })),
    'payments: SSLCommerz could not be asked about a payment',
  );
  const left = kind === 'fail' || kind === 'cancel';
  // The customer left the gateway's page: an attempt the gateway still calls unfinished is over.
  // A validation that failed keeps the attempt as it was, for the IPN or the worker to settle.
  const onOpen: AttemptStatus = left ? (kind === 'cancel' ? 'cancelled' : 'failed') : claim.was === 'starting' ? 'open' : claim.was;
  const status = await ctx.settle(claim, verdict, error, {
    step: checking && valId ? `validation (${kind})` : `query (${kind})`,
    onOpen,
    onError: onOpen,
    onFailed: kind === 'cancel' ? 'cancelled' : 'failed',
    posted: fields,
  });
  return { orderId, outcome: returnOutcome(status) };
}
