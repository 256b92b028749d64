/**
 * Money an order receives or gives back by hand (the order_payments table, migration 0306):
 * the wallet claim checkout records (a bKash/Nagad/Rocket TrxID, `verified` 0), the payment staff
 * record or verify (`POST /api/order/{id}/payments/`), a claim staff reject, and a manual refund
 * for an order not paid online (called by the payments module's refund route).
 *
 * Every change starts by moving (or touching) the order's own row, so on PostgreSQL two staff
 * acting on one order at once take turns, and the order's payment status is then worked out
 * from its money (domain/payments.ts `walletPaymentStatus`) inside the same transaction. Verified
 * money only rises by a conditional UPDATE (`paid_amount − refunded_amount + n <= total`), and a
 * transaction id is used once by a partial unique index, so neither a double click nor two
 * orders naming the same TrxID count the money twice.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, OrderPayment } from '../db/schema';
import { nowIso } from '../db/dialect';
import { applyConfirmation } from './transitions';
import { isUniqueViolation } from '../db/errors';
import { badRequest, conflict, notFound } from '../http/errors';
import type { AuthUser } from '../accounts/sessions';
import type { OrderStatus } from '../../domain/orders';
import { RECORDABLE, canMovePayment, checkRefund, walletPaymentStatus, type PaymentStatus } from '../../domain/payments';
import { WALLET_MESSAGES, amountDue, methodOfField, normalizeTransactionId, type RecordPaymentInput, type StaffPaymentMethod } from '../../domain/wallet-payments';
import { createReturnRefunds } from './returns/refunds';

/**
 * Checkout's wallet claim, inside the order's transaction: the TrxID the customer typed and the
 * amount they say they sent, unverified. Nothing when the option is not a wallet or no id came.
 */
export async function recordClaim(
  trx: Kysely<DB>,
  p: { orderId: number; userId: number; field: string | null; transactionId: string | undefined; amount: number | undefined; now: string },
): Promise<OrderPayment | null> {
  const method = p.field ? methodOfField(p.field) : null;
  const transactionId = normalizeTransactionId(p.transactionId ?? '');
  if (!method || !transactionId) return null;
  return trx
    .insertInto('order_payments')
    .values({ order_id: p.orderId, kind: 'payment', method, transaction_id: transactionId.slice(0, 60), amount: Math.max(0, Math.round(p.amount ?? 0)), verified: 0, created_by: p.userId, created_at: p.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether a checkout with this payment field and transaction id starts `unverified`. */
export function claimsWallet(field: string | null, transactionId: string | undefined): boolean {
  return !!field && !!methodOfField(field) && !!normalizeTransactionId(transactionId ?? '');
}

export interface ManualRefundInput {
  amount?: number | undefined;
  reason: string;
  method: StaffPaymentMethod;
  transaction_id?: string | undefined;
  /** The return this refund is for: it counts toward the return's `refund_amount` (returns/refunds.ts). */
  return?: number | undefined;
}

/**
 * Orders staff may count money for: open ones, and cancelled ones (a customer who sent money for
 * an order cancelled meanwhile is owed it back: the order is flagged `refund_due`).
 */
const TAKES_MONEY: readonly OrderStatus[] = ['Pending', 'Cancelled'];

const duplicate = () => conflict(WALLET_MESSAGES.duplicate, { transaction_id: [WALLET_MESSAGES.duplicate] });

export function createWalletPayments(db: Kysely<DB>) {
  const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) === 1;
  const returnRefunds = createReturnRefunds(db);

  function order(id: number, q: Kysely<DB> = db) {
    return q
      .selectFrom('orders')
      .select(['id', 'status', 'total', 'paid_amount', 'refunded_amount', 'payment_status', 'payment_gateway'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Another verified row of this kind, method and transaction id (on any order). */
  async function used(q: Kysely<DB>, kind: 'payment' | 'refund', method: string, transactionId: string): Promise<boolean> {
    if (!transactionId) return false;
    const row = await q
      .selectFrom('order_payments')
      .select('id')
      .where('kind', '=', kind)
      .where('method', '=', method as StaffPaymentMethod)
      .where('transaction_id', '=', transactionId)
      .where('verified', '=', 1)
      .executeTakeFirst();
    return !!row;
  }

  /**
   * The order's payment status from its money, inside the caller's transaction (the order's row
   * already moved or touched by it, so it is read as this transaction leaves it).
   */
  async function settle(trx: Kysely<DB>, id: number): Promise<PaymentStatus> {
    const o = await order(id, trx);
    if (!o) throw notFound('Order not found.');
    const claims = await trx
      .selectFrom('order_payments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('order_id', '=', id)
      .where('kind', '=', 'payment')
      .where('verified', '=', 0)
      .executeTakeFirstOrThrow();
    const to = walletPaymentStatus(o, Number(claims.n));
    if (to === o.payment_status) return to;
    if (!canMovePayment(o.payment_status, to)) throw conflict(WALLET_MESSAGES.notOpen(o.payment_status), { payment_status: o.payment_status });
    const now = nowIso();
    await trx
      .updateTable('orders')
      .set({ payment_status: to, updated_at: now, ...(to === 'paid' ? { paid_at: now } : {}), ...(to === 'refunded' ? { refund_due: 0 } : {}) })
      .where('id', '=', id)
      .execute();
    return to;
  }

  /** Takes the order's row for this transaction (PostgreSQL: others wait), and reads it. */
  async function touch(trx: Kysely<DB>, id: number) {
    await trx.updateTable('orders').set({ updated_at: nowIso() }).where('id', '=', id).execute();
    return order(id, trx);
  }

  return {
    /** What a refund naming a return asks of it, for the gateway refunds of the payments module too (returns/refunds.ts). */
    returnRefunds,

    /** The payments rows of these orders, oldest first. */
    async ofOrders(ids: number[], q: Kysely<DB> = db): Promise<OrderPayment[]> {
      if (ids.length === 0) return [];
      return q.selectFrom('order_payments').selectAll().where('order_id', 'in', ids).orderBy('id').execute();
    },

    /**
     * Staff found money for an order not paid online: verified, `paid_amount` grows and the
     * status becomes partly paid or paid. The method and transaction id of the order's own
     * unverified claim verify that claim at this amount. 409 for a transaction id already
     * verified (here or on another order), 400 for more than is due.
     */
    async record(admin: AuthUser, orderId: number, input: RecordPaymentInput): Promise<void> {
      const transactionId = input.method === 'cash' ? normalizeTransactionId(input.transaction_id ?? '') : normalizeTransactionId(input.transaction_id);
      const o = await order(orderId);
      if (!o) throw notFound('Order not found.');
      if (o.payment_gateway) throw badRequest(WALLET_MESSAGES.onlineOrder);
      if (await used(db, 'payment', input.method, transactionId)) throw duplicate();
      if (!TAKES_MONEY.includes(o.status) || !RECORDABLE.includes(o.payment_status)) throw conflict(WALLET_MESSAGES.notOpen(!TAKES_MONEY.includes(o.status) ? o.status : o.payment_status));
      const overDue = (due: number) => badRequest(WALLET_MESSAGES.overDue(due), { amount: [WALLET_MESSAGES.overDue(due)] });
      if (input.amount > amountDue(o)) throw overDue(amountDue(o));

      const now = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          const raised = await trx
            .updateTable('orders')
            // Money found for a cancelled order is the customer's: counted, and flagged until refunded.
            .set({ paid_amount: sql`paid_amount + ${input.amount}`, refund_due: sql`case when status = 'Cancelled' then 1 else refund_due end`, updated_at: now })
            .where('id', '=', orderId)
            .where('status', 'in', TAKES_MONEY)
            .where('payment_gateway', 'is', null)
            .where('payment_status', 'in', RECORDABLE)
            .where(sql<boolean>`paid_amount - refunded_amount + ${input.amount} <= total`)
            .executeTakeFirst();
          if (!changed(raised)) {
            // Another payment or a status move got there first.
            const current = await order(orderId, trx);
            if (!current) throw notFound('Order not found.');
            if (TAKES_MONEY.includes(current.status) && RECORDABLE.includes(current.payment_status)) throw overDue(amountDue(current));
            throw conflict(WALLET_MESSAGES.notOpen(!TAKES_MONEY.includes(current.status) ? current.status : current.payment_status));
          }
          const claim = transactionId
            ? await trx
                .selectFrom('order_payments')
                .select('id')
                .where('order_id', '=', orderId)
                .where('kind', '=', 'payment')
                .where('method', '=', input.method)
                .where('transaction_id', '=', transactionId)
                .where('verified', '=', 0)
                .orderBy('id')
                .executeTakeFirst()
            : undefined;
          const verified = { amount: input.amount, verified: 1, verified_by: admin.id, verified_at: now };
          if (claim) {
            const done = await trx.updateTable('order_payments').set(verified).where('id', '=', claim.id).where('verified', '=', 0).executeTakeFirst();
            if (!changed(done)) throw duplicate();
          } else {
            await trx
              .insertInto('order_payments')
              .values({ order_id: orderId, kind: 'payment', method: input.method, transaction_id: transactionId, created_by: admin.id, created_at: now, ...verified })
              .execute();
          }
          await settle(trx, orderId);
          // Verified money confirms the order (issue 33): its first verified payment does; later ones change nothing.
          await applyConfirmation(trx, { id: orderId, method: 'paid' });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    /** Drops a false wallet claim; the status is what the remaining money says. 404 for no such claim, 409 for a verified payment. */
    async reject(orderId: number, paymentId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const o = await touch(trx, orderId);
        if (!o) throw notFound('Order not found.');
        const row = await trx.selectFrom('order_payments').select(['id', 'kind', 'verified']).where('id', '=', paymentId).where('order_id', '=', orderId).executeTakeFirst();
        if (!row || row.kind !== 'payment') throw notFound(WALLET_MESSAGES.claimNotFound);
        if (row.verified === 1) throw conflict(WALLET_MESSAGES.claimVerified);
        const gone = await trx.deleteFrom('order_payments').where('id', '=', paymentId).where('verified', '=', 0).executeTakeFirst();
        if (Number(gone.numDeletedRows) !== 1) throw conflict(WALLET_MESSAGES.claimVerified);
        await settle(trx, orderId);
      });
    },

    /**
     * A refund made by hand (wallet, cash, bank) for an order not paid online: never more than
     * the shop keeps, recorded as a payments row of kind refund; the order becomes refunded or
     * partially refunded. 400 for an order paid online (its gateway refunds it).
     */
    async refund(admin: AuthUser, orderId: number, input: ManualRefundInput): Promise<{ payment: OrderPayment; payment_status: PaymentStatus }> {
      const transactionId = normalizeTransactionId(input.transaction_id ?? '');
      const o = await order(orderId);
      if (!o) throw notFound('Order not found.');
      if (o.payment_gateway) throw badRequest(WALLET_MESSAGES.onlineRefundMethod, { method: [WALLET_MESSAGES.onlineRefundMethod] });
      // A refund naming a return gives back what is left of it unless told otherwise.
      const asked = input.return === undefined ? input.amount : await returnRefunds.check(orderId, input.return, input.amount);
      const check = checkRefund(asked, o.paid_amount, o.refunded_amount);
      if (!check.ok) throw badRequest(check.message, { amount: [check.message] });
      if (await used(db, 'refund', input.method, transactionId)) throw duplicate();
      const amount = check.amount;
      const now = nowIso();
      try {
        return await db.transaction().execute(async (trx) => {
          const reserved = await trx
            .updateTable('orders')
            .set({ refunded_amount: sql`refunded_amount + ${amount}`, updated_at: now })
            .where('id', '=', orderId)
            .where('payment_gateway', 'is', null)
            .where(sql<boolean>`refunded_amount + ${amount} <= paid_amount`)
            .executeTakeFirst();
          if (!changed(reserved)) {
            const again = await order(orderId, trx);
            const recheck = checkRefund(amount, again?.paid_amount ?? 0, again?.refunded_amount ?? 0);
            const message = recheck.ok ? WALLET_MESSAGES.notOpen(again?.payment_status ?? '') : recheck.message;
            throw badRequest(message, { amount: [message] });
          }
          const payment = await trx
            .insertInto('order_payments')
            .values({ order_id: orderId, kind: 'refund', method: input.method, transaction_id: transactionId, amount, verified: 1, reason: input.reason, created_by: admin.id, created_at: now, verified_by: admin.id, verified_at: now })
            .returningAll()
            .executeTakeFirstOrThrow();
          if (input.return !== undefined) {
            await returnRefunds.reserve(trx, { orderId, returnId: input.return, amount });
            await returnRefunds.settle(trx, input.return);
          }
          return { payment, payment_status: await settle(trx, orderId) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },
  };
}

export type WalletPayments = ReturnType<typeof createWalletPayments>;
