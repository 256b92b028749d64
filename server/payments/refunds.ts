/**
 * Refunds through the gateway that took the money. The amount is first set aside on the order
 * (a conditional UPDATE that never lets refunds exceed what was paid, whoever refunds at the
 * same time), a `pending` row records who asked and why, then the gateway is asked; its answer
 * settles the row and the order's payment status. A refused refund releases the amount, stays
 * recorded as `failed`, and answers 502 with the gateway's message.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, PaymentAttempt } from '../db/schema';
import { HttpError, badRequest, notFound } from '../http/errors';
import type { AuthUser } from '../accounts/sessions';
import type { UserStore } from '../accounts/users';
import { toApiPayment, type ManualRefundInput, type OrderPayments, type WalletPayments } from '../orders/service';
import { WALLET_MESSAGES } from '../../domain/wallet-payments';
import { GatewayError, type PaymentGateway, type RefundResult } from './gateway';
import type { AttemptStore } from './attempts';
import { PAYMENT_MESSAGES, checkRefund, type OnlineGateway, type PaymentStatus } from '../../domain/payments';

export interface RefundDeps {
  orders: OrderPayments;
  attempts: AttemptStore;
  gatewayOf(id: OnlineGateway): PaymentGateway | undefined;
  users: Pick<UserStore, 'namesByIds'>;
  log(): { warn(obj: object, msg?: string): void };
  /** After a rejected review was refunded: the attempt closed and the order cancelled, in the refund's transaction. */
  rejectAttempt(trx: Kysely<DB>, attempt: PaymentAttempt, adminId: number, shopName: string): Promise<void>;
  /** The shop's name for the customer's SMS, read before a transaction. */
  shopName(): Promise<string>;
  nudgeSms(): void;
  /**
   * Refunds made by hand for orders not paid online: the orders module's payments rows
   * (server/orders/wallet-payments.ts); and what a refund naming a return asks of the return.
   */
  manual?: Pick<WalletPayments, 'refund' | 'returnRefunds'>;
}

const nowIso = () => new Date().toISOString();

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createRefunds(db: Kysely<DB>, deps: RefundDeps) {
  async function ofOrder(orderId: number) {
    const rows = await db.selectFrom('payment_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    const names = await deps.users.namesByIds(rows.flatMap((r) => (r.created_by === null ? [] : [r.created_by])));
    return rows.map((r) => ({
      id: r.id,
      attempt: r.attempt_id,
      gateway: r.gateway,
      amount: r.amount,
      reason: r.reason,
      status: r.status,
      reference: r.reference,
      message: r.message,
      created_by: r.created_by,
      created_by_name: r.created_by === null ? null : (names.get(r.created_by) ?? null),
      created_at: r.created_at,
      updated_at: r.updated_at,
      answer: parse(r.answer),
    }));
  }

  /**
   * Refunds `amount` taka (default: all that is left) of an order paid online. With
   * `rejecting`, the refund rejects a payment under review: all of it, and the order is then
   * cancelled.
   */
  /**
   * A refund made by hand (`method`, `transaction_id`) for an order not paid online, recorded as
   * the order's payments row of kind refund; an order paid online answers 400 (its gateway refunds).
   */
  async function manualRefund(admin: AuthUser, orderId: number, input: ManualRefundInput) {
    const order = await deps.orders.get(orderId);
    if (!order) throw notFound('Order not found.');
    if (order.payment_gateway || !deps.manual) throw badRequest(WALLET_MESSAGES.onlineRefundMethod, { method: [WALLET_MESSAGES.onlineRefundMethod] });
    const { payment } = await deps.manual.refund(admin, orderId, input);
    return toApiPayment(payment);
  }

  async function refund(
    admin: AuthUser,
    orderId: number,
    input: { amount?: number | undefined; reason: string; rejecting?: PaymentAttempt; method?: ManualRefundInput['method'] | undefined; transaction_id?: string | undefined; return?: number | undefined },
  ) {
    if (input.method && !input.rejecting) return manualRefund(admin, orderId, { amount: input.amount, reason: input.reason, method: input.method, transaction_id: input.transaction_id, return: input.return });
    const order = await deps.orders.get(orderId);
    if (!order) throw notFound('Order not found.');
    // An order not paid online gives money back by hand: the admin says how (method, transaction id).
    if (!order.payment_gateway && !input.rejecting && deps.manual) throw badRequest(WALLET_MESSAGES.manualRefundMethod, { method: [WALLET_MESSAGES.manualRefundMethod] });
    // Money held for a cancelled order (refund_due) is refunded from review like any paid order.
    const heldForRefund = order.refund_due === 1 || order.status === 'Cancelled';
    const from: PaymentStatus[] = input.rejecting ? ['review'] : heldForRefund ? ['paid', 'review', 'partially_refunded'] : ['paid', 'partially_refunded'];
    if (!order.payment_gateway || !(from.includes(order.payment_status) || (!input.rejecting && order.payment_status === 'refunded'))) {
      throw badRequest(PAYMENT_MESSAGES.notRefundable);
    }
    const attempt =
      input.rejecting ??
      (await deps.attempts.ofOrder(orderId)).filter((a) => (a.status === 'paid' || (heldForRefund && a.status === 'review')) && a.reference === order.payment_reference).pop();
    if (!attempt) throw badRequest(PAYMENT_MESSAGES.notRefundable);
    // A refund naming a return (issue 34) gives back what is left of it unless told otherwise.
    const returnId = input.rejecting ? undefined : input.return;
    const returns = deps.manual?.returnRefunds;
    if (returnId !== undefined && !returns) throw badRequest(PAYMENT_MESSAGES.notRefundable);
    const asked = input.rejecting ? undefined : returnId !== undefined ? await returns!.check(orderId, returnId, input.amount) : input.amount;
    const check = checkRefund(asked, order.paid_amount, order.refunded_amount);
    if (!check.ok) throw badRequest(check.message, { amount: [check.message] });
    const amount = check.amount;

    const refundKey = `R${orderId}-${crypto.randomBytes(5).toString('hex')}`;
    const refundId = await db.transaction().execute(async (trx) => {
      if (!(await deps.orders.reserveRefund(trx, orderId, amount, from))) return null;
      // Set aside on the return too (400, and nothing kept, when another refund took what was left).
      if (returnId !== undefined) await returns!.reserve(trx, { orderId, returnId, amount });
      const now = nowIso();
      const row = await trx
        .insertInto('payment_refunds')
        .values({ order_id: orderId, attempt_id: attempt.id, gateway: attempt.gateway, amount, reason: input.reason, status: 'pending', refund_key: refundKey, created_by: admin.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    // Another refund was set aside meanwhile and this one no longer fits.
    if (refundId === null) {
      const again = await deps.orders.get(orderId);
      const recheck = checkRefund(amount, again?.paid_amount ?? 0, again?.refunded_amount ?? 0);
      const message = recheck.ok ? PAYMENT_MESSAGES.notRefundable : recheck.message;
      throw badRequest(message, { amount: [message] });
    }

    let result: RefundResult;
    const gateway = deps.gatewayOf(attempt.gateway);
    try {
      if (!gateway) throw new GatewayError(`${attempt.gateway} is not configured on this server`, 'refused');
      result = await gateway.refund({ gatewayRef: attempt.gateway_ref ?? '', reference: attempt.reference, amount, reason: input.reason, refundId: refundKey });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      result = { ok: false, message, raw: error instanceof GatewayError ? { error: message, kind: error.kind, raw: error.raw ?? null } : { error: message } };
    }

    const shopName = input.rejecting ? await deps.shopName() : '';
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('payment_refunds')
        .set({
          status: result.ok ? 'succeeded' : 'failed',
          reference: result.ok ? (result.reference ?? '') : '',
          message: result.ok ? '' : (result.message ?? 'refused').slice(0, 500),
          answer: JSON.stringify(result.raw ?? null),
          updated_at: nowIso(),
        })
        .where('id', '=', refundId)
        .execute();
      await deps.orders.settleRefund(trx, orderId, amount, result.ok);
      if (returnId !== undefined) await (result.ok ? returns!.settle(trx, returnId) : returns!.release(trx, { returnId, amount }));
      if (result.ok && input.rejecting) await deps.rejectAttempt(trx, input.rejecting, admin.id, shopName);
    });
    const refunds = await ofOrder(orderId);
    const recorded = refunds.find((r) => r.id === refundId)!;
    if (!result.ok) {
      deps.log().warn({ order: orderId, refund: refundId, err: result.message }, 'payments: the gateway refused a refund');
      throw new HttpError(502, `${PAYMENT_MESSAGES.refundFailed} ${result.message ?? ''}`.trim(), undefined, { refund: recorded });
    }
    if (input.rejecting) deps.nudgeSms();
    return recorded;
  }

  return { refund, ofOrder };
}
