/**
 * The courier's cash as the back office reads it (issue 34): an uploaded payout sheet's result
 * (`POST /api/courier-payouts/`, also `GET /api/courier-payouts/{id}/`) read leniently — matched,
 * short and unknown lines — and the form's fields beside the file. Pure.
 */
import { z } from 'zod';
import { PAYOUT_MESSAGES, payoutFormSchema } from '../../../../domain/payouts';
import type { FieldErrors } from '../../form/api';
import { checkWith } from '../../form/values';

const count = z.number().catch(0);
const resultSchema = z.object({
  id: z.number(),
  courier: z.string().catch(''),
  courier_label: z.string().optional().catch(undefined),
  reference: z.string().nullable().optional().catch(null),
  paid_at: z.string().nullable().optional().catch(null),
  total: count,
  fees: count.optional().transform((n) => n ?? 0),
  lines: count.optional().transform((n) => n ?? 0),
  // The upload answers `matched` as a count; older drafts of the contract as a list.
  matched: z.union([z.number(), z.array(z.unknown()).transform((l) => l.length)]).catch(0),
  short: z
    .array(
      z.object({
        order: z.number().nullable().catch(null),
        consignment_id: z
          .union([z.string(), z.number()])
          .optional()
          .transform((v) => (v === undefined ? '' : String(v))),
        expected: z.number().nullable().catch(null),
        got: z.number().catch(0),
      }),
    )
    .catch([]),
  unknown: z.array(z.union([z.string(), z.number()]).transform(String)).catch([]),
  /** Parcels earlier payouts already paid in full: listed, not counted again. */
  already_paid: z.array(z.union([z.string(), z.number()]).transform(String)).catch([]),
});

export type PayoutResult = z.infer<typeof resultSchema>;

/** The result of an answer, or null when it is not one. */
export function readPayoutResult(body: unknown): PayoutResult | null {
  const r = resultSchema.safeParse(body);
  return r.success ? r.data : null;
}

/** The fields beside the file, checked with the server's own schema; a missing file is named too. */
export function checkPayoutForm(fields: { courier: string; paid_at: string; reference: string }, file: File | null): FieldErrors {
  const errors = checkWith(payoutFormSchema, fields);
  if (!file || file.size === 0) errors.file = [PAYOUT_MESSAGES.file];
  return errors;
}

/** Today in Dhaka as YYYY-MM-DD (the date input's default). */
export function dhakaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(now);
}

/** A day or instant as the screens show it: the date, in Dhaka. */
export function dhakaDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : dhakaToday(new Date(ms));
}
