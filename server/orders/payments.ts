/**
 * The orders module's face to the payments module: an order's payment columns are the orders
 * module's, so the payments module reads and moves them only through these functions, inside
 * its own transaction where a move belongs with its attempt. Every move is a conditional UPDATE
 * (`WHERE payment_status IN (…)`), so two processes settling the same payment change the order
 * once, and the "payment received" SMS goes out once. The shop's name for the SMS is read by the
 * caller before its transaction (on SQLite the transaction holds the one connection).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso, timestampParam } from '../db/dialect';
import type { DialectName } from '../db/database';
import type { CatalogService } from '../catalog/service';
import type { PromotionService } from '../promotions/service';
import { enqueueSms } from '../notifications/outbox';
import { createLatePayments, type PaidOutcome, type PaymentMove } from './late-payments';
import { applyConfirmation, applyOrderMove } from './transitions';

export type { PaidOutcome, PaymentMove } from './late-payments';
import { PAYABLE, paymentStatusesBefore, statusAfterRefund, type OnlineGateway, type PaymentStatus } from '../../domain/payments';

/** What the payments module needs to know of an order. */
export interface PaymentOrder {
  id: number;
  user_id: number | null;
  status: string;
  total: number;
  name: string;
  phone_number: string;
  email: string;
  district: string;
  upazila_thana: string;
  delivery_address: string;
  payment_status: PaymentStatus;
  payment_gateway: OnlineGateway | null;
  payment_reference: string;
  paid_amount: number;
  refunded_amount: number;
  paid_at: string | null;
  payment_hold_until: string | null;
  /** 1 while money that arrived for a cancelled order waits to be refunded. */
  refund_due: number;
  created_at: string;
}

export interface OrderPaymentsDeps {
  dialect: DialectName;
  stock: CatalogService['stock'];
  /** A cancelled order gives its promotion uses back; one reopened by a late payment takes them again. */
  promotions?: Pick<PromotionService, 'release' | 'retake'> | undefined;
  /** The staff's phones for money alerts, read with the caller's transaction. */
  users?: { staffPhones(q: Kysely<DB>): Promise<string[]> } | undefined;
}

const REFUNDED_OR_PAID: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

const COLUMNS = [
  'id', 'user_id', 'status', 'total', 'name', 'phone_number', 'email', 'district', 'upazila_thana', 'delivery_address',
  'payment_status', 'payment_gateway', 'payment_reference', 'paid_amount', 'refunded_amount', 'paid_at', 'payment_hold_until', 'refund_due', 'created_at',
] as const;

export function createOrderPayments(db: Kysely<DB>, deps: OrderPaymentsDeps) {
  const changed = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) === 1;

  const { latePayment, alertStaff } = createLatePayments(deps);

  return {
    /** The order as the payments module sees it; undefined when there is none. */
    get(id: number, q: Kysely<DB> = db): Promise<PaymentOrder | undefined> {
      return q.selectFrom('orders').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /**
     * A new attempt starts: the order's payment is pending again and its stock held until
     * `holdUntil`. Refused (false) when the order is no longer Pending or no longer unpaid.
     */
    async startAttempt(trx: Kysely<DB>, id: number, holdUntil: string): Promise<boolean> {
      return changed(
        await trx
          .updateTable('orders')
          .set({ payment_status: 'pending', payment_hold_until: holdUntil, updated_at: nowIso() })
          .where('id', '=', id)
          .where('status', '=', 'Pending')
          .where('payment_gateway', 'is not', null)
          .where('payment_status', 'in', PAYABLE)
          .executeTakeFirst(),
      );
    },

    /** The last attempt failed or was cancelled; the customer may pay again while the hold lasts. */
    async markFailed(trx: Kysely<DB>, id: number): Promise<boolean> {
      return changed(
        await trx
          .updateTable('orders')
          .set({ payment_status: 'failed', updated_at: nowIso() })
          .where('id', '=', id)
          .where('payment_status', 'in', ['unpaid', 'pending'])
          .executeTakeFirst(),
      );
    },

    /**
     * The gateway confirmed the money: the order is paid (and confirmed), once. The "payment received" SMS goes
     * into the outbox in the same transaction, only when this call changed the order. Money for
     * an order already cancelled (its hold ran out first) never lands in silence: see `latePayment`.
     */
    async markPaid(trx: Kysely<DB>, p: PaymentMove): Promise<PaidOutcome> {
      const now = nowIso();
      const moved = changed(
        await trx
          .updateTable('orders')
          .set({ payment_status: 'paid', payment_gateway: p.gateway, payment_reference: p.reference, paid_amount: p.amount, paid_at: now, updated_at: now })
          .where('id', '=', p.id)
          .where('status', '!=', 'Cancelled')
          .where('payment_status', 'in', paymentStatusesBefore('paid'))
          .executeTakeFirst(),
      );
      if (moved) {
        // Money is the buyer's word: a paid order needs no call (issue 33); harmless when confirmed already.
        await applyConfirmation(trx, { id: p.id, method: 'paid' });
        const order = await trx.selectFrom('orders').select(['account_phone']).where('id', '=', p.id).executeTakeFirstOrThrow();
        if (order.account_phone) await enqueueSms(trx, order.account_phone, `${p.shopName}: অর্ডার #${p.id}-এর ${p.amount} টাকা পেমেন্ট পাওয়া গেছে (${p.reference})। ধন্যবাদ!`, 'payment_received');
        return 'paid';
      }
      const late = await latePayment(trx, p, 'paid');
      // Reopened by its money: Pending again, and confirmed by that payment.
      if (late === 'reopened') await applyConfirmation(trx, { id: p.id, method: 'paid' });
      // Money taken for an order already paid (a second attempt) or refunded: staff give it back by hand.
      if (!late) await alertStaff(trx, `${p.shopName}: অর্ডার #${p.id}-এ আরেকটি ${p.amount} টাকা পেমেন্ট এসেছে (${p.reference})। ফেরত দিন। (A second payment arrived: refund it.)`);
      return late;
    },

    /**
     * The gateway took the money but flagged it; an admin accepts (markPaid) or rejects it
     * (refund). Flagged money for a cancelled order is never accepted: it is held for a refund.
     */
    async markReview(trx: Kysely<DB>, p: PaymentMove): Promise<boolean> {
      const moved = changed(
        await trx
          .updateTable('orders')
          .set({ payment_status: 'review', payment_gateway: p.gateway, payment_reference: p.reference, paid_amount: p.amount, updated_at: nowIso() })
          .where('id', '=', p.id)
          .where('status', '!=', 'Cancelled')
          .where('payment_status', 'in', paymentStatusesBefore('review'))
          .executeTakeFirst(),
      );
      if (moved) return true;
      if ((await latePayment(trx, p, 'review')) !== false) return true;
      // Flagged money for an order already paid or refunded (a second attempt): staff give it back.
      await alertStaff(trx, `${p.shopName}: অর্ডার #${p.id}-এ আরেকটি ${p.amount} টাকা পেমেন্ট এসেছে (${p.reference})। ফেরত দিন। (A second payment arrived: refund it.)`);
      return false;
    },

    /** Online orders still unpaid whose hold ran out by `now`, oldest hold first; never one already with a courier. */
    async expiredHolds(now: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'Pending')
        .where('payment_gateway', 'is not', null)
        .where('payment_status', 'in', PAYABLE)
        .where('payment_hold_until', '<=', timestampParam(deps.dialect, now))
        .where('consignment_id', 'is', null)
        .orderBy('payment_hold_until')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Cancels an order that was never paid, as the system (no admin in its history), through the
     * state machine: its stock goes back to the shelf and the customer is told. `hold_expired`:
     * only when the hold ran out by `holdExpiredAt` (a "pay again" that extended it wins);
     * `payment_rejected`: money under review that was refunded. False when the order had moved
     * on or its parcel is already with a courier (the admin settles that one).
     */
    async cancelUnpaid(trx: Kysely<DB>, id: number, opts: { holdExpiredAt?: string; reason: 'hold_expired' | 'payment_rejected'; shopName: string }): Promise<boolean> {
      const move = { id, from: 'Pending', to: 'Cancelled', cause: opts.reason, shopName: opts.shopName } as const;
      return (await applyOrderMove(trx, deps, { ...move, ...(opts.holdExpiredAt ? { holdExpiredAt: opts.holdExpiredAt } : {}) })) === 'moved';
    },

    /**
     * Sets aside `amount` of what was paid for a refund about to be asked of the gateway, so two
     * admins refunding at once can never give back more than was paid. False when it does not fit.
     */
    async reserveRefund(trx: Kysely<DB>, id: number, amount: number, from: readonly PaymentStatus[]): Promise<boolean> {
      return changed(
        await trx
          .updateTable('orders')
          .set({ refunded_amount: sql`refunded_amount + ${amount}`, updated_at: nowIso() })
          .where('id', '=', id)
          .where('payment_status', 'in', from)
          .where(sql<boolean>`refunded_amount + ${amount} <= paid_amount`)
          .executeTakeFirst(),
      );
    },

    /**
     * The gateway answered a reserved refund: done, the order's payment becomes refunded or
     * partially refunded; refused, the reservation is released. Answers the payment status.
     */
    async settleRefund(trx: Kysely<DB>, id: number, amount: number, ok: boolean): Promise<PaymentStatus> {
      if (!ok) {
        await trx
          .updateTable('orders')
          .set({ refunded_amount: sql`case when refunded_amount >= ${amount} then refunded_amount - ${amount} else 0 end`, updated_at: nowIso() })
          .where('id', '=', id)
          .execute();
      }
      const order = await trx.selectFrom('orders').select(['payment_status', 'paid_amount', 'refunded_amount']).where('id', '=', id).executeTakeFirstOrThrow();
      // A payment under review keeps that status when its rejecting refund is refused.
      if (!ok && !REFUNDED_OR_PAID.includes(order.payment_status)) return order.payment_status;
      // refunded_amount also counts refunds reserved and not answered yet; each answer recomputes.
      const status = statusAfterRefund(order.paid_amount, order.refunded_amount);
      // Money held for a cancelled order is settled once all of it went back.
      await trx.updateTable('orders').set({ payment_status: status, ...(status === 'refunded' ? { refund_due: 0 } : {}), updated_at: nowIso() }).where('id', '=', id).execute();
      return status;
    },
  };
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;
