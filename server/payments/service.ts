/**
 * Paying orders online (services.payments): opening a payment at the order's gateway (at
 * checkout and when the customer pays again), an admin's review of a risky payment and the
 * back office's view of attempts and refunds, composed with the gateways' returns (returns.ts),
 * settling an attempt (settle.ts), refunds (refunds.ts) and the hold worker that cancels orders
 * left unpaid (hold-worker.ts). Attempts are claimed before a gateway is asked (attempts.ts).
 *
 * Nothing a callback says is believed: the gateway is asked (its confirm or lookup, each
 * gateway's return handling in gateways/<id>/returns.ts) and the pure rule `judgeVerdict` decides whether its answer pays the
 * attempt. The order's payment columns belong to the orders module and move only through
 * `orders.payments`, inside the same transaction as the attempt they follow from.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { timestampParam } from '../db/dialect';
import { HttpError, conflict, notFound } from '../http/errors';
import type { AuthUser } from '../accounts/sessions';
import type { UserStore } from '../accounts/users';
import type { SettingsService } from '../settings/service';
import type { OrderService, PaymentOrder } from '../orders/service';
import { GatewayError, type PaymentGateway, type ReturnUrls } from './gateway';
import { GATEWAY_PLUGINS, type Gateways } from './gateways';
import { createAttemptStore, newInvoice, parseAnswers } from './attempts';
import { createSettlement, errorAnswer, type PaymentLog } from './settle';
import { createReturns, type ReturnContext, type ReturnResult } from './returns';
import { createRefunds } from './refunds';
import { createHoldRounds, type HoldWorkerOptions } from './hold-worker';
import { IntervalWorker } from '../jobs/interval-worker';
import { MAX_ATTEMPTS_PER_ORDER, PAYMENT_MESSAGES, canStartPayment, holdUntil, type OnlineGateway } from '../../domain/payments';

export type { PaymentLog } from './settle';
export type { ReturnResult } from './returns';

const silentLog: PaymentLog = { info: () => {}, warn: () => {}, error: () => {} };

export interface PaymentDeps {
  dialect: DialectName;
  orders: OrderService;
  settings: SettingsService;
  users: Pick<UserStore, 'namesByIds'>;
  gateways: Gateways;
  /** PUBLIC_URL's origin: every URL given to a gateway and every redirect is built on it. */
  publicUrl: string;
  paymentHoldMinutes: number;
  /** The SMS worker is told after a commit that queued a message. */
  nudgeSms?: () => void;
  log?: PaymentLog;
  worker?: HoldWorkerOptions;
  /** A claim older than this is taken over (its process died mid-call); default two minutes. */
  staleClaimMs?: number;
  /** How long a callback waits for another process that holds the attempt; default 15 s. */
  waitMs?: number;
}

export function createPaymentService(db: Kysely<DB>, deps: PaymentDeps) {
  const log = () => deps.log ?? silentLog;
  const staleMs = deps.staleClaimMs ?? 120_000;
  const attempts = createAttemptStore(db, deps.dialect, { staleMs });
  const orderPayments = deps.orders.payments;
  const nudge = () => deps.nudgeSms?.();

  const shopNameNow = async () => (await deps.settings.get()).shop_name;

  function gatewayOf(id: OnlineGateway): PaymentGateway | undefined {
    return deps.gateways[id];
  }

  const settlement = createSettlement(db, { attempts, orders: orderPayments, gatewayOf, shopName: shopNameNow, log, nudgeSms: nudge, waitMs: deps.waitMs ?? 15_000 });
  const { othersUnsettled } = settlement;
  const returns = createReturns(db, { attempts, orders: orderPayments, settlement, gatewayOf, log });

  /** A return or IPN of one gateway, judged by the gateway's own code (gateways/<id>/returns.ts). */
  function handleReturn(id: OnlineGateway, run: (ctx: ReturnContext) => Promise<ReturnResult>): Promise<ReturnResult> {
    return run(returns.contextFor(id));
  }

  /** Every gateway's return addresses: each gateway reads its own. */
  const urls = () => Object.assign({}, ...GATEWAY_PLUGINS.map((plugin) => plugin.returnUrls(deps.publicUrl))) as ReturnUrls;

  /** Where the customer is sent back to: the order page with the outcome. */
  function returnUrl(r: ReturnResult): string {
    const q = new URLSearchParams();
    if (r.orderId !== null) q.set('order', String(r.orderId));
    q.set('payment', r.outcome);
    return `${deps.publicUrl}/order?${q}`;
  }

  /**
   * Opens a payment for an order paid online: a new attempt with its own invoice, the order's
   * payment pending and its hold renewed, then the gateway asked for its page. With `reuse`
   * (a repeated checkout), an attempt still open is answered instead of opening another.
   */
  async function begin(orderId: number, opts: { reuse?: boolean } = {}): Promise<{ payment_url: string }> {
    const order = await orderPayments.get(orderId);
    if (!order) throw notFound('Order not found.');
    if (!order.payment_gateway) throw new HttpError(400, PAYMENT_MESSAGES.notOnline);
    if (!canStartPayment(order)) throw conflict(PAYMENT_MESSAGES.notPayable, { payment_status: order.payment_status, order_status: order.status });
    const earlier = await attempts.ofOrder(orderId);
    if (opts.reuse) {
      const open = earlier.filter((a) => a.status === 'open' && a.payment_url).pop();
      if (open) return { payment_url: open.payment_url };
    }
    if (earlier.length >= MAX_ATTEMPTS_PER_ORDER) throw new HttpError(429, PAYMENT_MESSAGES.tooManyAttempts);
    const gatewayId = order.payment_gateway;
    const invoice = newInvoice(orderId);
    // Paying again renews the hold, never past MAX_HOLD_MINUTES from checkout.
    const until = holdUntil(order.created_at, Date.now(), deps.paymentHoldMinutes);
    if (until === null) throw conflict(PAYMENT_MESSAGES.holdOver, { payment_status: order.payment_status, order_status: order.status });
    const attemptId = await db.transaction().execute(async (trx) => {
      if (!(await orderPayments.startAttempt(trx, orderId, until))) return null;
      return attempts.insert(trx, { order_id: orderId, gateway: gatewayId, invoice, amount: order.total });
    });
    if (attemptId === null) throw conflict(PAYMENT_MESSAGES.notPayable);

    const gateway = gatewayOf(gatewayId);
    try {
      if (!gateway) throw new GatewayError(`${gatewayId} is not configured on this server`, 'refused');
      const started = await gateway.start({
        invoice,
        amount: order.total,
        customer: await customerOf(order),
        urls: urls(),
        productName: `Order #${orderId}`,
      });
      await attempts.opened(attemptId, { gatewayRef: started.gatewayRef, paymentUrl: started.paymentUrl, answer: started.raw });
      return { payment_url: started.paymentUrl };
    } catch (error) {
      log().warn({ order: orderId, attempt: attemptId, gateway: gatewayId, err: errorAnswer(error).error }, 'payments: the gateway did not open the payment');
      await db.transaction().execute(async (trx) => {
        await attempts.startFailed(trx, attemptId, errorAnswer(error).error, errorAnswer(error));
        if (!(await othersUnsettled(trx, orderId, attemptId))) await orderPayments.markFailed(trx, orderId);
      });
      throw new HttpError(502, PAYMENT_MESSAGES.startFailed, undefined, { order_id: orderId });
    }
  }

  async function customerOf(order: PaymentOrder) {
    const settings = await deps.settings.get();
    return {
      name: order.name || 'Customer',
      phone: order.phone_number,
      // SSLCommerz requires an e-mail address; the shop's own stands in when the customer gave none.
      email: order.email || settings.email || 'customer@haat.example',
      address: [order.delivery_address, order.upazila_thana].filter(Boolean).join(', '),
      city: order.district,
    };
  }

  /** The customer pays again for their own unpaid online order: a new attempt, its gateway page. */
  async function payAgain(user: AuthUser, orderId: number): Promise<{ status: 200; order_id: number; payment_url: string }> {
    const order = await orderPayments.get(orderId);
    if (!order || order.user_id !== user.id) throw notFound('Order not found.');
    const { payment_url } = await begin(orderId);
    return { status: 200, order_id: orderId, payment_url };
  }

  /** An admin accepts a payment under review (paid, with the SMS) or rejects it (refunded in full, the order cancelled). */
  async function review(admin: AuthUser, orderId: number, accept: boolean) {
    const order = await orderPayments.get(orderId);
    if (!order) throw notFound('Order not found.');
    const attempt = (await attempts.ofOrder(orderId)).filter((a) => a.status === 'review').pop();
    // Money held for an order cancelled before it arrived (or cancelled by staff while the money
    // waited for review) cannot be accepted: only a refund clears it.
    if (order.refund_due || (order.status === 'Cancelled' && order.payment_status === 'review')) {
      if (accept) throw conflict(PAYMENT_MESSAGES.refundDue, { payment_status: order.payment_status, refund_due: true });
      await refunds.refund(admin, orderId, { reason: 'Payment arrived for a cancelled order' });
      return deps.orders.getOrder(admin, orderId);
    }
    if (order.payment_status !== 'review' || !attempt) throw conflict(PAYMENT_MESSAGES.notInReview, { payment_status: order.payment_status });
    if (accept) {
      const shopName = await shopNameNow();
      await db.transaction().execute(async (trx) => {
        if (!(await attempts.close(trx, attempt.id, ['review'], 'paid', { step: 'review', answer: { accepted_by: admin.id } }))) throw conflict(PAYMENT_MESSAGES.notInReview);
        // Cancelled (or paid by another attempt) since it was read: nothing is accepted, nothing closed.
        if ((await orderPayments.markPaid(trx, { id: orderId, gateway: attempt.gateway, reference: attempt.reference, amount: attempt.amount, shopName })) !== 'paid') {
          throw conflict(PAYMENT_MESSAGES.notInReview);
        }
      });
      nudge();
    } else {
      await refunds.refund(admin, orderId, { reason: 'Payment rejected on review', rejecting: attempt });
    }
    return deps.orders.getOrder(admin, orderId);
  }

  /** The back office's view of an order's attempts, with every gateway answer, and its refunds. */
  async function details(orderId: number) {
    const rows = await attempts.ofOrder(orderId);
    return {
      payment_attempts: rows.map((a) => ({
        id: a.id,
        gateway: a.gateway,
        invoice: a.invoice,
        gateway_ref: a.gateway_ref,
        amount: a.amount,
        currency: a.currency,
        status: a.status,
        reference: a.reference,
        failure_reason: a.failure_reason,
        created_at: a.created_at,
        updated_at: a.updated_at,
        answers: parseAnswers(a.answers),
      })),
      refunds: await refunds.ofOrder(orderId),
    };
  }

  const refunds = createRefunds(db, {
    orders: orderPayments,
    attempts,
    gatewayOf,
    users: deps.users,
    log,
    shopName: shopNameNow,
    rejectAttempt: async (trx, attempt, adminId, shopName) => {
      await attempts.close(trx, attempt.id, ['review'], 'failed', { step: 'review', answer: { rejected_by: adminId }, reason: 'Rejected on review and refunded.' });
      await orderPayments.cancelUnpaid(trx, attempt.order_id, { reason: 'payment_rejected', shopName });
    },
    nudgeSms: nudge,
    manual: deps.orders.wallet,
  });

  const expireHolds = createHoldRounds(db, { attempts, orders: orderPayments, settlement, shopName: shopNameNow, log, nudgeSms: nudge, staleMs });
  // One process's round at a time (server/jobs/exclusive.ts): the others would ask the gateways about the same attempts.
  const worker = new IntervalWorker('payment hold worker', (now) => expireHolds(now), log, deps.worker?.pollMs ?? 30_000, { exclusive: { db, dialect: deps.dialect } });

  return {
    begin,
    payAgain,
    handleReturn,
    returnUrl,
    review,
    refund: refunds.refund,
    details,
    worker,
    /** Payment attempts by status, for /metrics (the payment_attempts_status index answers it). */
    async countAttemptsByStatus(): Promise<Record<string, number>> {
      const rows = await db.selectFrom('payment_attempts').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
    /** Gateway refunds that went through, asked for from start to end (the reports' refunds, server/reports). */
    async refundsMade(range: { start: string; end: string }): Promise<{ order_id: number; amount: number; at: string }[]> {
      const rows = await db
        .selectFrom('payment_refunds')
        .select(['order_id', 'amount', 'created_at'])
        .where('status', '=', 'succeeded')
        .where('created_at', '>=', timestampParam(deps.dialect, range.start))
        .where('created_at', '<', timestampParam(deps.dialect, range.end))
        .execute();
      return rows.map((r) => ({ order_id: r.order_id, amount: Number(r.amount), at: r.created_at }));
    },
    /** The ids of the gateways configured on this server. */
    gatewayIds: (): OnlineGateway[] => (Object.keys(deps.gateways) as OnlineGateway[]).filter((id) => !!deps.gateways[id]),
    start(logger?: PaymentLog) {
      if (logger) deps.log = logger;
      worker.start();
    },
    stop: () => worker.stop(),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
