/**
 * The reviews module's table.
 */
import type { Generated } from 'kysely';

/** A customer's review of a product they received (reviews module, migration 0901); `hidden` 0/1 by an admin. */
export interface ProductReviewTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  rating: number;
  text: Generated<string>;
  hidden: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The reviews module's tables, by name (part of `DB`). */
export interface ReviewTables {
  product_reviews: ProductReviewTable;
}
