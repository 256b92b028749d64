/**
 * Labels, packing slips and the packing desk (issue 35): the calls' schemas and messages, what a
 * scanned code may be (an order number, a courier's consignment id or tracking code, a book's
 * ISBN), and when an order's lines are all packed. Shared by the server and the packing screen.
 */
import { z } from 'zod';
import { MAX_ID } from './queries';
import { isbnKey } from './isbn';

/** At most this many orders per labels or slips call: a day's parcels, in a few seconds. */
export const MAX_PRINT_IDS = 200;

/** `a4`: 8 labels a sheet (2 × 4) to cut; `a6`: one label a page at 105 × 148 mm; `4x6`: one a page at 4 × 6 inch (thermal printers). */
export const LABEL_SIZES = ['a4', 'a6', '4x6'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

export const PACKING_MESSAGES = {
  idsRequired: 'Name the orders: ids=1,2,3.',
  idsInvalid: 'ids must be order numbers separated by commas.',
  tooMany: `At most ${MAX_PRINT_IDS} orders at a time.`,
  size: `size must be one of ${LABEL_SIZES.join(', ')}.`,
  notFound: (ids: number[]) => `No order ${ids.map((id) => `#${id}`).join(', ')}.`,
  cancelled: (ids: number[]) => `Order ${ids.map((id) => `#${id}`).join(', ')} is cancelled: nothing to send.`,
  codeRequired: 'Scan or type an order number, consignment id or tracking code.',
  codeNotFound: 'No order has this number, consignment id or tracking code.',
  orderNotFound: 'Order not found.',
  packed: 'Packed.',
  alreadyPacked: 'Already packed.',
  notPending: (status: string) => `Only a Pending order is packed; this one is ${status}.`,
} as const;

/** `ids=1,2,3`: distinct order numbers in the order given, at least one and at most MAX_PRINT_IDS. */
export const printIdsSchema = z
  .string({ error: PACKING_MESSAGES.idsRequired })
  .trim()
  .min(1, PACKING_MESSAGES.idsRequired)
  .transform((text, ctx) => {
    const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
    const ids = parts.map((p) => (/^#?\d{1,10}$/.test(p) ? Number(p.replace('#', '')) : NaN));
    if (!ids.length || ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > MAX_ID)) {
      ctx.addIssue({ code: 'custom', message: PACKING_MESSAGES.idsInvalid });
      return z.NEVER;
    }
    const distinct = [...new Set(ids)];
    if (distinct.length > MAX_PRINT_IDS) {
      ctx.addIssue({ code: 'custom', message: PACKING_MESSAGES.tooMany });
      return z.NEVER;
    }
    return distinct;
  });

export const labelsQuery = z
  .object({
    ids: printIdsSchema,
    size: z.enum(LABEL_SIZES, { error: PACKING_MESSAGES.size }).default('a4'),
  })
  .strict();

export const slipsQuery = z.object({ ids: printIdsSchema }).strict();

export const scanSchema = z.object({
  code: z.string({ error: PACKING_MESSAGES.codeRequired }).trim().min(1, PACKING_MESSAGES.codeRequired).max(64, PACKING_MESSAGES.codeNotFound),
}).strict();

/**
 * What a scanned code may name. The label's barcode is the bare order number; staff may type it
 * as `#123`, and a prefixed form such as `ORD-123` is read as 123 too. Consignment ids and
 * tracking codes are the couriers' own text, matched exactly (spaces taken out). Bare digits are
 * tried as an order number first (our own label is what the desk scans most), then as a
 * consignment id; a code with letters is tried as a parcel code first.
 */
export interface ScanCode {
  /** The order number the code may be, or null. */
  orderNumber: number | null;
  /** The courier code the code may be, or null when it cannot be one (`#123`). */
  parcelCode: string | null;
  /** Whether the order number is tried before the parcel code. */
  numberFirst: boolean;
}

export function readScanCode(raw: string): ScanCode {
  const code = raw.replace(/\s+/g, '');
  const asNumber = (digits: string) => {
    const n = Number(digits);
    return Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
  };
  if (/^\d+$/.test(code)) return { orderNumber: asNumber(code), parcelCode: code, numberFirst: true };
  const hashed = /^#(\d+)$/.exec(code);
  if (hashed) return { orderNumber: asNumber(hashed[1]!), parcelCode: null, numberFirst: true };
  const prefixed = /^[A-Za-z]{1,6}[-#]?(\d+)$/.exec(code);
  return { orderNumber: prefixed ? asNumber(prefixed[1]!) : null, parcelCode: code || null, numberFirst: false };
}

export interface PackLine {
  id: number;
  product: number;
  quantity: number;
  isbn?: string | null | undefined;
}

/**
 * The line a scanned code ticks, or null: the first line not yet complete whose book has this
 * ISBN (either form), else whose product is `P123` (the product's number, for goods without an
 * ISBN). Bare digits are never a product number: they are an order number.
 */
export function lineForCode<L extends PackLine>(code: string, lines: readonly L[], counted: Readonly<Record<number, number>>): L | null {
  // A stored ISBN that is no valid ISBN still matches the same text, hyphens and spaces aside.
  const keyOf = (text: string) => isbnKey(text) ?? text.replace(/[\s-]/g, '').toUpperCase();
  const key = keyOf(code);
  const product = /^P-?(\d{1,10})$/i.exec(code.trim());
  const matches = lines.filter((l) => (key && l.isbn ? keyOf(l.isbn) === key : false) || (product ? l.product === Number(product[1]) : false));
  return matches.find((l) => (counted[l.id] ?? 0) < l.quantity) ?? matches[0] ?? null;
}

/** Whether every line has all its units counted: then the order may be marked packed. */
export function allPacked(lines: readonly PackLine[], counted: Readonly<Record<number, number>>): boolean {
  return lines.length > 0 && lines.every((l) => (counted[l.id] ?? 0) >= l.quantity);
}
