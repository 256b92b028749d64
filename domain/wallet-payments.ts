/**
 * Money taken or given back by hand (issue 30): a customer's wallet claim at checkout (a bKash,
 * Nagad or Rocket TrxID and the amount sent), the payment staff record or verify
 * (`POST /api/order/{id}/payments/`), and a manual refund. The schemas are the back office
 * form's and the API's; what a payment does to an order's payment status is in payments.ts
 * (`walletPaymentStatus`). Pure: no database, no clock.
 */
import { z } from 'zod';

/** Every method a payments row may carry; `exchange` is a return's credit carried to a new order; `card` the counter's (issue 36). */
export const ORDER_PAYMENT_METHODS = ['bkash', 'nagad', 'rocket', 'cash', 'bank', 'exchange', 'card'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/** The methods staff record money by. */
export const STAFF_PAYMENT_METHODS = ['bkash', 'nagad', 'rocket', 'cash', 'bank'] as const;
export type StaffPaymentMethod = (typeof STAFF_PAYMENT_METHODS)[number];

export const ORDER_PAYMENT_KINDS = ['payment', 'refund'] as const;
export type OrderPaymentKind = (typeof ORDER_PAYMENT_KINDS)[number];

export const METHOD_LABELS: Record<OrderPaymentMethod, string> = {
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
  cash: 'Cash',
  bank: 'Bank',
  exchange: 'Exchange credit',
  card: 'Card',
};

/** The checkout field a wallet's TrxID arrives in (the first version's names), and its method. */
const FIELD_METHODS = { bkash_transaction_ID: 'bkash', nagad_transaction_ID: 'nagad', rocket_transaction_ID: 'rocket' } as const;

export function methodOfField(field: string): 'bkash' | 'nagad' | 'rocket' | null {
  return Object.hasOwn(FIELD_METHODS, field) ? FIELD_METHODS[field as keyof typeof FIELD_METHODS] : null;
}

/**
 * A transaction id as stored and compared: no spaces, upper case. bKash and Nagad TrxIDs are
 * letters and digits read off an SMS, so "8n7a 5b3c" and "8N7A5B3C" are the same payment.
 */
export function normalizeTransactionId(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** What is still to be paid: the total less what the shop keeps (paid less refunded). */
export function amountDue(order: { total: number; paid_amount: number; refunded_amount: number }): number {
  return Math.max(0, order.total - Math.max(0, order.paid_amount - order.refunded_amount));
}

export const WALLET_MESSAGES = {
  method: `পেমেন্টের মাধ্যম বেছে নিন। (Choose how the money came: ${STAFF_PAYMENT_METHODS.join(', ')}.)`,
  transactionId: 'ট্রানজেকশন আইডি দিন — শুধু নগদ টাকায় লাগে না। (Give the transaction id; only cash needs none.)',
  transactionIdFormat: 'ট্রানজেকশন আইডি শুধু অক্ষর, সংখ্যা ও - দিয়ে, ৬০ অক্ষরের মধ্যে। (A transaction id is letters, digits and -, at most 60.)',
  amount: 'টাকার পরিমাণ ১ বা তার বেশি পূর্ণ সংখ্যা দিন। (The amount must be whole taka, 1 or more.)',
  duplicate: 'এই ট্রানজেকশন আইডি আগেই ব্যবহার হয়েছে। (This transaction id was already recorded.)',
  overDue: (due: number) => `এই অর্ডারে বাকি মাত্র ${due} টাকা। (Only ${due} taka is still due on this order.)`,
  onlineOrder: 'এই অর্ডারটি অনলাইনে পরিশোধের; এর টাকা গেটওয়ে দিয়ে হিসাব হয়। (This order is paid online; its money is counted by the gateway.)',
  notOpen: (status: string) => `এই অর্ডারের পেমেন্ট এখন লেখা যাবে না (${status})। (No payment can be recorded on this order now: ${status}.)`,
  claimNotFound: 'এই পেমেন্ট দাবিটি পাওয়া যায়নি। (No such payment claim on this order.)',
  claimVerified: 'এই পেমেন্ট আগেই যাচাই হয়েছে; বাতিল করা যাবে না। (This payment is already verified and cannot be rejected.)',
  onlineRefundMethod: 'অনলাইনে পরিশোধিত অর্ডারের টাকা গেটওয়ে দিয়েই ফেরত যায় — মাধ্যম দেবেন না। (An order paid online refunds through its gateway; send no method.)',
  manualRefundMethod: 'অনলাইনে পরিশোধ হয়নি এমন অর্ডারে কোন মাধ্যমে টাকা ফেরত দিলেন তা লিখুন। (For an order not paid online, say how the money went back: method and transaction id.)',
  unknownField: 'শুধু method, transaction_id ও amount পাঠান। (Only method, transaction_id and amount are read.)',
  notAnObject: 'পেমেন্টের তথ্য পাঠান: method, transaction_id, amount। (Send the payment as {method, transaction_id, amount}.)',
  recorded: 'পেমেন্ট লেখা হয়েছে। (Payment recorded.)',
  rejected: 'পেমেন্ট দাবি বাতিল হয়েছে। (Payment claim rejected.)',
  refunded: 'টাকা ফেরত লেখা হয়েছে। (Refund recorded.)',
} as const;

/** A transaction id from a form or JSON: digits typed as a number are text; '' and null mean none. */
export const transactionIdSchema = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : typeof v === 'string' ? normalizeTransactionId(v) : v),
  z.string({ message: WALLET_MESSAGES.transactionIdFormat }).max(60, WALLET_MESSAGES.transactionIdFormat).regex(/^[A-Z0-9-]*$/, WALLET_MESSAGES.transactionIdFormat),
);

/** Whole taka, 1 or more, from a number or digits. */
export const wholeTakaSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v),
  z.number({ message: WALLET_MESSAGES.amount }).int(WALLET_MESSAGES.amount).positive(WALLET_MESSAGES.amount).max(100_000_000, WALLET_MESSAGES.amount),
);

/** The method: one staff can record money by. */
export const staffMethodSchema = z.enum(STAFF_PAYMENT_METHODS, { message: WALLET_MESSAGES.method });

/** Every method but cash needs a transaction id. */
function needsTransactionId(value: { method?: unknown; transaction_id?: unknown }, ctx: z.RefinementCtx): void {
  if (typeof value.method === 'string' && value.method !== 'cash' && !value.transaction_id) {
    ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: WALLET_MESSAGES.transactionId });
  }
}

/**
 * `POST /api/order/{id}/payments/`: money staff found. Posting the method and transaction id of
 * the order's own unverified claim verifies that claim at this amount.
 */
export const recordPaymentSchema = z
  .strictObject(
    { method: staffMethodSchema, transaction_id: transactionIdSchema, amount: wholeTakaSchema },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? WALLET_MESSAGES.unknownField : issue.code === 'invalid_type' ? WALLET_MESSAGES.notAnObject : undefined) },
  )
  .superRefine(needsTransactionId);
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

/** The manual refund's own fields, beside `amount` and `reason` (payments.ts refundSchema). */
export const manualRefundFields = {
  method: staffMethodSchema.optional(),
  transaction_id: transactionIdSchema.optional(),
};
export { needsTransactionId as refineManualRefund };

/** What the back office's form sends: the fields as typed, the amount as a number when it is digits (NaN otherwise, for the check to refuse). */
export function paymentBody(method: string, transactionId: string, amount: string): { method: string; transaction_id: string; amount: number } {
  const a = amount.trim();
  return { method, transaction_id: transactionId.trim(), amount: /^\d+$/.test(a) ? Number(a) : Number.NaN };
}
