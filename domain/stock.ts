/**
 * The stock ledger's rules (issue 35; docs/stock-ledger.md). Every change of a product's
 * `units_stock` is a movement with a reason, a reference and the user, so the stock always
 * equals the sum of its movements. Pure: the server writes them (server/catalog/stock-ledger.ts),
 * the receipts, the low-stock list and the morning notice read them (server/stock/).
 */
import { z } from 'zod';
import { STOCK_MAX } from './form-fields';
import { MAX_ID } from './queries';

/** Why a product's stock moved. `damaged`: returned units written off (delta 0: they never re-entered stock). */
export const STOCK_REASONS = ['sale', 'cancel', 'return', 'damaged', 'receipt', 'adjustment', 'counter'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** How `units_sold` moves with a movement: a sale counts its units, a cancel or return takes them back. */
export function soldMove(reason: StockReason): 'count' | 'uncount' | null {
  if (reason === 'sale' || reason === 'counter') return 'count';
  if (reason === 'cancel' || reason === 'return') return 'uncount';
  return null;
}

/** The reasons whose movements, summed and negated, are the units sold (a cancel undoes its sale; a return does not make a sale unsold here). */
export const SALES_REASONS = ['sale', 'cancel', 'counter'] as const satisfies readonly StockReason[];

/** A movement's reference: what caused it, as `kind:id` (a product's own edits and imports say `''`, `opening` or `import`). */
export const stockRef = {
  order: (id: number) => `order:${id}`,
  return: (id: number) => `return:${id}`,
  receipt: (id: number) => `receipt:${id}`,
} as const;

/** Who moved it and why; `user` null for the system (a courier, a worker, a gateway). */
export interface StockNote {
  reason: StockReason;
  ref?: string | undefined;
  user?: number | null | undefined;
}

// ---- receipts -----------------------------------------------------------------------------

export const RECEIPT_MESSAGES = {
  supplier: 'সরবরাহকারীর নাম দিন (Name the supplier or publisher).',
  reference: 'রেফারেন্স ২০০ অক্ষরের মধ্যে দিন (At most 200 characters).',
  lines: 'অন্তত একটি পণ্য দিন, সর্বোচ্চ ২০০টি লাইন (At least one product, at most 200 lines).',
  product: 'তালিকা থেকে একটি পণ্য বেছে নিন (Choose a product from the list).',
  unknownProduct: (id: number) => `পণ্য ${id} পাওয়া যায়নি (Product ${id} does not exist).`,
  quantity: 'পরিমাণ ১ বা তার বেশি পূর্ণ সংখ্যা দিন (Quantity: a whole number, 1 or more).',
  unitCost: 'একক দাম ০ বা তার বেশি পূর্ণ টাকায় দিন, অথবা খালি রাখুন (Unit cost: whole taka, 0 or more, or empty).',
  tooMuch: (id: number, now: number) => `পণ্য ${id}-এর স্টক সীমা ছাড়িয়ে যাবে (Product ${id} would hold more than ${STOCK_MAX}: ${now} in stock now).`,
  created: 'মাল গ্রহণ লেখা হয়েছে (Receipt recorded).',
} as const;

const wholeTaka = z.number({ error: RECEIPT_MESSAGES.unitCost }).int(RECEIPT_MESSAGES.unitCost).min(0, RECEIPT_MESSAGES.unitCost).max(STOCK_MAX, RECEIPT_MESSAGES.unitCost);

/** `POST /api/stock/receipts/`: the goods a supplier delivered; `unit_cost` also becomes the product's purchase price. */
export const receiptSchema = z
  .object({
    supplier: z.string({ error: RECEIPT_MESSAGES.supplier }).trim().min(1, RECEIPT_MESSAGES.supplier).max(200, RECEIPT_MESSAGES.supplier),
    reference: z.string({ error: RECEIPT_MESSAGES.reference }).trim().max(200, RECEIPT_MESSAGES.reference).optional(),
    lines: z
      .array(
        z
          .object({
            product: z.number({ error: RECEIPT_MESSAGES.product }).int(RECEIPT_MESSAGES.product).positive(RECEIPT_MESSAGES.product).max(MAX_ID, RECEIPT_MESSAGES.product),
            quantity: z.number({ error: RECEIPT_MESSAGES.quantity }).int(RECEIPT_MESSAGES.quantity).min(1, RECEIPT_MESSAGES.quantity).max(STOCK_MAX, RECEIPT_MESSAGES.quantity),
            unit_cost: wholeTaka.nullable().optional(),
          })
          .strict(),
        { error: RECEIPT_MESSAGES.lines },
      )
      .min(1, RECEIPT_MESSAGES.lines)
      .max(200, RECEIPT_MESSAGES.lines),
  })
  .strict();

/** The receipt's cost: the lines with a unit cost, quantity × cost; null when no line has one. */
export function receiptTotal(lines: readonly { quantity: number; unit_cost?: number | null | undefined }[]): number | null {
  const costed = lines.filter((l) => l.unit_cost !== undefined && l.unit_cost !== null);
  return costed.length ? costed.reduce((n, l) => n + l.quantity * l.unit_cost!, 0) : null;
}

// ---- low stock ----------------------------------------------------------------------------

/** Sales speed is read over this many days. */
export const SALES_WINDOW_DAYS = 30;

/** The threshold a product is judged by: its own, else the shop's default. */
export const thresholdOf = (own: number | null, shopDefault: number) => own ?? shopDefault;

/** Days the stock lasts at the window's daily speed (rounded down); null when nothing sold. */
export function daysLeft(stock: number, sold: number, windowDays = SALES_WINDOW_DAYS): number | null {
  if (sold <= 0) return null;
  return Math.floor(Math.max(0, stock) / (sold / windowDays));
}

export interface LowStockRow {
  id: number;
  title: string;
  units_stock: number;
  threshold: number;
  sold_30d: number;
  days_left: number | null;
}

/** Fastest sellers first; among equals, the one that runs out sooner, then the lower stock, then by id. */
export function rankLowStock<T extends Pick<LowStockRow, 'id' | 'units_stock' | 'sold_30d' | 'days_left'>>(rows: readonly T[]): T[] {
  const days = (r: T) => r.days_left ?? Number.POSITIVE_INFINITY;
  return [...rows].sort((a, b) => b.sold_30d - a.sold_30d || days(a) - days(b) || a.units_stock - b.units_stock || a.id - b.id);
}

// ---- the morning notice -------------------------------------------------------------------

const DHAKA_OFFSET_MS = 6 * 3600_000;
/** The notice goes from 09:00 Dhaka time; a day whose morning the shop slept through is sent until 21:00, never at night. */
export const MORNING_HOUR = 9;
export const MORNING_LAST_HOUR = 21;

/** The Dhaka calendar day (YYYY-MM-DD) holding the instant `now` (ms). */
export const dhakaDate = (now: number) => new Date(now + DHAKA_OFFSET_MS).toISOString().slice(0, 10);

/** Whether the morning notice is due at `now`: from 09:00 until 21:00 Dhaka time. */
export function morningNoticeDue(now: number): boolean {
  const hour = new Date(now + DHAKA_OFFSET_MS).getUTCHours();
  return hour >= MORNING_HOUR && hour < MORNING_LAST_HOUR;
}

/** How many titles the notice names. */
export const NOTICE_TITLES = 3;

/**
 * The one SMS the managers and owners get: how many products are low and the first few
 * (fastest-selling) titles, each cut to 24 characters, so the message stays two or three parts.
 */
export function lowStockSms(p: { shop: string; count: number; titles: readonly string[]; link?: string | undefined }): string {
  const named = p.titles.slice(0, NOTICE_TITLES).map((t) => ([...t].length > 24 ? `${[...t].slice(0, 23).join('').trimEnd()}…` : t));
  const more = p.count > named.length ? ` ও আরও ${p.count - named.length}টি` : '';
  return `${p.shop}: ${p.count}টি পণ্যের স্টক কম — ${named.join(', ')}${more}।${p.link ? ` ${p.link}` : ''}`;
}
