/**
 * The courier's cash (issue 34): what a parcel costs (its delivery fee), reading a courier's
 * payout sheet (its columns, its amounts, one message per bad row), matching each line to the
 * parcel it pays, and the courier report's arithmetic. Pure: no database, no clock.
 */
import { z } from 'zod';
import { COURIER_IDS, type CourierId } from './providers';
import { orderDateFilter } from './order-desk';

/** The sheet's columns: `delivery_fee` may be left out (or empty on a line). */
export const PAYOUT_COLUMNS = ['consignment_id', 'cod_amount', 'delivery_fee'] as const;
const REQUIRED_COLUMNS = ['consignment_id', 'cod_amount'] as const;
/** A courier's payout batch is a few hundred lines; past this the sheet is refused (split it). */
export const PAYOUT_MAX_LINES = 20_000;

/** Headers the couriers' own exports use for our columns (compared lower case, spaces as `_`). */
const HEADER_ALIASES: Record<string, (typeof PAYOUT_COLUMNS)[number]> = {
  consignment: 'consignment_id',
  consignmentid: 'consignment_id',
  cid: 'consignment_id',
  cod: 'cod_amount',
  collected_amount: 'cod_amount',
  delivery_charge: 'delivery_fee',
  delivery_fees: 'delivery_fee',
  charge: 'delivery_fee',
};

export const PAYOUT_MESSAGES = {
  file: 'একটি CSV বা XLSX ফাইল দিন। (Choose a CSV or XLSX file.)',
  header: (missing: readonly string[]) =>
    `ফাইলের প্রথম লাইনে ${missing.join(', ')} কলাম নেই। (The header lacks ${missing.join(', ')}; it must be consignment_id,cod_amount,delivery_fee.)`,
  empty: 'ফাইলে কোনো লাইন নেই। (The sheet has no lines.)',
  tooMany: `এক ফাইলে সর্বোচ্চ ${PAYOUT_MAX_LINES}টি লাইন। (At most ${PAYOUT_MAX_LINES} lines a sheet; split it.)`,
  consignment: (line: number) => `লাইন ${line}: consignment_id খালি। (Line ${line}: consignment_id is empty.)`,
  amount: (line: number, column: string, text: string) =>
    `লাইন ${line}: ${column} "${text.slice(0, 20)}" টাকার অঙ্ক নয়। (Line ${line}: ${column} must be an amount in taka, 0 or more.)`,
  repeated: (line: number, first: number, id: string) =>
    `লাইন ${line}: ${id} লাইন ${first}-এও আছে। (Line ${line}: consignment ${id} is on line ${first} too.)`,
  badRows: (n: number) => `${n}টি লাইনে ভুল আছে; কিছুই লেখা হয়নি। (${n} line(s) are wrong; nothing was written.)`,
  sameFile: (id: number) => `এই ফাইলটি আগেই আপলোড করা হয়েছে (পেআউট #${id})। (This sheet was already uploaded: payout #${id}.)`,
  paidAt: 'টাকা পাওয়ার তারিখ দিন (YYYY-MM-DD)। (Give the date the payout was paid, YYYY-MM-DD.)',
  courier: `কুরিয়ার বেছে নিন (${COURIER_IDS.join(', ')})। (Choose the courier.)`,
  notFound: 'পেআউট পাওয়া যায়নি। (Payout not found.)',
} as const;

const DHAKA_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `paid_at` as sent: a Dhaka day (its start) or an ISO instant; null when it is neither. */
export function payoutInstant(text: string): string | null {
  const t = text.trim();
  const ms = DHAKA_DAY.test(t) ? Date.parse(`${t}T00:00:00+06:00`) : /^\d{4}-\d{2}-\d{2}T/.test(t) ? Date.parse(t) : NaN;
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

const courierId = z.enum(COURIER_IDS as [CourierId, ...CourierId[]], { message: PAYOUT_MESSAGES.courier });

/** `POST /api/courier-payouts/`'s fields beside the file (multipart text, or JSON for the docs). */
export const payoutFormSchema = z.object({
  courier: courierId,
  paid_at: z
    .string({ message: PAYOUT_MESSAGES.paidAt })
    .max(40, PAYOUT_MESSAGES.paidAt)
    .transform((v, ctx) => payoutInstant(v) ?? (ctx.addIssue({ code: 'custom', message: PAYOUT_MESSAGES.paidAt }), z.NEVER)),
  reference: z.string().trim().max(200).optional().default(''),
});
export type PayoutForm = z.infer<typeof payoutFormSchema>;

/** `GET /api/courier-payouts/?courier=&page=`. */
export const payoutListQuery = z.object({ courier: courierId.optional() });

/** `GET /api/reports/couriers/?from=&to=` (Dhaka days, both included). */
export const courierReportQuery = z.object(orderDateFilter);

/** One line of a payout sheet, read. */
export interface PayoutLine {
  line: number;
  consignment_id: string;
  cod_amount: number;
  /** Null when the sheet does not say. */
  delivery_fee: number | null;
}

function headerKey(h: string): string {
  const k = h.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return HEADER_ALIASES[k] ?? HEADER_ALIASES[k.replace(/_/g, '')] ?? k;
}

/** Taka as a sheet writes them (`1,500`, `1500.00`, `৳ 1500`), rounded to whole taka; null when it is not an amount. */
export function parseTaka(text: string): number | null {
  const t = text.trim().replace(/^(৳|tk\.?|bdt)\s*/i, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t));
}

/**
 * The sheet's lines from its columns and rows (the catalogue import's reader gives both): every
 * problem as its own message, so the accountant fixes the sheet once. Nothing is kept from a
 * sheet with a problem.
 */
export function readPayoutSheet(columns: readonly string[], rows: readonly { line: number; row: Record<string, string> }[]): { ok: true; lines: PayoutLine[] } | { ok: false; errors: string[] } {
  const byKey = new Map<string, string>();
  for (const c of columns) if (!byKey.has(headerKey(c))) byKey.set(headerKey(c), c);
  const missing = REQUIRED_COLUMNS.filter((c) => !byKey.has(c));
  if (missing.length) return { ok: false, errors: [PAYOUT_MESSAGES.header(missing)] };
  if (!rows.length) return { ok: false, errors: [PAYOUT_MESSAGES.empty] };
  if (rows.length > PAYOUT_MAX_LINES) return { ok: false, errors: [PAYOUT_MESSAGES.tooMany] };
  const cell = (row: Record<string, string>, key: string) => {
    const column = byKey.get(key);
    return column === undefined ? '' : (row[column] ?? '').trim();
  };
  const errors: string[] = [];
  const lines: PayoutLine[] = [];
  const seen = new Map<string, number>();
  for (const { line, row } of rows) {
    const id = cell(row, 'consignment_id').slice(0, 100);
    const codText = cell(row, 'cod_amount');
    const feeText = cell(row, 'delivery_fee');
    const cod = parseTaka(codText);
    const fee = feeText === '' ? null : parseTaka(feeText);
    const before = errors.length;
    if (!id) errors.push(PAYOUT_MESSAGES.consignment(line));
    else if (seen.has(id)) errors.push(PAYOUT_MESSAGES.repeated(line, seen.get(id)!, id));
    if (cod === null) errors.push(PAYOUT_MESSAGES.amount(line, 'cod_amount', codText));
    if (feeText !== '' && fee === null) errors.push(PAYOUT_MESSAGES.amount(line, 'delivery_fee', feeText));
    if (id && !seen.has(id)) seen.set(id, line);
    if (errors.length === before) lines.push({ line, consignment_id: id, cod_amount: cod!, delivery_fee: fee });
  }
  return errors.length ? { ok: false, errors } : { ok: true, lines };
}

/** What the shop knows of a parcel a line may pay. */
export interface PayoutParcel {
  order_id: number;
  status: string;
  cod_amount: number | null;
  paid_amount: number;
  total: number;
  /** What earlier payouts already paid for this parcel (0 when none). */
  received_before?: number;
}

/**
 * What the courier owes for a parcel: nothing for one brought back; for a delivered order what it
 * was paid beyond what the shop held when the parcel was booked (total − COD), at most the COD (a
 * partial delivery collected less than the parcel was booked for); otherwise the COD it was booked
 * with. server/orders/shipments.ts says the same in SQL for the report.
 */
export function expectedCod(p: PayoutParcel): number {
  const cod = p.cod_amount ?? 0;
  if (p.status === 'Returned' || p.status === 'Cancelled') return 0;
  if (p.status === 'Delivered') return Math.max(0, Math.min(cod, p.paid_amount - (p.total - cod)));
  return cod;
}

export type PayoutOutcome = 'matched' | 'short' | 'unknown' | 'already_paid';

export interface MatchedLine extends PayoutLine {
  order_id: number | null;
  expected: number | null;
  outcome: PayoutOutcome;
}

/** Each line against its parcel: paid in full (`matched`), less than owed (`short`), or no parcel of ours (`unknown`). */
export function matchPayout(lines: readonly PayoutLine[], parcels: ReadonlyMap<string, PayoutParcel>): MatchedLine[] {
  return lines.map((l) => {
    const p = parcels.get(l.consignment_id);
    if (!p) return { ...l, order_id: null, expected: null, outcome: 'unknown' };
    // A parcel an earlier payout paid short is owed only the rest; one paid in full is owed nothing more.
    const before = p.received_before ?? 0;
    const expected = Math.max(0, expectedCod(p) - before);
    if (before > 0 && expected === 0) return { ...l, order_id: p.order_id, expected, outcome: 'already_paid' };
    return { ...l, order_id: p.order_id, expected, outcome: l.cod_amount >= expected ? 'matched' : 'short' };
  });
}

/** What a parcel costs: the courier's own figure from its booking answer, else the shop's rate for the courier, else unknown. */
export function parcelFee(answered: number | null | undefined, rates: Partial<Record<CourierId, number>>, courier: CourierId): number | null {
  if (typeof answered === 'number' && Number.isFinite(answered) && answered >= 0) return Math.round(answered);
  return rates[courier] ?? null;
}

/** What the orders give per courier for the report. */
export interface CourierFigures {
  courier: CourierId;
  parcels: number;
  delivered: number;
  returned: number;
  cod_expected: number;
  fees: number;
}

export interface CourierReportRow extends CourierFigures {
  return_rate: number;
  cod_received: number;
  outstanding: number;
}

/** Returned ÷ (delivered + returned), to 2 places; 0 when nothing finished. */
export function returnRate(delivered: number, returned: number): number {
  const done = delivered + returned;
  return done ? Math.round((returned / done) * 100) / 100 : 0;
}

/** A report row: the orders' figures and the payouts' money for them. */
export function courierReportRow(f: CourierFigures, received: number): CourierReportRow {
  return { ...f, return_rate: returnRate(f.delivered, f.returned), cod_received: received, outstanding: f.cod_expected - received };
}
