/**
 * The promotions module's tables: promotions and coupons, and their uses by orders.
 */
import type { Generated } from 'kysely';

/** A promotion or coupon (migration 0801); `applies_to` and `get_products` are JSON. */
export interface PromotionTable {
  id: Generated<number>;
  name: string;
  kind: 'percentage' | 'fixed' | 'free_delivery' | 'buy_x_get_y';
  value: number;
  buy_quantity: number | null;
  get_quantity: number | null;
  get_products: string;
  applies_to: string;
  min_subtotal: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  code: string | null;
  is_active: number;
  used_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One use of a promotion by an order; `released_at` set when the order was cancelled (migration 0801). */
export interface PromotionRedemptionTable {
  id: Generated<number>;
  promotion_id: number;
  order_id: number;
  user_id: number | null;
  created_at: string;
  released_at: string | null;
}

/** The promotions module's tables, by name (part of `DB`). */
export interface PromotionTables {
  promotions: PromotionTable;
  promotion_redemptions: PromotionRedemptionTable;
}
