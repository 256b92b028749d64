/**
 * Returns as the screens read them (issue 34): an order's `returns` and `GET /api/returns/`'s
 * results, read leniently (a field an older server leaves out reads as empty, a return of an
 * unexpected shape is left out), their states and origins in words (Bengali and English), and
 * the bodies the screens send. Pure, so it is tested without a browser.
 */
import { z } from 'zod';
import { RETURN_CONDITIONS, RETURN_ORIGINS, RETURN_STATES, type ReturnCondition, type ReturnOrigin } from '../../../../domain/returns';

/** A value read leniently: missing, null or of another type reads as `fallback`. */
const lenient = <T extends z.ZodType, F>(schema: T, fallback: F) =>
  schema
    .nullish()
    .catch(null)
    .transform((v): z.infer<T> | F => v ?? fallback);

const condition = lenient(z.enum(RETURN_CONDITIONS), null as ReturnCondition | null);
const lineSchema = z.object({
  order_item: z.number(),
  /** The order line's title (the returns list names it; an order's own screen knows it). */
  product_title: lenient(z.string(), ''),
  quantity: z.number(),
  condition,
  received_condition: condition,
});
const text = lenient(z.string(), '');
const when = lenient(z.string(), null as string | null);
const money = lenient(z.number(), 0);
const returnSchema = z.object({
  id: z.number(),
  order: lenient(z.union([z.number(), z.object({ id: z.number() }).transform((o) => o.id)]), null as number | null),
  status: z.enum(RETURN_STATES),
  origin: z.enum(RETURN_ORIGINS).catch('staff'),
  reason: text,
  decision_reason: text,
  refund_amount: money,
  refunded_amount: money,
  lines: lenient(z.array(lineSchema), []),
  photos: lenient(z.array(z.string()), []),
  created_at: when,
  decided_at: when,
  received_at: when,
  exchange_order: lenient(z.number(), null as number | null),
  /** Staff's list: the order's customer. */
  customer: lenient(z.object({ name: z.string(), phone_number: z.string() }), null as { name: string; phone_number: string } | null),
});

export type ReturnLine = z.infer<typeof lineSchema>;
export type OrderReturn = z.infer<typeof returnSchema>;

/** The returns of an answer; anything that is not a list reads as none. */
export function readReturns(value: unknown): OrderReturn[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const r = returnSchema.safeParse(v);
    return r.success ? [r.data] : [];
  });
}

export { RETURN_STATE_TEXT } from '../../account/return-state-text';

export const ORIGIN_TEXT: Record<ReturnOrigin, string> = {
  customer: "Customer's request",
  staff: 'Made by staff',
  courier: 'Parcel returned by the courier',
  partial: 'Not delivered (partial delivery)',
};

export const CONDITION_TEXT: Record<ReturnCondition, string> = { resellable: 'Resellable', damaged: 'Damaged (written off)' };

/** The approved returns: their goods are on their way back (the order's "Received" takes them all in). */
export function inTransit(returns: readonly OrderReturn[]): OrderReturn[] {
  return returns.filter((r) => r.status === 'approved');
}

/**
 * The lines of several returns as one parcel: units summed per order line (the first condition
 * given holds). Empty when any of them came without lines: the packer then counts the parcel.
 */
export function parcelLines(returns: readonly Pick<OrderReturn, 'lines'>[]): ReturnLine[] {
  if (returns.some((r) => r.lines.length === 0)) return [];
  const out = new Map<number, ReturnLine>();
  for (const l of returns.flatMap((r) => r.lines)) {
    const had = out.get(l.order_item);
    out.set(l.order_item, had ? { ...had, quantity: had.quantity + l.quantity, condition: had.condition ?? l.condition } : { ...l });
  }
  return [...out.values()];
}

/** What a return may still get back: its refund amount less what refunds naming it gave. */
export function refundLeft(r: Pick<OrderReturn, 'refund_amount' | 'refunded_amount'>): number {
  return Math.max(0, r.refund_amount - r.refunded_amount);
}

/** A date-time as the back office shows it (the server's ISO text, to the minute). */
export function at(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace('T', ' ') : '';
}

/**
 * The body of a receipt: each line's quantity with the condition chosen on screen (a line left
 * without a choice keeps the one given when the return was made, else resellable).
 */
export function receiveBody(lines: readonly ReturnLine[], chosen: Readonly<Record<number, ReturnCondition | undefined>>) {
  return { lines: lines.map((l) => ({ order_item: l.order_item, quantity: l.quantity, condition: chosen[l.order_item] ?? l.condition ?? 'resellable' })) };
}

/** A line as the screens name it: the order line's title, or its id when neither the order's lines nor the answer say it. */
export function lineTitle(titles: ReadonlyMap<number, string>, orderItem: number, own?: string): string {
  return titles.get(orderItem) ?? (own || `Line ${orderItem}`);
}

/** The return's lines in words: "title × 2, title × 1". */
export function linesText(r: Pick<OrderReturn, 'lines'>, titles: ReadonlyMap<number, string> = new Map()): string {
  return r.lines.map((l) => `${lineTitle(titles, l.order_item, l.product_title)} × ${l.quantity}`).join(', ');
}

/**
 * Quantities typed per order line (an empty or 0 box leaves the line out) as a call's lines;
 * `condition` per line when given. A box that is not a whole number becomes NaN, so the server's
 * own schema names it.
 */
export function linesOf(typed: Readonly<Record<number, string>>, conditions: Readonly<Record<number, ReturnCondition | undefined>> = {}) {
  return Object.entries(typed).flatMap(([item, text]) => {
    const t = text.trim();
    if (t === '' || t === '0') return [];
    const quantity = /^\d+$/.test(t) ? Number(t) : Number.NaN;
    const condition = conditions[Number(item)];
    return [{ order_item: Number(item), quantity, ...(condition ? { condition } : {}) }];
  });
}
