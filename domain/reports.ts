/**
 * The accountant's reports (issue 35): which Dhaka days a report covers, how days fall into
 * weeks and months, the sales figures per period with the days that sold nothing filled in,
 * net = revenue − discounts + delivery − refunds, the top lists and the margin where a product's
 * purchase price is known. Pure: no database, no clock (today is passed in).
 *
 * Weeks are ISO 8601 weeks: Monday to Sunday, labelled `2026-W48`. The label is the ISO
 * week-date, which spreadsheets compute too (ISOWEEKNUM), and Bangladesh's weekend (Friday and
 * Saturday) falls inside one such week, so every week holds a whole weekend.
 */
import { z } from 'zod';
import { orderDateFilter } from './order-desk';

export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const TOP_DIMENSIONS = ['product', 'author', 'publisher', 'category'] as const;
export type TopDimension = (typeof TOP_DIMENSIONS)[number];

/** Without `from` and `to`, a report covers the last 30 Dhaka days, today included. */
export const DEFAULT_REPORT_DAYS = 30;
export const TOP_LIMIT_DEFAULT = 10;
export const TOP_LIMIT_MAX = 100;
/** The longest range a report reads, by grouping: at most about 730 rows of days, 260 weeks, 120 months. */
export const MAX_REPORT_DAYS: Record<ReportGroup, number> = { day: 731, week: 1827, month: 3653 };

const DAY_MS = 24 * 3600_000;
/** Dhaka is UTC+6 all year (no daylight saving since 2009). */
const DHAKA_OFFSET_MS = 6 * 3600_000;

export const REPORT_MESSAGES = {
  order: '`from` must be on or before `to`.',
  tooLong: (days: number) => `A report covers at most ${days} days at this grouping; choose a shorter range or a longer grouping.`,
  group: `group must be one of ${REPORT_GROUPS.join(', ')}.`,
  by: `by must be one of ${TOP_DIMENSIONS.join(', ')}.`,
  limit: `limit must be a whole number from 1 to ${TOP_LIMIT_MAX}.`,
} as const;

/** The Dhaka calendar day (YYYY-MM-DD) of an instant. */
export function dhakaDayOf(instant: string | number): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  return new Date(ms + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** An instant as a Dhaka wall-clock time, `YYYY-MM-DD HH:MM` (the exports' "placed at"). */
export function dhakaTimeText(instant: string): string {
  const text = new Date(Date.parse(instant) + DHAKA_OFFSET_MS).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export interface DayRange {
  from: string;
  to: string;
}

/**
 * The Dhaka days a report covers: both given; one given (`from` alone runs to today, `to` alone
 * starts 29 days before it); neither: the last 30 days up to today.
 */
export function reportRange(q: { from?: string | undefined; to?: string | undefined }, nowMs: number): DayRange {
  const to = q.to ?? (q.from && q.from > dhakaDayOf(nowMs) ? q.from : dhakaDayOf(nowMs));
  return { from: q.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1)), to };
}

/** The ISO week of a day: its year (which may differ from the day's near New Year) and number. */
export function isoWeek(day: string): { year: number; week: number } {
  const d = new Date(`${day}T00:00:00Z`);
  // The week's Thursday decides its year.
  const thursday = new Date(d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { year, week };
}

/** The period a day belongs to: the day itself, `2026-W48` or `2026-11`. */
export function periodOf(day: string, group: ReportGroup): string {
  if (group === 'day') return day;
  if (group === 'month') return day.slice(0, 7);
  const { year, week } = isoWeek(day);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Every period from `from` to `to`, in order, each once (the chart needs the empty ones too). */
export function periodsOf(range: DayRange, group: ReportGroup): string[] {
  const out: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const p = periodOf(day, group);
    if (out[out.length - 1] !== p) out.push(p);
  }
  return out;
}

/** A Dhaka day's orders (not Cancelled) as the orders module sums them. */
export interface DayFigures {
  day: string;
  orders: number;
  units: number;
  /** The lines' totals. */
  revenue: number;
  /** What promotions took off the orders. */
  discounts: number;
  /** The orders' delivery charges. */
  delivery: number;
}

export interface SalesFigures {
  orders: number;
  units: number;
  revenue: number;
  discounts: number;
  delivery: number;
  refunds: number;
  net: number;
}
export interface SalesRow extends SalesFigures {
  period: string;
}

/** What the shop kept: revenue − discounts + delivery − refunds. */
export function netOf(f: { revenue: number; discounts: number; delivery: number; refunds: number }): number {
  return f.revenue - f.discounts + f.delivery - f.refunds;
}

const zeroSales = (): SalesFigures => ({ orders: 0, units: 0, revenue: 0, discounts: 0, delivery: 0, refunds: 0, net: 0 });

function add(into: SalesFigures, f: Omit<SalesFigures, 'net'>): void {
  into.orders += f.orders;
  into.units += f.units;
  into.revenue += f.revenue;
  into.discounts += f.discounts;
  into.delivery += f.delivery;
  into.refunds += f.refunds;
}

/**
 * The sales report: a row for every period of the range (zeros where nothing sold), the days'
 * figures and the refunds made on each day added into their period, net worked out per row;
 * `totals` over the whole range. Days outside the range are left out.
 */
export function salesReport(range: DayRange, group: ReportGroup, days: DayFigures[], refunds: { day: string; amount: number }[]): { rows: SalesRow[]; totals: SalesFigures } {
  const rows = new Map(periodsOf(range, group).map((p) => [p, zeroSales()]));
  const inRange = (day: string) => day >= range.from && day <= range.to;
  for (const d of days) if (inRange(d.day)) add(rows.get(periodOf(d.day, group))!, { ...d, refunds: 0 });
  for (const r of refunds) if (inRange(r.day)) add(rows.get(periodOf(r.day, group))!, { ...zeroSales(), refunds: r.amount });
  const totals = zeroSales();
  const out = [...rows].map(([period, f]) => {
    add(totals, f);
    return { period, ...f, net: netOf(f) };
  });
  return { rows: out, totals: { ...totals, net: netOf(totals) } };
}

/** A product's sales over the range (the orders' lines, orders not Cancelled). */
export interface ProductFigures {
  product_id: number;
  /** The product's type as the line recorded it. */
  type: string;
  units: number;
  revenue: number;
}

export interface TopRow {
  id: number;
  name: string;
  units: number;
  revenue: number;
}

/**
 * The products' figures added up by whatever `keyOf` maps a product to (itself, its author,
 * publisher or category), products mapped to nothing left out; best first: revenue, then units,
 * then name; at most `limit` rows.
 */
export function topRows(figures: ProductFigures[], keyOf: (f: ProductFigures) => { id: number; name: string } | null, limit: number): TopRow[] {
  const rows = new Map<number, TopRow>();
  for (const f of figures) {
    const key = keyOf(f);
    if (!key) continue;
    const row = rows.get(key.id) ?? { id: key.id, name: key.name, units: 0, revenue: 0 };
    row.units += f.units;
    row.revenue += f.revenue;
    rows.set(key.id, row);
  }
  return [...rows.values()].sort((a, b) => b.revenue - a.revenue || b.units - a.units || a.name.localeCompare(b.name) || a.id - b.id).slice(0, limit);
}

export interface MarginFigures {
  /** Every line's total. */
  revenue: number;
  /** The totals of the lines whose product has a purchase price. */
  covered_revenue: number;
  /** Σ quantity × the product's purchase price now, over those lines. */
  cost: number;
  /** covered_revenue − cost. */
  margin: number;
  /** margin ÷ covered_revenue (0 when nothing is covered), to 4 decimals. */
  margin_rate: number;
  /** covered_revenue ÷ revenue (0 when nothing sold): how much of the revenue the margin speaks for. */
  coverage: number;
}
export interface MarginRow extends MarginFigures {
  type: string;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);

function marginFigures(revenue: number, covered: number, cost: number): MarginFigures {
  return { revenue, covered_revenue: covered, cost, margin: covered - cost, margin_rate: ratio(covered - cost, covered), coverage: ratio(covered, revenue) };
}

/**
 * The margin by product type and in all. A purchase price counts when it is above 0 (a product
 * saved without one holds 0); the cost is today's purchase price, not the one on the sale's day.
 */
export function marginReport(figures: ProductFigures[], purchasePrice: (productId: number) => number | null): { rows: MarginRow[]; totals: MarginFigures } {
  const byType = new Map<string, { revenue: number; covered: number; cost: number }>();
  const all = { revenue: 0, covered: 0, cost: 0 };
  for (const f of figures) {
    const t = byType.get(f.type) ?? { revenue: 0, covered: 0, cost: 0 };
    const price = purchasePrice(f.product_id);
    for (const sum of [t, all]) {
      sum.revenue += f.revenue;
      if (price !== null && price > 0) {
        sum.covered += f.revenue;
        sum.cost += f.units * price;
      }
    }
    byType.set(f.type, t);
  }
  const rows = [...byType].sort(([a], [b]) => a.localeCompare(b)).map(([type, s]) => ({ type, ...marginFigures(s.revenue, s.covered, s.cost) }));
  return { rows, totals: marginFigures(all.revenue, all.covered, all.cost) };
}

/** One payment option's orders over the range. */
export interface PaymentMixRow {
  option: string;
  /** The option's name in the shop's settings (the option itself when no longer offered). */
  label: string;
  orders: number;
  /** The orders' totals. */
  amount: number;
  /** What they were paid, less what was given back. */
  paid: number;
  /** amount ÷ all the orders' amount, to 4 decimals. */
  share: number;
}

/** Options by amount, largest first, with each one's share of the whole. */
export function paymentMix(rows: Omit<PaymentMixRow, 'share'>[]): { rows: PaymentMixRow[]; totals: { orders: number; amount: number; paid: number } } {
  const totals = rows.reduce((t, r) => ({ orders: t.orders + r.orders, amount: t.amount + r.amount, paid: t.paid + r.paid }), { orders: 0, amount: 0, paid: 0 });
  const sorted = [...rows].sort((a, b) => b.amount - a.amount || b.orders - a.orders || a.option.localeCompare(b.option));
  return { rows: sorted.map((r) => ({ ...r, share: ratio(r.amount, totals.amount) })), totals };
}

/**
 * A range a report may read: `from` on or before `to`, and not longer than its grouping allows —
 * measured on the range the report will read, so `from` alone (which runs to today) is held too.
 */
function checkRange(q: { from?: string | undefined; to?: string | undefined }, maxDays: number, ctx: z.RefinementCtx): void {
  if (q.from && q.to && q.from > q.to) return void ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.order });
  const read = reportRange(q, Date.now());
  if (daysBetween(read.from, read.to) > maxDays) ctx.addIssue({ code: 'custom', path: [q.to ? 'to' : 'from'], message: REPORT_MESSAGES.tooLong(maxDays) });
}

/** `?from=&to=` (Dhaka days, both included): the payment mix, the margin, and every report's range. */
export const reportRangeQuery = z.object(orderDateFilter).strict().superRefine((q, ctx) => checkRange(q, MAX_REPORT_DAYS.month, ctx));

/** `GET /api/reports/sales/?from=&to=&group=day|week|month`. */
export const salesReportQuery = z
  .object({ ...orderDateFilter, group: z.enum(REPORT_GROUPS, { message: REPORT_MESSAGES.group }).default('day') })
  .strict()
  .superRefine((q, ctx) => checkRange(q, MAX_REPORT_DAYS[q.group], ctx));

const limitSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
  z.number({ message: REPORT_MESSAGES.limit }).int(REPORT_MESSAGES.limit).min(1, REPORT_MESSAGES.limit).max(TOP_LIMIT_MAX, REPORT_MESSAGES.limit),
);

/** `GET /api/reports/top/?by=product|author|publisher|category&from=&to=&limit=`. */
export const topReportQuery = z
  .object({ ...orderDateFilter, by: z.enum(TOP_DIMENSIONS, { message: REPORT_MESSAGES.by }).default('product'), limit: limitSchema.default(TOP_LIMIT_DEFAULT) })
  .strict()
  .superRefine((q, ctx) => checkRange(q, MAX_REPORT_DAYS.month, ctx));
