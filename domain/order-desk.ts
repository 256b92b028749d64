/**
 * The COD order desk's rules (issue 33): whether a new order starts unconfirmed, the buyer's
 * record by phone number, orders staff take by phone and their edits before booking, and the
 * order list's filters. Which confirmation moves exist is the state machine's
 * (order-states.ts). Pure: no database, no clock.
 */
import { z } from 'zod';
import { orderLineSchema, checkoutFieldsSchema } from './orders';
import { normalizePhone } from './phone';
import type { ConfirmationMode } from './settings';

export const ORDER_CONFIRMATIONS = ['confirmed', 'unconfirmed'] as const;
export type OrderConfirmation = (typeof ORDER_CONFIRMATIONS)[number];

/** How an order became confirmed: at checkout (`auto`), by the SMS link, by a call, by staff, by its payment. */
export const CONFIRMATION_METHODS = ['auto', 'sms', 'call', 'staff', 'paid'] as const;
export type ConfirmationMethod = (typeof CONFIRMATION_METHODS)[number];

/** Where an order was taken. `counter` is the shop's counter (sales there are not in the buyer's record). */
export const ORDER_SOURCES = ['web', 'phone', 'facebook', 'shop', 'counter', 'other'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
/** The sources staff may name for an order they take (`POST /api/order/`). */
export const STAFF_ORDER_SOURCES = ['phone', 'facebook', 'shop', 'other'] as const;


/**
 * Whether a new order starts unconfirmed: under `sms` or `staff`, every order the web shop takes
 * (cash on delivery and wallet orders wait for the buyer or staff; online orders wait for their
 * payment). An online order paid at once (a 0 total) is confirmed by that payment; an order
 * staff took is confirmed by them.
 */
export function startsUnconfirmed(mode: ConfirmationMode, order: { source: OrderSource; paidAtOnce: boolean }): boolean {
  return mode !== 'none' && order.source === 'web' && !order.paidAtOnce;
}

/** Whether the order's SMS carries the one-time confirmation link: `sms` mode, an unconfirmed order not paid online. */
export function carriesConfirmLink(mode: ConfirmationMode, order: { unconfirmed: boolean; online: boolean }): boolean {
  return mode === 'sms' && order.unconfirmed && !order.online;
}

/** A one-time link's token: 32 bytes of randomness written base64url (256 bits; the contract asks ≥ 128). */
export const CONFIRM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The confirmation page's path for a token. */
export function confirmPath(token: string): string {
  return `/c/${token}`;
}

/** The buyer's record for staff: the other orders with the same delivery phone, counter sales excluded. */
export interface CustomerHistory {
  orders: number;
  delivered: number;
  returned: number;
  cancelled: number;
  /** returned ÷ (delivered + returned), rounded to 2 decimals; 0 when both are 0. */
  return_rate: number;
}

/** The record from counts by status (this order already left out). */
export function customerHistory(counts: { orders: number; delivered: number; returned: number; cancelled: number }): CustomerHistory {
  const settled = counts.delivered + counts.returned;
  return { ...counts, return_rate: settled === 0 ? 0 : Math.round((counts.returned / settled) * 100) / 100 };
}

/** The list's badge: no earlier order, earlier orders and nothing returned, or returns before. */
export type BuyerBadge = 'new' | 'good' | 'returns';
export function buyerBadge(h: CustomerHistory): BuyerBadge {
  if (h.returned > 0) return 'returns';
  return h.orders === 0 ? 'new' : 'good';
}

export const DESK_MESSAGES = {
  phone: 'সঠিক মোবাইল নাম্বার দিন (01XXXXXXXXX)',
  source: `source must be one of ${STAFF_ORDER_SOURCES.join(', ')}.`,
  onlinePayment: 'ফোনে নেওয়া অর্ডারে অনলাইন পেমেন্ট হয় না — ক্যাশ অন ডেলিভারি বা ওয়ালেট বেছে নিন। (Orders taken by staff cannot be paid online.)',
  noEdit: 'Send lines, address fields or delivery_option to edit, or status to move the order.',
  statusWithEdit: 'Change the status or edit the order, not both in one request.',
  booked: (id: number) => `Order #${id} is already booked with a courier; it can no longer be edited.`,
  notPending: (id: number, status: string) => `Order #${id} is ${status}; only Pending orders can be edited.`,
  notPendingConfirm: (id: number, status: string) => `Order #${id} is ${status}; only Pending orders can be confirmed.`,
  unconfirmedBooking: (id: number) => `Order #${id} is not confirmed yet; confirm it with the customer before booking a parcel.`,
  confirmed: 'অর্ডারটি কনফার্ম করা হয়েছে। (The order is confirmed.)',
  linkGone: 'এই লিংকটি আর কাজ করে না — অর্ডারটি হয়তো আগেই কনফার্ম বা বাতিল হয়েছে। (This link no longer works.)',
} as const;

/** `POST /api/order/{id}/confirm/`. */
export const confirmOrderSchema = z
  .object({
    method: z.enum(['call', 'staff'], { message: 'method must be call or staff.' }).default('call'),
    note: z.string().trim().max(500).optional(),
  })
  .strict();

const phoneField = z.string({ message: DESK_MESSAGES.phone }).trim().refine((v) => normalizePhone(v) !== null, DESK_MESSAGES.phone);

/**
 * `POST /api/order/` for staff: checkout's fields (without the wallet claim's figures being
 * required to match anything), for the customer whose number is `customer_phone`, with where
 * the order came from and a note only staff see.
 */
export const staffOrderSchema = checkoutFieldsSchema
  .pick({
    name: true,
    optional_phone_number: true,
    email: true,
    district: true,
    upazila_thana: true,
    delivery_address: true,
    delivery_option: true,
    payment_option: true,
    order_instruction: true,
    coupon: true,
    bkash_transaction_ID: true,
    nagad_transaction_ID: true,
    rocket_transaction_ID: true,
    transaction_amount: true,
    subtotal: true,
    delivery_charge: true,
    discount_total: true,
    total: true,
  })
  .extend({
    customer_phone: phoneField,
    lines: z.array(orderLineSchema).min(1, 'Add at least one product.').max(200),
    source: z.enum(STAFF_ORDER_SOURCES, { message: DESK_MESSAGES.source }),
    note: z.string().trim().max(1000).optional(),
  })
  .strict();
export type StaffOrderInput = z.infer<typeof staffOrderSchema>;

/** The fields of a Pending order staff may edit besides its lines (`PUT /api/order/{id}/`). */
export const EDITABLE_FIELDS = ['name', 'optional_phone_number', 'district', 'upazila_thana', 'delivery_address', 'delivery_option', 'order_instruction'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

export const orderEditSchema = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  optional_phone_number: z
    .string()
    .trim()
    .max(30)
    .refine((v) => v === '' || normalizePhone(v) !== null, DESK_MESSAGES.phone)
    .optional(),
  district: z.string().trim().min(1).max(100).optional(),
  upazila_thana: z.string().trim().min(1).max(100).optional(),
  delivery_address: z.string().trim().min(1).max(500).optional(),
  delivery_option: z.string().trim().min(1).max(200).optional(),
  order_instruction: z.string().trim().max(1000).optional(),
  lines: z.array(orderLineSchema).min(1, 'An order keeps at least one line; cancel it instead.').max(200).optional(),
});
export type OrderEditInput = z.infer<typeof orderEditSchema>;

/** A Dhaka calendar day `YYYY-MM-DD` for the list's `from` and `to`. */
const dhakaDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.').refine(isCalendarDay, 'Use a real date from 2000 to 2100, as YYYY-MM-DD.');

/** A day that exists (no 30 February) in the years a shop's orders can have. */
export function isCalendarDay(v: string): boolean {
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v && at.getUTCFullYear() >= 2000 && at.getUTCFullYear() <= 2100;
}
export const orderDateFilter = { from: dhakaDay.optional(), to: dhakaDay.optional() };

/** The instants a `from`…`to` range of Dhaka days covers (both days included): [start, end). */
export function dhakaDayRange(from?: string, to?: string): { start?: string; end?: string } {
  const DAY = 24 * 3600_000;
  return {
    ...(from ? { start: new Date(Date.parse(`${from}T00:00:00+06:00`)).toISOString() } : {}),
    ...(to ? { end: new Date(Date.parse(`${to}T00:00:00+06:00`) + DAY).toISOString() } : {}),
  };
}

/** The one line each of `new_order_alert_phones` gets for a new order. */
export function newOrderAlert(p: { shop: string; id: number; total: number; district: string; source: OrderSource }): string {
  const where = p.source === 'web' ? '' : ` (${p.source})`;
  return `${p.shop}: নতুন অর্ডার #${p.id}${where} — ${p.total} টাকা, ${p.district}`;
}

/** The order SMS: received, with the confirmation link when the order needs one. */
export function orderPlacedSms(p: { shop: string; id: number; total: number; confirmUrl?: string | undefined }): string {
  const base = `${p.shop}: আপনার অর্ডার #${p.id} গ্রহণ করা হয়েছে। মোট ${p.total} টাকা।`;
  return p.confirmUrl ? `${base} কনফার্ম করতে: ${p.confirmUrl}` : `${base} ধন্যবাদ!`;
}
