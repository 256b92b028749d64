/**
 * Moving an order to another status, inside the caller's transaction: the conditional UPDATE
 * from the status the caller read (two movers at once change it once), cash on delivery paid on
 * Delivered, the history row (`changedBy` null for the system: a courier's answer), the stock
 * given back when the move restocks, a cancelled order's promotion uses given back, the SMS when it is cancelled. False when the order had
 * already moved on. The back office's `updateStatus` and the couriers' deliveries share it.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, Order } from '../db/schema';
import { nowIso } from '../db/dialect';
import type { CatalogService } from '../catalog/service';
import { enqueueSms } from '../notifications/outbox';
import { restocks, type OrderStatus } from '../../domain/orders';
import type { PromotionService } from '../promotions/service';

/** What a move may change beyond the order: the shelf, and the promotions' uses a cancelled order gives back. */
export interface OrderMoveDeps {
  stock: CatalogService['stock'];
  promotions?: Pick<PromotionService, 'release'> | undefined;
}
import { paymentOnStatusChange } from '../../domain/payments';

export async function moveOrderStatus(
  trx: Kysely<DB>,
  deps: OrderMoveDeps,
  order: Pick<Order, 'id' | 'status' | 'account_phone' | 'payment_gateway' | 'payment_status' | 'total' | 'refunded_amount'>,
  to: OrderStatus,
  p: { changedBy: number | null; shopName: string },
): Promise<boolean> {
  const id = order.id;
  const now = nowIso();
  // Cash on delivery (and a wallet payment checked by hand) is paid once delivered.
  const paid = paymentOnStatusChange(order, to);
  const moved = await trx
    .updateTable('orders')
    .set({
      status: to,
      updated_at: now,
      ...(paid ? { ...paid, paid_at: now } : {}),
      ...(to !== 'Pending' ? { payment_hold_until: null } : {}),
      // A cancelled order still holding the customer's money (paid, or waiting in review) is flagged
      // until refunded; decided in SQL, from the row as it is (a payment may have landed since it was read).
      ...(to === 'Cancelled' ? { refund_due: sql<number>`case when paid_amount > refunded_amount then 1 else refund_due end` } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', order.status)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await trx.insertInto('order_status_changes').values({ order_id: id, from_status: order.status, to_status: to, changed_by: p.changedBy, created_at: now }).execute();
  if (restocks(to)) {
    const items = await trx.selectFrom('order_items').select(['product_id', 'quantity']).where('order_id', '=', id).orderBy('id').execute();
    await deps.stock.giveBack(trx, items.map((i) => ({ product: i.product_id, quantity: i.quantity })));
  }
  // A cancelled order did not use its coupon: the use goes back (a returned one did use it).
  if (to === 'Cancelled') await deps.promotions?.release(trx, id);
  // Order SMS go to the account's own phone; the delivery phone is the courier's to call.
  if (to === 'Cancelled' && order.account_phone) {
    await enqueueSms(trx, order.account_phone, `${p.shopName}: আপনার অর্ডার #${id} বাতিল করা হয়েছে।`, 'order_cancelled');
  }
  return true;
}
