/**
 * The product form's `preorder` field (docs/preorders.md), apart from domain/preorders.ts so the
 * storefront's cards and cart, which read only the pre-order rules and texts, carry no zod.
 */
import { z } from 'zod';
import { isBlank, STOCK_MAX } from './form-fields';
import { PREORDER_MESSAGES } from './preorder-messages';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

const preorderObject = z
  .object({
    release_date: z.string({ error: PREORDER_MESSAGES.date }).trim().refine(isRealDate, PREORDER_MESSAGES.date),
    limit: z.number({ error: PREORDER_MESSAGES.limit }).int(PREORDER_MESSAGES.limit).min(1, PREORDER_MESSAGES.limit).max(STOCK_MAX, PREORDER_MESSAGES.limit),
  })
  .strict();

/** Text sent for an object (multipart, a form): parsed as JSON; what is not JSON is left to fail the shape. */
function fromText(v: unknown): unknown {
  if (v === undefined) return undefined;
  if (isBlank(v)) return null;
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/**
 * A product's `preorder` field: `{release_date, limit}`, or null (blank) for no pre-order; left
 * out, an update keeps the stored one. Multipart sends it as JSON text.
 */
export const preorderField = z.preprocess(fromText, z.union([z.null(), preorderObject], { error: PREORDER_MESSAGES.shape }).optional());
export type PreorderInput = z.infer<typeof preorderObject>;
