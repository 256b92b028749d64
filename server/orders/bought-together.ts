/**
 * "Bought together" for the product page: the products that were on the same orders as one
 * product, in the orders of the last days (90 by default) that were not cancelled, ranked by how
 * many such orders hold both. The catalogue asks this through a function handed in by
 * server/services.ts (it may not read orders' tables) and reads the products' cards itself.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** How far back an order counts. */
export const BOUGHT_TOGETHER_DAYS = 90;
/**
 * How many ids are answered: more than the page shows (12), so that after the catalogue puts
 * products in stock first and drops inactive ones there are still enough.
 */
export const BOUGHT_TOGETHER_LIMIT = 40;

export interface BoughtTogetherOptions {
  days?: number | undefined;
  limit?: number | undefined;
  /** "Now" (tests). */
  now?: Date | undefined;
}

export function createBoughtTogether(db: Kysely<DB>) {
  /**
   * One query: the product's order lines (index order_items_product), their orders by primary
   * key (recent, not cancelled), the other lines of those orders (index order_items_order).
   * Ties go to the newer product (the higher id), so the order is the same on both databases.
   */
  return async function boughtTogether(productId: number, opts: BoughtTogetherOptions = {}): Promise<number[]> {
    const days = opts.days ?? BOUGHT_TOGETHER_DAYS;
    const since = new Date((opts.now ?? new Date()).getTime() - days * 86_400_000).toISOString();
    const rows = await db
      .selectFrom('order_items as mine')
      .innerJoin('orders', 'orders.id', 'mine.order_id')
      .innerJoin('order_items as other', 'other.order_id', 'mine.order_id')
      .where('mine.product_id', '=', productId)
      .where('other.product_id', '<>', productId)
      .where('orders.status', '<>', 'Cancelled')
      .where('orders.created_at', '>=', since)
      .select(['other.product_id as id', sql<number>`count(distinct other.order_id)`.as('together')])
      .groupBy('other.product_id')
      .orderBy('together', 'desc')
      .orderBy('other.product_id', 'desc')
      .limit(opts.limit ?? BOUGHT_TOGETHER_LIMIT)
      .execute();
    return rows.map((r) => Number(r.id));
  };
}

