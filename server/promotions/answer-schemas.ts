/** What the promotion routes answer, in zod for the OpenAPI document (service.ts toPromotion). */
import { z } from 'zod';
import { PROMOTION_KINDS } from '../../domain/promotions';
import { pageOf } from '../http/answer-schemas';

const count = z.int().nullable();

export const promotionAnswer = z
  .object({
    id: z.int().min(1),
    name: z.string(),
    kind: z.enum(PROMOTION_KINDS),
    value: z.number(),
    buy_quantity: count,
    get_quantity: count,
    get_products: z.array(z.int()),
    applies_to: z.object({}).loose().describe('Which products it takes off: types, categories, products, authors, publishers (ids)'),
    min_subtotal: count,
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    usage_limit: count,
    per_customer_limit: count,
    code: z.string().nullable(),
    is_active: z.boolean(),
    used_count: z.int().min(0),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .strict()
  .meta({ id: 'Promotion', description: 'A promotion or a coupon (one with a code).' });

export const promotionPage = pageOf(promotionAnswer);
