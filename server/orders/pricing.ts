/**
 * Pricing a cart with the promotions that hold now: the one path shared by checkout (inside its
 * transaction) and the cart's quote (`POST /api/cart/quote/`), so what the cart shows is what
 * checkout charges. The rules are domain/promotions.ts's `quoteOrder`; this file gathers its
 * inputs: the products as the catalogue has them now, the promotions and their uses, the
 * category tree — all read through `q`, the checkout's transaction (SQLite has one connection:
 * a read outside the transaction would wait for it forever).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { CheckoutProduct } from '../catalog/service';
import type { PromotionService } from '../promotions/service';
import { unitPrice } from '../../domain/prices';
import { categoryLineage, normalizeCode, quoteOrder, type PromoLine, type QuoteResult } from '../../domain/promotions';
import type { CartLine } from '../../domain/orders';

export interface PricingInput {
  userId: number | null;
  /** Lines whose products are all in `products`. */
  lines: CartLine[];
  products: Map<number, CheckoutProduct>;
  deliveryCharge: number;
  coupon?: string | null | undefined;
  freeDeliveryThreshold: number | null;
}

const NO_PARENTS: ReadonlyMap<number, number | null> = new Map();

export async function priceCart(q: Kysely<DB>, promotions: PromotionService, input: PricingInput): Promise<QuoteResult> {
  const code = input.coupon?.trim() ? normalizeCode(input.coupon) : null;
  const { promotions: candidates, uses } = await promotions.forPricing(q, input.userId, code);
  // The category tree only when a promotion covers categories: with none (the usual day) it is not read.
  const parents = candidates.some((p) => p.applies_to.categories?.length) ? await promotions.categoryParents(q) : NO_PARENTS;
  const lines: PromoLine[] = input.lines.map((l) => {
    const p = input.products.get(l.product)!;
    return {
      product: { id: p.id, type: p.type, categories: categoryLineage(p.category_id, parents), author: p.author_id, publisher: p.publisher_id },
      quantity: l.quantity,
      unit_price: unitPrice(p),
    };
  });
  return quoteOrder({ lines, delivery_charge: input.deliveryCharge, promotions: candidates, coupon: code, uses, free_delivery_threshold: input.freeDeliveryThreshold, now: new Date() });
}
