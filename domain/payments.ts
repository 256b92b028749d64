/**
 * The shop's payment rules, for online gateways (bKash, SSLCommerz) and for cash on delivery:
 * an order's payment statuses and which moves between them are allowed, whether what a gateway
 * says pays an attempt, how much may still be refunded and what an order's payment is after a
 * refund, and when cash on delivery counts as paid; the schemas of the back office's refund
 * and review forms. Pure: no database, no clock, no gateway.
 */
import { z } from 'zod';
import { manualRefundFields, refineManualRefund } from './wallet-payments';
import { GATEWAYS, type OnlineGateway } from './providers';
import { idSchema } from './queries';
import { PAYMENT_STATUSES, type PaymentStatus } from './payment-status';

/** The online gateways the shop can take money through (domain/providers.ts lists them). */
export { isOnlineGateway, type OnlineGateway } from './providers';

export { PAYABLE, PAYMENT_STATUSES, canStartPayment, type PaymentStatus } from './payment-status';

const MOVES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  unpaid: ['pending', 'failed', 'paid', 'unverified', 'partly_paid'],
  // A wallet claim: staff verify it (part or all of the total), or reject it (back to unpaid).
  unverified: ['unverified', 'unpaid', 'partly_paid', 'paid'],
  // Verified money short of the total: more arrives, the order is delivered, or money goes back.
  partly_paid: ['partly_paid', 'paid', 'partially_refunded', 'refunded'],
  pending: ['pending', 'paid', 'review', 'failed'],
  // A payment that failed may be tried again, and a late confirmation of money taken still counts.
  failed: ['pending', 'failed', 'paid', 'review'],
  review: ['paid', 'refunded', 'partially_refunded'],
  paid: ['refunded', 'partially_refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
};

/** Whether an order's payment may move from `from` to `to`. */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return MOVES[from].includes(to);
}

/** The statuses a move to `to` may start from (for conditional UPDATEs). */
export function paymentStatusesBefore(to: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUSES.filter((from) => canMovePayment(from, to));
}

/** At most this many attempts per order: paying again is for a failed payment, not a loop against the gateway. */
export const MAX_ATTEMPTS_PER_ORDER = 10;

/**
 * However often the customer pays again, an order holds its stock unpaid for at most this long
 * from checkout (or PAYMENT_HOLD_MINUTES when that is longer): "pay again" renews the hold, and
 * without a cap a script could keep the last copies off the shelf for ever.
 */
export const MAX_HOLD_MINUTES = 120;

/**
 * Until when a payment opened at `now` holds the order's stock: the usual hold, never past the
 * cap counted from the order's checkout. Null when the cap has passed: the order can no longer
 * be paid (the hold worker cancels it).
 */
export function holdUntil(createdAt: string, now: number, holdMinutes: number): string | null {
  const cap = Date.parse(createdAt) + Math.max(MAX_HOLD_MINUTES, holdMinutes) * 60_000;
  const until = Math.min(now + holdMinutes * 60_000, cap);
  return until > now ? new Date(until).toISOString() : null;
}


/**
 * One attempt to pay an order online:
 * - `starting`: the row exists (its invoice reserved), the gateway is being asked to open it;
 * - `open`: the gateway opened it; the customer is on the gateway's page;
 * - `confirming`: one process claimed it and is asking the gateway what happened;
 * - `unknown`: the gateway could not say (execute and query both failed); looked up again later;
 * - `paid`, `review`, `failed`, `cancelled`, `expired` (the hold ran out unpaid): settled.
 */
export const ATTEMPT_STATUSES = ['starting', 'open', 'confirming', 'unknown', 'paid', 'review', 'failed', 'cancelled', 'expired'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** Attempts whose outcome is not known yet: while one exists the order's hold is not released. */
export const UNSETTLED_ATTEMPTS: readonly AttemptStatus[] = ['starting', 'open', 'confirming', 'unknown'];

/**
 * Whether confirming a payment at this gateway takes the money (a fact of domain/providers.ts).
 * When it does (bKash's execute: the customer only authorised it), it is called once, only for
 * an attempt still `open`. When it only reads (SSLCommerz has taken the money before the
 * customer returns), an attempt a forged or early "fail" closed can still be confirmed by the real IPN.
 */
export function confirmTakesMoney(gateway: OnlineGateway): boolean {
  return GATEWAYS[gateway].confirmTakesMoney;
}

/** The attempt statuses from which a callback may claim an attempt to confirm it. */
export function confirmableFrom(gateway: OnlineGateway): AttemptStatus[] {
  return confirmTakesMoney(gateway) ? ['open'] : ['open', 'unknown', 'failed', 'cancelled', 'expired'];
}

/** What a gateway says about a payment, whichever gateway (the shape of server/payments/gateway.ts). */
export type Verdict =
  | { state: 'paid'; amount: number; currency: string; reference: string; invoice: string; review: boolean }
  | { state: 'failed'; reason: string }
  | { state: 'open' };

export type Judgement =
  | { outcome: 'paid'; amount: number; reference: string }
  | { outcome: 'review'; amount: number; reference: string }
  | { outcome: 'failed'; reason: string }
  | { outcome: 'open' };

/** Money compared in paisa, so "680.00" and 680 are the same amount and 679.99 is not. */
export function sameAmount(a: number, b: number): boolean {
  return Number.isFinite(a) && Number.isFinite(b) && Math.round(a * 100) === Math.round(b * 100);
}

/**
 * Whether what the gateway says pays this attempt: the money was taken, for this attempt's
 * invoice, in taka, and exactly the order's total. A payment flagged as risky goes to review.
 * Anything else does not pay the order, whatever the callback claimed.
 */
export function judgeVerdict(verdict: Verdict, expected: { invoice: string; amount: number; currency?: string }): Judgement {
  if (verdict.state === 'open') return { outcome: 'open' };
  if (verdict.state === 'failed') return { outcome: 'failed', reason: verdict.reason || 'The gateway refused the payment.' };
  if (verdict.invoice !== expected.invoice) return { outcome: 'failed', reason: `The payment is for invoice ${verdict.invoice}, not ${expected.invoice}.` };
  if (verdict.currency.toUpperCase() !== (expected.currency ?? 'BDT')) return { outcome: 'failed', reason: `The payment is in ${verdict.currency}, not ${expected.currency ?? 'BDT'}.` };
  if (!sameAmount(verdict.amount, expected.amount)) return { outcome: 'failed', reason: `The amount paid (${verdict.amount}) is not the order's total (${expected.amount}).` };
  if (!verdict.reference) return { outcome: 'failed', reason: 'The gateway gave no transaction id.' };
  return { outcome: verdict.review ? 'review' : 'paid', amount: expected.amount, reference: verdict.reference };
}

/** What is left to refund of an online payment. */
export function refundable(paid: number, refunded: number): number {
  return Math.max(0, paid - refunded);
}

export type RefundCheck = { ok: true; amount: number } | { ok: false; message: string };

/**
 * A refund request against what was paid and already refunded: the whole rest by default, a
 * part if asked, never more than is left, whole taka.
 */
export function checkRefund(requested: number | undefined, paid: number, refunded: number): RefundCheck {
  const left = refundable(paid, refunded);
  if (left <= 0) return { ok: false, message: 'এই অর্ডারের টাকা আগেই ফেরত দেওয়া হয়েছে। (Nothing is left to refund on this order.)' };
  if (requested === undefined) return { ok: true, amount: left };
  if (!Number.isInteger(requested) || requested <= 0) return { ok: false, message: 'ফেরতের পরিমাণ ১ টাকা বা তার বেশি পূর্ণ সংখ্যা হতে হবে। (The refund must be a whole number of taka, 1 or more.)' };
  if (requested > left) return { ok: false, message: `সর্বোচ্চ ${left} টাকা ফেরত দেওয়া যায়। (At most ${left} taka can be refunded: ${paid} paid, ${refunded} already refunded.)` };
  return { ok: true, amount: requested };
}

/** An order's payment after `refunded` of `paid` taka went back. */
export function statusAfterRefund(paid: number, refunded: number): PaymentStatus {
  if (refunded <= 0) return 'paid';
  return refunded >= paid ? 'refunded' : 'partially_refunded';
}

/**
 * Not paid online and not yet paid in full: the courier collects the rest, so Delivered pays it.
 * `partially_refunded`, `refunded`: money given back by hand before delivery (the courier collected it again).
 */
export const PAID_ON_DELIVERY: readonly PaymentStatus[] = ['unpaid', 'unverified', 'partly_paid', 'partially_refunded', 'refunded'];

/**
 * What an order's payment becomes when its status changes: an order not paid online (cash on
 * delivery, a wallet claim, money partly verified) is paid once delivered, for its total, so what
 * the shop keeps (paid − refunded) is the total. Online payments are settled by the gateway, never
 * by a status change.
 */
export function paymentOnStatusChange(
  order: { payment_gateway: string | null; payment_status: PaymentStatus; total: number; refunded_amount?: number },
  to: string,
): { payment_status: PaymentStatus; paid_amount: number } | null {
  if (to !== 'Delivered' || order.payment_gateway !== null || !PAID_ON_DELIVERY.includes(order.payment_status)) return null;
  const refunded = order.refunded_amount ?? 0;
  return { payment_status: refunded > 0 ? 'partially_refunded' : 'paid', paid_amount: order.total + refunded };
}

/** The payment statuses on which staff may record money by hand (a paid order has nothing due: 400). */
export const RECORDABLE: readonly PaymentStatus[] = ['unpaid', 'unverified', 'partly_paid', 'partially_refunded', 'paid'];

/**
 * An order's payment, not paid online, from its money: refunds first (refunded or partly), then
 * verified money (paid in full, or partly), then a claim not yet checked (unverified), else unpaid.
 */
export function walletPaymentStatus(order: { total: number; paid_amount: number; refunded_amount: number }, unverifiedClaims: number): PaymentStatus {
  if (order.refunded_amount > 0) return statusAfterRefund(order.paid_amount, order.refunded_amount);
  if (order.paid_amount > 0) return order.paid_amount >= order.total ? 'paid' : 'partly_paid';
  return unverifiedClaims > 0 ? 'unverified' : 'unpaid';
}

/** Where the customer lands after the gateway: `/order?order=<id>&payment=<outcome>`. */
export const RETURN_OUTCOMES = ['paid', 'failed', 'cancelled', 'pending', 'review'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/** The outcome shown to a customer back from the gateway, from the attempt's status. */
export function returnOutcome(status: AttemptStatus): ReturnOutcome {
  switch (status) {
    case 'paid':
      return 'paid';
    case 'review':
      return 'review';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
    case 'expired':
      return 'failed';
    default:
      return 'pending';
  }
}

export const PAYMENT_MESSAGES = {
  startFailed: 'পেমেন্ট শুরু করা যায়নি। আপনার অর্ডারটি রাখা আছে — কিছুক্ষণ পরে আবার পেমেন্ট করুন। (The payment could not be started. Your order is kept; please try paying again shortly.)',
  notPayable: 'এই অর্ডারের জন্য এখন আর পেমেন্ট করা যাবে না। (This order can no longer be paid online.)',
  holdOver: 'এই অর্ডারের পেমেন্টের সময় শেষ হয়ে গেছে; নতুন করে অর্ডার করুন। (The time to pay this order is over; please order again.)',
  notOnline: 'এই অর্ডারটি অনলাইন পেমেন্টের নয়। (This order is not paid online.)',
  notRefundable: 'শুধু অনলাইনে পরিশোধিত অর্ডারের টাকা ফেরত দেওয়া যায়। (Only an order paid online can be refunded.)',
  notInReview: 'এই অর্ডারের পেমেন্ট যাচাইয়ের অপেক্ষায় নেই। (This order has no payment waiting for review.)',
  refundDue: 'অর্ডারটি বাতিল হওয়ার পরে পেমেন্ট এসেছে; এটি গ্রহণ করা যায় না, টাকা ফেরত দিন। (The payment arrived after the order was cancelled: it cannot be accepted, only refunded.)',
  tooManyAttempts: 'এই অর্ডারের জন্য অনেকবার পেমেন্টের চেষ্টা হয়েছে। আমাদের সাথে যোগাযোগ করুন। (Too many payment attempts for this order; please contact us.)',
  refundFailed: 'টাকা ফেরত দেওয়া যায়নি। (The gateway refused the refund.)',
} as const;

/**
 * `POST /api/order/{id}/refund/`: what is left by default, or `amount` whole taka; a reason
 * always. With `method` (and `transaction_id`, but for cash) a refund made by hand on an order
 * not paid online; an online order refunds through its gateway and answers 400 to `method`.
 */
export const refundSchema = z
  .object({
    amount: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z
        .number({ message: 'ফেরতের পরিমাণ টাকায় পূর্ণ সংখ্যায় দিন। (The amount must be whole taka.)' })
        .int('ফেরতের পরিমাণ টাকায় পূর্ণ সংখ্যায় দিন। (The amount must be whole taka.)')
        .positive('ফেরতের পরিমাণ ১ টাকা বা বেশি হতে হবে। (The amount must be 1 taka or more.)')
        .optional(),
    ),
    reason: z
      .string({ message: 'ফেরতের কারণ লিখুন। (Give a reason for the refund.)' })
      .trim()
      .min(1, 'ফেরতের কারণ লিখুন। (Give a reason for the refund.)')
      .max(255, 'কারণ ২৫৫ অক্ষরের মধ্যে লিখুন। (At most 255 characters.)'),
    ...manualRefundFields,
    /** The return this refund is for (issue 34): it counts toward that return's `refund_amount`. */
    return: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
  })
  .strict()
  .superRefine(refineManualRefund);

/** `POST /api/order/{id}/payment-review/`: accept the payment under review, or reject (refund) it. */
export const paymentReviewSchema = z.object({ accept: z.boolean({ message: 'accept must be true or false.' }) }).strict();
