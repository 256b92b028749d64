/**
 * Returns and exchanges (issue 34): a return's states, conditions and origins, the calls'
 * schemas, the return window and the customer's SMS. Which moves a return may make is the state
 * machine's (order-states.ts RETURN_MOVES). Pure: no database, no clock.
 */
import { z } from 'zod';
import { MAX_ID } from './queries';

/** A return's own state. */
export const RETURN_STATES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** The order's: goods on their way back, or back in the shop. */
export const RETURN_STATUSES = ['in_transit', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** `resellable` units go back on the shelf when received; `damaged` ones are written off. */
export const RETURN_CONDITIONS = ['resellable', 'damaged'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/** Who opened the return: the customer, staff, the courier bringing a parcel back, the rest of a partial delivery. */
export const RETURN_ORIGINS = ['customer', 'staff', 'courier', 'partial'] as const;
export type ReturnOrigin = (typeof RETURN_ORIGINS)[number];

export const RETURN_MESSAGES = {
  lines: 'ফেরতের জন্য অন্তত একটি পণ্য বেছে নিন। (Choose at least one item to return.)',
  quantity: 'পরিমাণ ১ বা তার বেশি পূর্ণ সংখ্যা হতে হবে। (A whole number, 1 or more.)',
  reason: 'ফেরতের কারণ লিখুন। (Give a reason.)',
  condition: 'resellable অথবা damaged বেছে নিন। (Choose resellable or damaged.)',
  tooLate: (days: number) => `ডেলিভারির ${days} দিনের মধ্যে ফেরতের অনুরোধ করা যায়। (Returns can be asked for within ${days} days of delivery.)`,
  closed: 'এই দোকানে অনলাইনে ফেরতের অনুরোধ করা যায় না — দোকানে ফোন করুন। (This shop takes return requests by phone.)',
  notDelivered: 'শুধু ডেলিভারড অর্ডার ফেরত দেওয়া যায়। (Only delivered orders can be returned.)',
  tooMany: (title: string, left: number) => `"${title}" থেকে সর্বোচ্চ ${left}টি ফেরত দেওয়া যায়। (At most ${left} of "${title}" can still be returned.)`,
  unknownItem: 'এই অর্ডারে এমন কোনো পণ্য নেই। (No such item on this order.)',
  notInTransit: (id: number) => `Order #${id} has no parcel on its way back.`,
  refundTooHigh: 'ফেরতের টাকা অর্ডারে পাওয়া টাকার বেশি হতে পারে না। (A refund cannot be more than the order was paid.)',
} as const;

const id = z.coerce.number({ message: RETURN_MESSAGES.unknownItem }).int(RETURN_MESSAGES.unknownItem).positive(RETURN_MESSAGES.unknownItem).max(MAX_ID, RETURN_MESSAGES.unknownItem);
const quantity = z.coerce.number({ message: RETURN_MESSAGES.quantity }).int(RETURN_MESSAGES.quantity).min(1, RETURN_MESSAGES.quantity).max(10_000, RETURN_MESSAGES.quantity);
const condition = z.enum(RETURN_CONDITIONS, { message: RETURN_MESSAGES.condition });
const reason = z.string({ message: RETURN_MESSAGES.reason }).trim().min(1, RETURN_MESSAGES.reason).max(1000);
const taka = z.coerce.number({ message: 'Whole taka, 0 or more.' }).int('Whole taka, 0 or more.').min(0, 'Whole taka, 0 or more.').max(10_000_000);

/** `POST /api/order/{id}/returns/` (staff): an approved return. */
export const staffReturnSchema = z
  .object({
    lines: z.array(z.object({ order_item: id, quantity, condition: condition.optional() }).strict()).min(1, RETURN_MESSAGES.lines).max(200),
    reason,
    refund_amount: taka.optional(),
  })
  .strict();

/** `POST /api/order/{id}/return-request/` (the customer; multipart sends `lines` as JSON text). */
export const returnRequestSchema = z
  .object({
    lines: z.preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      },
      z.array(z.object({ order_item: id, quantity }).strict(), { message: RETURN_MESSAGES.lines }).min(1, RETURN_MESSAGES.lines).max(200),
    ),
    reason,
  })
  .strict();

/** `POST /api/returns/{id}/reject/` (and, optionally, approve). */
export const returnDecisionSchema = z.object({ reason: z.string().trim().max(1000).optional() }).strict();

/** `POST /api/returns/{id}/receive/` and `POST /api/order/{id}/receive-parcel/`: the condition given here wins. */
export const receiveSchema = z
  .object({ lines: z.array(z.object({ order_item: id, quantity, condition }).strict()).min(1).max(200).optional() })
  .strict();

/** `POST /api/returns/{id}/exchange/`: the new order's lines. */
export const exchangeSchema = z.object({ lines: z.array(z.object({ product: id, quantity }).strict()).min(1, RETURN_MESSAGES.lines).max(200) }).strict();

/** `POST /api/order/{id}/partial-delivery/`: what the courier delivered, and the money it collected. */
export const partialDeliverySchema = z
  .object({
    delivered: z.array(z.object({ order_item: id, quantity: z.coerce.number().int().min(0).max(10_000) }).strict()).min(1).max(200),
    collected: taka,
  })
  .strict();

/** Whether `now` is within `days` of delivery (0 days: customers cannot ask). */
export function withinReturnWindow(deliveredAt: string, now: number, days: number): boolean {
  return days > 0 && now - Date.parse(deliveredAt) <= days * 24 * 3600_000;
}

/** The one SMS a customer gets when their request is decided. */
export function returnDecisionSms(p: { shop: string; orderId: number; approved: boolean; reason?: string | undefined }): string {
  return p.approved
    ? `${p.shop}: অর্ডার #${p.orderId}-এর ফেরতের অনুরোধ গ্রহণ করা হয়েছে। পণ্যটি ফেরত পাঠানোর ব্যাপারে আমরা যোগাযোগ করব।`
    : `${p.shop}: অর্ডার #${p.orderId}-এর ফেরতের অনুরোধ গ্রহণ করা যায়নি।${p.reason ? ` কারণ: ${p.reason}` : ''}`;
}
