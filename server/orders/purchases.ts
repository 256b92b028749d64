/**
 * "Did this customer get this product?" — the reviews module lets only a customer with a
 * Delivered order holding a product review it, and marks such reviews "verified purchase". It
 * asks here (it may not read orders' tables). An order reaches Delivered once and never leaves
 * it, so an answer of yes stays yes.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export function createPurchases(db: Kysely<DB>) {
  /** Lines of the customers' Delivered orders (orders_user, then order_items_order). */
  const delivered = (userIds: number[]) =>
    db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .where('orders.user_id', 'in', userIds)
      .where('orders.status', '=', 'Delivered');

  return {
    /** Of these products, the ones the customer has received (a Delivered order holds them). */
    async deliveredProductIds(userId: number, productIds: number[]): Promise<Set<number>> {
      if (productIds.length === 0) return new Set();
      const rows = await delivered([userId]).where('order_items.product_id', 'in', [...new Set(productIds)]).select('order_items.product_id').distinct().execute();
      return new Set(rows.map((r) => Number(r.product_id)));
    },

    /** Whether the customer has received the product. */
    async hasDelivered(userId: number, productId: number): Promise<boolean> {
      const row = await delivered([userId]).where('order_items.product_id', '=', productId).select('orders.id').limit(1).executeTakeFirst();
      return !!row;
    },

    /** Of these customers, the ones who have received the product (a page of its reviews' authors). */
    async deliveredBuyers(productId: number, userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await delivered([...new Set(userIds)]).where('order_items.product_id', '=', productId).select('orders.user_id').distinct().execute();
      return new Set(rows.flatMap((r) => (r.user_id === null ? [] : [Number(r.user_id)])));
    },
  };
}

export type Purchases = ReturnType<typeof createPurchases>;
