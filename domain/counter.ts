/**
 * The counter (point of sale, issue 36; docs/counter.md): a sale's input, the discount each role
 * may give, the money (total, change), when an offline sale counts as made, the day's report,
 * and the screen's lookups in the local catalogue (a scanned ISBN, a typed title). Pure: shared
 * by the server (server/orders/counter/) and the screen (app/components/admin/pos/).
 */
import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from './roles';
import type { CounterDiscountLimits } from './counter-limits';
import { normalizePhone } from './phone';
import { isbnKey } from './isbn';
import { normalizeSearchText } from './search-text';
import { MAX_ID } from './queries';

export const COUNTER_PAYMENT_METHODS = ['cash', 'bkash', 'nagad', 'card'] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];

export const COUNTER_METHOD_LABELS: Record<CounterPaymentMethod, { bn: string; en: string }> = {
  cash: { bn: 'নগদ টাকা', en: 'Cash' },
  bkash: { bn: 'বিকাশ', en: 'bKash' },
  nagad: { bn: 'নগদ', en: 'Nagad' },
  card: { bn: 'কার্ড', en: 'Card' },
};

/** The most units of one line, and lines of one sale (a counter sale is a bag of books, not a warehouse order). */
export const COUNTER_MAX_QUANTITY = 999;
export const COUNTER_MAX_LINES = 200;
/** Taka a sale may take at most (tendered included): a typo of extra zeros is refused. */
const COUNTER_MAX_TAKA = 10_000_000;

export const COUNTER_MESSAGES = {
  lines: 'অন্তত একটি বই দিন, সর্বোচ্চ ২০০টি লাইন। (At least one item, at most 200 lines.)',
  product: 'তালিকা থেকে একটি পণ্য বেছে নিন। (Choose a product from the list.)',
  quantity: 'পরিমাণ ১ থেকে ৯৯৯-এর মধ্যে পূর্ণ সংখ্যা দিন। (Quantity: a whole number from 1 to 999.)',
  discount: 'ছাড় পূর্ণ টাকায় দিন, ০ বা তার বেশি। (Discount: whole taka, 0 or more.)',
  method: 'পেমেন্টের মাধ্যম বেছে নিন: cash, bkash, nagad, card। (Choose cash, bkash, nagad or card.)',
  paid: 'কত টাকা দেওয়া হলো তা পূর্ণ টাকায় লিখুন। (Amount tendered: whole taka.)',
  phone: 'সঠিক মোবাইল নাম্বার দিন (01XXXXXXXXX), অথবা খালি রাখুন। (A Bangladeshi mobile number, or empty.)',
  clientRef: 'client_ref: ৮–৬৪ অক্ষরের একটি আইডি দিন (A sale id of 8–64 letters, digits, - or _).',
  soldAt: 'sold_at: ISO 8601 সময় দিন। (sold_at: an ISO 8601 time.)',
  discountOver: (limit: number, percent: number) => `আপনার ভূমিকায় সর্বোচ্চ ছাড় ৳${limit} (${percent}%)। (Your role may give at most ৳${limit}, ${percent}% of the subtotal.)`,
  paidShort: (total: number) => `দেওয়া টাকা মোট ৳${total}-এর কম। (The amount tendered is below the total of ৳${total}.)`,
  unavailable: (id: number) => `পণ্য ${id} বিক্রির জন্য নেই। (Product ${id} is not on sale.)`,
  short: 'কিছু বইয়ের স্টক নেই — কিছুই বিক্রি হয়নি। (Not enough stock for some lines: nothing was sold.)',
  sold: 'বিক্রি হয়েছে। (Sold.)',
  soldShort: 'বিক্রি লেখা হয়েছে, কিন্তু কিছু লাইনের স্টক ছিল না — স্টাফ দেখে নিন। (Sale recorded; some lines were short of stock and are flagged for staff.)',
  soldChecked: 'বিক্রি লেখা হয়েছে; স্টাফের দেখার জন্য নোট রাখা হলো। (Sale recorded, with a note for staff to check.)',
  unitPrice: 'একক দাম পূর্ণ টাকায় দিন। (Unit price: whole taka.)',
  // An offline sale's staff_note: what the server would have refused live, recorded instead.
  checkOffline: 'অফলাইন বিক্রি — স্টাফ দেখে নিন: (Offline sale — for staff to check:)',
  checkPrice: (title: string, sent: number, now: number) => `"${title}"-এর দাম ছিল ৳${sent}, এখন ৳${now}। (Price of ${title} was ৳${sent}, now ৳${now}.)`,
  checkDiscount: (discount: number, limit: number, percent: number) => `ছাড় ৳${discount}, বিক্রেতার সীমা ৳${limit} (${percent}%)-এর বেশি। (Discount ৳${discount} is above the seller's limit of ৳${limit}, ${percent}%.)`,
  checkPaid: (paid: number, total: number) => `দেওয়া হয়েছে ৳${paid}, মোট ৳${total}। (Paid ৳${paid} of ৳${total}.)`,
  checkStale: (day: string) => `বিক্রির তারিখ ${day}, পাঠানো হলো তিন দিনের বেশি পরে — টিলের ঘড়ি দেখে নিন। (Sold on ${day}, sent more than three days later: check the till's clock.)`,
  checkPhone: (phone: string) => `ক্রেতার নম্বর "${phone}" সঠিক নয়, বাদ দেওয়া হলো। (The buyer's number "${phone}" is not valid and was dropped.)`,
  notFound: 'বিক্রিটি পাওয়া যায়নি। (Sale not found.)',
  day: 'দিন YYYY-MM-DD আকারে দিন। (Give the day as YYYY-MM-DD.)',
} as const;

const wholeTaka = (message: string) => z.number({ error: message }).int(message).min(0, message).max(COUNTER_MAX_TAKA, message);

/** `POST /api/pos/sales/`: one sale. `sold_at` only for a sale made while the screen had no network. */
export const counterSaleSchema = z
  .object({
    lines: z
      .array(
        z
          .object({
            product: z.number({ error: COUNTER_MESSAGES.product }).int(COUNTER_MESSAGES.product).positive(COUNTER_MESSAGES.product).max(MAX_ID, COUNTER_MESSAGES.product),
            quantity: z.number({ error: COUNTER_MESSAGES.quantity }).int(COUNTER_MESSAGES.quantity).min(1, COUNTER_MESSAGES.quantity).max(COUNTER_MAX_QUANTITY, COUNTER_MESSAGES.quantity),
            /** The price the screen showed: used for a `sold_at` sale only (live sales are priced by the server). */
            unit_price: wholeTaka(COUNTER_MESSAGES.unitPrice).optional(),
          })
          .strict(),
        { error: COUNTER_MESSAGES.lines },
      )
      .min(1, COUNTER_MESSAGES.lines)
      .max(COUNTER_MAX_LINES, COUNTER_MESSAGES.lines),
    discount: wholeTaka(COUNTER_MESSAGES.discount).optional(),
    payment_method: z.enum(COUNTER_PAYMENT_METHODS, { error: COUNTER_MESSAGES.method }),
    paid: wholeTaka(COUNTER_MESSAGES.paid),
    /** As typed; counterPhone() reads it. */
    customer_phone: z.string({ error: COUNTER_MESSAGES.phone }).trim().max(200, COUNTER_MESSAGES.phone).nullish(),
    client_ref: z.string({ error: COUNTER_MESSAGES.clientRef }).regex(/^[A-Za-z0-9_-]{8,64}$/, COUNTER_MESSAGES.clientRef),
    sold_at: z.iso.datetime({ offset: true, error: COUNTER_MESSAGES.soldAt }).optional(),
  })
  .strict()
  // Live, the seller can correct a bad number; offline (sold_at) the buyer has gone: the server drops it and notes it.
  .refine((v) => v.sold_at !== undefined || counterPhone(v.customer_phone) !== null, { path: ['customer_phone'], message: COUNTER_MESSAGES.phone });

/** The buyer's number, normalized; undefined when none was typed, null when it is not a valid number. */
export function counterPhone(raw: string | null | undefined): string | undefined | null {
  if (!raw) return undefined;
  return raw.length <= 30 ? normalizePhone(raw) : null;
}

/** The same product on two lines is one line (a scanner scanning one book twice adds a unit). */
export function mergeLines(lines: readonly { product: number; quantity: number; unit_price?: number }[]): { product: number; quantity: number; unit_price?: number }[] {
  const by = new Map<number, { product: number; quantity: number; unit_price?: number }>();
  for (const l of lines) {
    const had = by.get(l.product);
    by.set(l.product, { ...l, quantity: (had?.quantity ?? 0) + l.quantity, unit_price: had?.unit_price ?? l.unit_price });
  }
  return [...by.values()].map((l) => (l.unit_price === undefined ? { product: l.product, quantity: l.quantity } : l));
}

// ---- discounts ------------------------------------------------------------------------------

/** The percent a role may give; a role the setting does not name gives none. */
export function discountPercentOf(limits: CounterDiscountLimits, role: string): number {
  return (STAFF_ROLES as readonly string[]).includes(role) ? (limits[role as StaffRole] ?? 0) : 0;
}

/** The most taka a role may take off this subtotal: its percent, rounded down to whole taka. */
export function discountLimit(subtotal: number, percent: number): number {
  return Math.floor((Math.max(0, subtotal) * Math.max(0, Math.min(100, percent))) / 100);
}

/** A sale's money: the total after the discount, and the change to give back (never below 0). */
export function counterMoney(p: { subtotal: number; discount: number; paid: number }): { total: number; change_due: number; short: boolean } {
  const total = Math.max(0, p.subtotal - p.discount);
  return { total, change_due: Math.max(0, p.paid - total), short: p.paid < total };
}

/**
 * When an offline sale counts as made: the time the screen wrote, but never in the future (a
 * till's clock running fast would put it in tomorrow's report) and never before the epoch.
 */
/** An offline sale sent more than this long after it was made is flagged for staff (never refused: the goods are gone). */
export const OFFLINE_STALE_MS = 3 * 24 * 3600_000;
export const staleOffline = (soldAt: string, now: number) => now - Date.parse(soldAt) > OFFLINE_STALE_MS;

export function soldAtOf(soldAt: string | undefined, now: number): string {
  const at = soldAt ? Date.parse(soldAt) : NaN;
  return new Date(Number.isFinite(at) ? Math.max(0, Math.min(at, now)) : now).toISOString();
}

// ---- the day's report -----------------------------------------------------------------------

export interface CounterSaleRow {
  id: number;
  total: number;
  method: string;
  seller: number | null;
  short: boolean;
  created_at: string;
  /** The order's staff_note: what an offline sale left for staff to check ('' when nothing). */
  note: string;
}

export interface CounterDayReport {
  day: string;
  sales: number;
  total: number;
  /** The cash sales' totals: what the drawer should hold beyond its float. */
  cash_expected: number;
  by_method: { method: string; sales: number; total: number }[];
  by_staff: { user: number | null; name: string; sales: number; total: number }[];
  short: { id: number; total: number; at: string }[];
  /** Sales with a staff note to check (an offline sale's price, discount, money or phone). */
  check: { id: number; total: number; at: string; note: string }[];
}

/** The day's figures from its counter sales (cancelled ones already left out). */
export function counterDay(day: string, rows: readonly CounterSaleRow[], names: ReadonlyMap<number, string>): CounterDayReport {
  const methods = new Map<string, { sales: number; total: number }>();
  const staff = new Map<number | null, { sales: number; total: number }>();
  for (const r of rows) {
    const m = methods.get(r.method) ?? { sales: 0, total: 0 };
    methods.set(r.method, { sales: m.sales + 1, total: m.total + r.total });
    const s = staff.get(r.seller) ?? { sales: 0, total: 0 };
    staff.set(r.seller, { sales: s.sales + 1, total: s.total + r.total });
  }
  return {
    day,
    sales: rows.length,
    total: rows.reduce((n, r) => n + r.total, 0),
    cash_expected: methods.get('cash')?.total ?? 0,
    by_method: COUNTER_PAYMENT_METHODS.filter((m) => methods.has(m)).map((method) => ({ method, ...methods.get(method)! })),
    by_staff: [...staff].map(([user, s]) => ({ user, name: user === null ? '' : (names.get(user) ?? `#${user}`), ...s })).sort((a, b) => b.total - a.total),
    short: rows.filter((r) => r.short).map((r) => ({ id: r.id, total: r.total, at: r.created_at })),
    check: rows.filter((r) => r.note !== '').map((r) => ({ id: r.id, total: r.total, at: r.created_at, note: r.note })),
  };
}

// ---- the screen's local catalogue -------------------------------------------------------------

/** One product as the counter keeps it (`GET /api/pos/catalogue/` sends these as arrays, in this order). */
export interface CounterItem {
  id: number;
  title: string;
  title_en: string;
  isbn_key: string | null;
  price: number;
  stock: number;
}
export const COUNTER_ITEM_FIELDS = ['id', 'title', 'title_en', 'isbn_key', 'price', 'stock'] as const;
export type CounterItemRow = [number, string, string, string | null, number, number];

export const toCounterItem = (r: CounterItemRow): CounterItem => ({ id: r[0], title: r[1], title_en: r[2], isbn_key: r[3], price: r[4], stock: r[5] });

/** A code typed by a scanner: an ISBN (any form), or `P` and a product number. */
export function itemForCode(byIsbn: ReadonlyMap<string, CounterItem>, byId: ReadonlyMap<number, CounterItem>, code: string): CounterItem | undefined {
  const key = isbnKey(code);
  if (key) return byIsbn.get(key);
  const id = /^[Pp#]?(\d{1,9})$/.exec(code.trim());
  return id ? byId.get(Number(id[1])) : undefined;
}

/** The items whose titles hold every word typed (Bengali spelling folded as search does), at most `limit`. */
export function searchItems(items: readonly CounterItem[], text: string, limit = 8, normalized?: ReadonlyMap<number, string>): CounterItem[] {
  const words = normalizeSearchText(text).split(' ').filter(Boolean);
  if (!words.length) return [];
  const out: CounterItem[] = [];
  for (const item of items) {
    const hay = normalized?.get(item.id) ?? normalizeSearchText(`${item.title} ${item.title_en}`);
    if (words.every((w) => hay.includes(w))) out.push(item);
    if (out.length >= limit) break;
  }
  return out;
}
