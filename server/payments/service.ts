/**
 * Paying orders online (services.payments): opening a payment at the order's gateway (at
 * checkout and when the customer pays again), settling it when the customer or the gateway's
 * server comes back, an admin's review of a risky payment, refunds (refunds.ts) and the hold
 * worker that cancels orders left unpaid (hold-worker.ts).
 *
 * Nothing a callback says is believed: the gateway is asked (bKash execute/query, SSLCommerz
 * validation/query) and the pure rule `judgeVerdict` decides whether its answer pays the
 * attempt. The order's payment columns belong to the orders module and move only through
 * `orders.payments`, inside the same transaction as the attempt they follow from.
 */
import type { Kysely } from 'kysely';
import type { DB, PaymentAttempt } from '../db/schema';
import type { DialectName } from '../db/database';
import { HttpError, conflict, notFound } from '../http/errors';
import type { AuthUser } from '../accounts/sessions';
import type { UserStore } from '../accounts/users';
import type { SettingsService } from '../settings/service';
import type { OrderService, PaymentOrder } from '../orders/service';
import { GatewayError, type GatewayVerdict, type PaymentGateway } from './gateway';
import type { Gateways } from './gateways';
import { createAttemptStore, newInvoice, parseAnswers, type Claim } from './attempts';
import { createRefunds } from './refunds';
import { HoldWorker, type HoldWorkerOptions } from './hold-worker';
import {
  MAX_ATTEMPTS_PER_ORDER,
  PAYMENT_MESSAGES,
  UNSETTLED_ATTEMPTS,
  canStartPayment,
  confirmTakesMoney,
  confirmableFrom,
  judgeVerdict,
  returnOutcome,
  type AttemptStatus,
  type OnlineGateway,
  type ReturnOutcome,
} from '../../domain/payments';

export interface PaymentLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

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

export interface ReturnResult {
  orderId: number | null;
  outcome: ReturnOutcome;
}

/** What a callback or the worker decides when the gateway's answer settles nothing yet. */
interface SettleRules {
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  const urls = () => ({
    callback: `${deps.publicUrl}/payment/bkash/callback`,
    success: `${deps.publicUrl}/payment/sslcommerz/success`,
    fail: `${deps.publicUrl}/payment/sslcommerz/fail`,
    cancel: `${deps.publicUrl}/payment/sslcommerz/cancel`,
    ipn: `${deps.publicUrl}/payment/sslcommerz/ipn`,
  });

  /** Where the customer is sent back to: the order page with the outcome. */
  function returnUrl(r: ReturnResult): string {
    const q = new URLSearchParams();
    if (r.orderId !== null) q.set('order', String(r.orderId));
    q.set('payment', r.outcome);
    return `${deps.publicUrl}/order?${q}`;
  }

  const errorAnswer = (error: unknown) =>
    error instanceof GatewayError ? { error: error.message, kind: error.kind, ...(error.raw !== undefined ? { raw: error.raw } : {}) } : { error: String((error as Error)?.message ?? error) };

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

    // Read before the transaction: on SQLite the transaction holds the only connection.
    const shopName = await shopNameNow();
    const done = await db.transaction().execute(async (trx) => {
      if (!(await attempts.settle(trx, claim, { status, reference, reason, answers }))) return false;
      const order = { id: attempt.order_id, gateway: attempt.gateway, reference: reference ?? '', amount: attempt.amount, shopName };
      if (status === 'paid') {
        const moved = await orderPayments.markPaid(trx, order);
        if (!moved) log().warn({ order: attempt.order_id, attempt: attempt.id, reference }, 'payments: money taken for an order already paid or refunded; refund this attempt by hand');
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

  /** Waits while another process holds the attempt, then answers its status. */
  async function waitSettled(id: number): Promise<PaymentAttempt | undefined> {
    const deadline = Date.now() + (deps.waitMs ?? 15_000);
    for (;;) {
      const a = await attempts.byId(id);
      if (!a || a.status !== 'confirming' || Date.now() > deadline) return a;
      await sleep(100);
    }
  }

  /** The order's payment is still wanted: Pending and not paid (execute must not take money for anything else). */
  async function stillPayable(orderId: number): Promise<boolean> {
    const order = await orderPayments.get(orderId);
    return !!order && canStartPayment(order);
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
    const holdUntil = new Date(Date.now() + deps.paymentHoldMinutes * 60_000).toISOString();
    const attemptId = await db.transaction().execute(async (trx) => {
      if (!(await orderPayments.startAttempt(trx, orderId, holdUntil))) return null;
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

  /** bKash sent the customer back: `status` is what the customer did, `paymentID` the payment. Nothing is believed before execute. */
  async function bkashCallback(paymentID: string, status: string, posted: unknown): Promise<ReturnResult> {
    const found = paymentID ? await attempts.byRef('bkash_online', paymentID) : undefined;
    if (!found) {
      log().warn({ paymentID: paymentID.slice(0, 64) }, 'payments: a bKash callback for no known payment');
      return { orderId: null, outcome: 'failed' };
    }
    const orderId = found.order_id;
    if (status !== 'success') {
      // No money moves at bKash without execute, so a cancel or failure closes the attempt as it is.
      const to = status === 'cancel' ? 'cancelled' : 'failed';
      await db.transaction().execute(async (trx) => {
        if (await attempts.close(trx, found.id, ['open'], to, { step: `callback ${status || 'without status'}`, answer: posted, reason: `bKash: the customer's payment ended with "${status}"` })) {
          if (!(await othersUnsettled(trx, orderId, found.id))) await orderPayments.markFailed(trx, orderId);
        }
      });
      const now = await waitSettled(found.id);
      return { orderId, outcome: returnOutcome(now?.status ?? to) };
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
    const gateway = gatewayOf('bkash_online');
    let verdict: GatewayVerdict | null = null;
    let error: unknown = null;
    try {
      if (!gateway) throw new GatewayError('bkash_online is not configured on this server', 'refused');
      verdict = await gateway.confirm(paymentID);
    } catch (e) {
      error = e;
      log().warn({ order: orderId, attempt: found.id, err: errorAnswer(e).error }, 'payments: bKash execute and query both failed; the attempt will be looked up again');
    }
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
    const gateway = gatewayOf('sslcommerz');
    let verdict: GatewayVerdict | null = null;
    let error: unknown = null;
    try {
      if (!gateway) throw new GatewayError('sslcommerz is not configured on this server', 'refused');
      verdict = checking && valId ? await gateway.confirm(valId) : await gateway.lookup({ gatewayRef: found.gateway_ref ?? '', invoice: found.invoice });
    } catch (e) {
      error = e;
      log().warn({ order: orderId, attempt: found.id, err: errorAnswer(e).error }, 'payments: SSLCommerz could not be asked about a payment');
    }
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
    if (order.payment_status !== 'review' || !attempt) throw conflict(PAYMENT_MESSAGES.notInReview, { payment_status: order.payment_status });
    if (accept) {
      const shopName = await shopNameNow();
      await db.transaction().execute(async (trx) => {
        if (!(await attempts.close(trx, attempt.id, ['review'], 'paid', { step: 'review', answer: { accepted_by: admin.id } }))) throw conflict(PAYMENT_MESSAGES.notInReview);
        await orderPayments.markPaid(trx, { id: orderId, gateway: attempt.gateway, reference: attempt.reference, amount: attempt.amount, shopName });
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
      await orderPayments.cancelUnpaid(trx, attempt.order_id, { paymentStatuses: ['refunded'], reason: 'payment_rejected', shopName });
    },
    nudgeSms: nudge,
  });

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

  /**
   * Asks the gateway once more (its query, never bKash's execute) and settles what it says.
   * `sure` is false when the gateway could not be asked: the attempt keeps its status.
   */
  async function lookUp(claim: Claim, holdOver: boolean): Promise<{ status: AttemptStatus; sure: boolean }> {
    const a = claim.attempt;
    const gateway = gatewayOf(a.gateway);
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

  const worker = new HoldWorker((now) => expireHolds(now), log, deps.worker);

  return {
    begin,
    payAgain,
    bkashCallback,
    sslcommerzReturn,
    returnUrl,
    review,
    refund: refunds.refund,
    details,
    worker,
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
