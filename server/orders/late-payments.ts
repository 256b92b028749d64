/**
 * Money that lands on an order already Cancelled (its hold ran out, or staff cancelled it, while
 * the customer was paying), for orders/payments.ts: never "Cancelled and paid" in silence. The
 * order is reopened when its stock is still there, else the money is held for a refund and the
 * staff are told; a second payment for an order already paid is told to the staff too.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import { enqueueSms } from '../notifications/outbox';
import { applyOrderMove, type OrderMoveDeps } from './transitions';
import { paymentStatusesBefore, type OnlineGateway } from '../../domain/payments';

/**
 * What a confirmed payment did to its order: `paid` (an order still open), `reopened` (a
 * cancelled order whose stock was still there, Pending again), `refund_due` (a cancelled order
 * that could not be reopened: the money is held in review until it is refunded), or false (the
 * order was already paid or refunded: nothing moved).
 */
export type PaidOutcome = 'paid' | 'reopened' | 'refund_due' | false;

/** A confirmed payment, as the payments module hands it to the order. */
export interface PaymentMove {
  id: number;
  gateway: OnlineGateway;
  reference: string;
  amount: number;
  shopName: string;
}

export interface LatePaymentDeps extends OrderMoveDeps {
  /** The staff's phones for money alerts, read with the caller's transaction. */
  users?: { staffPhones(q: Kysely<DB>): Promise<string[]> } | undefined;
}

export function createLatePayments(deps: LatePaymentDeps) {
/**
 * Money confirmed for an order that is already Cancelled (the hold ran out while the customer
 * was paying). A payment the gateway accepted reopens the order when every line's stock is
 * still on the shelf: Pending and paid, stock and promotion uses taken again, a history row,
 * one SMS to the customer. Otherwise (or when the gateway flagged it) the order stays Cancelled
 * with the money in `review` and `refund_due`, the customer is told a refund is coming and the
 * staff get one SMS each: only a refund clears it (refunds.ts).
 */
async function latePayment(trx: Kysely<DB>, p: PaymentMove, verdict: 'paid' | 'review'): Promise<PaidOutcome> {
  const money = { payment_gateway: p.gateway, payment_reference: p.reference, paid_amount: p.amount };
  if (verdict === 'paid') {
    const now = nowIso();
    const reopened = await applyOrderMove(trx, deps, {
      id: p.id,
      from: 'Cancelled',
      to: 'Pending',
      cause: 'late_payment',
      shopName: p.shopName,
      set: { ...money, payment_status: 'paid', paid_at: now, payment_hold_until: null, refund_due: 0 },
      money: { amount: p.amount, reference: p.reference },
    });
    if (reopened === 'moved') return 'reopened';
    // `stale`: the order was not Cancelled and waiting for money (paid already, or another payment got there first).
    if (reopened === 'stale') return false;
  } else if (!(await heldForReview(trx, p.id))) {
    return false;
  }
  // The stock is gone (or the gateway flagged the money): it is held for a refund.
  await trx
    .updateTable('orders')
    .set({ ...money, payment_status: 'review', refund_due: 1, updated_at: nowIso() })
    .where('id', '=', p.id)
    .execute();
  const order = await trx.selectFrom('orders').select(['account_phone']).where('id', '=', p.id).executeTakeFirstOrThrow();
  if (order.account_phone) {
    await enqueueSms(trx, order.account_phone, `${p.shopName}: অর্ডার #${p.id}-এর ${p.amount} টাকা পাওয়া গেছে, কিন্তু অর্ডারটি আগেই বাতিল হয়েছিল। টাকা ফেরত দেওয়া হবে।`, 'payment_received');
  }
  await alertStaff(trx, `${p.shopName}: বাতিল অর্ডার #${p.id}-এ ${p.amount} টাকা পেমেন্ট এসেছে (${p.reference})। টাকা ফেরত দিন। (Late payment on cancelled order: refund due.)`);
  return 'refund_due';
}

/**
 * Takes a cancelled order's row for flagged money, as the reopening move would (a second payment
 * settling it at once waits here on PostgreSQL, then finds it moved on and takes nothing).
 */
async function heldForReview(trx: Kysely<DB>, id: number): Promise<boolean> {
  const r = await trx
    .updateTable('orders')
    .set({ updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'Cancelled')
    .where('payment_status', 'in', paymentStatusesBefore('review'))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** One SMS to each member of staff, in the caller's transaction (never capped: `staff_alert`). */
async function alertStaff(trx: Kysely<DB>, text: string): Promise<void> {
  for (const phone of (await deps.users?.staffPhones(trx)) ?? []) await enqueueSms(trx, phone, text, 'staff_alert');
}

  return { latePayment, alertStaff };
}
