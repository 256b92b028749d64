/**
 * What a courier's webhook (couriers/<id>/webhook.ts) is built from: the constant-time check of
 * the secret it presents, and where its body names the parcel. A leaf, so plug-ins depend only
 * downward: not on webhooks.ts, which serves the routes and asks the service.
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { idSchema } from '../../../domain/queries';

/** Constant-time equality of a presented secret with the configured one; never equal when unset. */
export function sameSecret(presented: string | undefined, expected: string | undefined): boolean {
  if (!expected || presented === undefined) return false;
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  // Compared at equal length, so the time does not tell how much matched.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
}

/**
 * The parcel a webhook names: the courier's consignment id, or our order number; and the amounts
 * it reports, which the courier's status call does not give: what was `collected` from the
 * customer (a partial delivery's money) and the parcel's `deliveryFee`. They are used only once
 * the courier itself says the parcel's state (tracking.ts).
 */
export interface ParcelRef {
  consignmentId?: string;
  orderId?: number;
  collected?: number;
  deliveryFee?: number;
}

const idLike = z.union([z.string(), z.number()]).optional().catch(undefined);
/** Taka as a webhook sends them (a number or numeric text, 0 or more), to whole taka; null, empty or blank is no amount, never 0. */
const amount = z
  .preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.coerce.number().min(0).max(100_000_000).transform(Math.round).optional())
  .catch(undefined);

/**
 * A webhook body that names the parcel in these fields (`consignment`: the courier's id,
 * `order`: our order number as we sent it; `collected` and `fee`: the amounts, where the courier
 * sends them): its schema for the API document, and its reader. Anything else in the body is
 * ignored; a body that is not an object names nothing.
 */
export function parcelFields(fields: { consignment: string; order: string; collected?: string; fee?: string }): { body: z.ZodType; parcel(body: unknown): ParcelRef } {
  const money = Object.fromEntries([fields.collected, fields.fee].filter((f): f is string => !!f).map((f) => [f, amount]));
  const body = z.object({ [fields.consignment]: idLike, [fields.order]: idLike, ...money }).loose().catch({});
  return {
    body,
    parcel(raw) {
      const b = body.parse(raw ?? {}) as Record<string, string | number | undefined>;
      const consignment = b[fields.consignment];
      const order = idSchema.safeParse(String(b[fields.order] ?? ''));
      const collected = fields.collected ? b[fields.collected] : undefined;
      const fee = fields.fee ? b[fields.fee] : undefined;
      return {
        ...(consignment !== undefined && String(consignment) !== '' ? { consignmentId: String(consignment).slice(0, 100) } : {}),
        ...(order.success ? { orderId: order.data } : {}),
        ...(typeof collected === 'number' ? { collected } : {}),
        ...(typeof fee === 'number' ? { deliveryFee: fee } : {}),
      };
    },
  };
}
