/**
 * Orders: checkout (checkout.ts), a customer's and the back office's views of orders (reads.ts),
 * and the back office moving an order to its final status (the state machine: transitions.ts). Other modules' data comes through their
 * services: the catalogue's stock face for taking and returning units, the user store for the
 * names in an order's history. An order's payment columns are moved by the payments module
 * through `payments` (payments.ts); the payments module in turn opens a payment for an order
 * paid online and describes its attempts and refunds through functions handed in as `payments`.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError, conflict } from '../http/errors';
import type { AuthUser } from '../accounts/sessions';
import type { OrderStatus } from '../../domain/orders';
import { canTransition } from '../../domain/order-states';
import { canStartPayment } from '../../domain/payments';
import { createCheckout, type CheckoutResult } from './checkout';
import { limiterFor, type CheckoutMeta } from './limits';
import { couponOf, createCouponTries } from './coupon-tries';
import { createQuote } from './quote';
import { createOrderPayments } from './payments';
import { createOrderShipments } from './shipments';
import { createWalletPayments } from './wallet-payments';
import { applyOrderMove } from './transitions';
import { createOrderReads } from './reads';
import { createPurchases } from './purchases';
import { createBoughtTogether } from './bought-together';
import { createStaffOrders } from './staff-orders';
import { createOrderEdits } from './edits';
import { createConfirmation } from './confirmation';
import { createReturns } from './returns/service';
import { createReportFigures } from './report-figures';
import { createOrderExport } from './export';
import { createOrderPacking } from './packing';
import { createPreorderFill } from './preorders';
import { PREORDER_MESSAGES } from '../../domain/preorder-messages';
import { createCounter } from './counter/service';

export type { CheckoutResult } from './checkout';
export type { PaymentOrder, OrderPayments } from './payments';
export type { ShipmentOrder, OrderShipments } from './shipments';
export type { WalletPayments, ManualRefundInput } from './wallet-payments';
export type { LinkOrder } from './confirmation';
export { toApiPayment } from './shapes';

export const STATUS_UPDATED = 'Status Updateed successfully';

import type { OrderDeps } from './deps';

export type { OrderDeps } from './deps';

export function createOrderService(db: Kysely<DB>, deps: OrderDeps) {
  const { checkout: placeOrder, checkoutWithRows } = createCheckout(db, deps);
  // Coupon codes tried, per address and per customer (coupon-tries.ts).
  const couponTries = createCouponTries(limiterFor(db, deps));
  const payments = createOrderPayments(db, deps);
  const shipments = createOrderShipments(db, deps);
  const wallet = createWalletPayments(db);

  // Returns and exchanges (returns/service.ts): an exchange is placed through checkout itself.
  const returns = createReturns(db, { ...deps, checkout: placeOrder });
  const reads = createOrderReads(db, deps, wallet, returns);
  const { loadOrder, viewOrder, viewPlaced } = reads;

  return {
    /** The payment columns, for the payments module (see payments.ts). */
    payments,
    /** The courier columns, for the shipments module (see shipments.ts). */
    shipments,
    /** Money taken or given back by hand: wallet claims, payments staff record, manual refunds (wallet-payments.ts). */
    wallet,
    /** Orders staff take by phone (staff-orders.ts), through checkout itself. */
    staffOrders: createStaffOrders({ checkout: placeOrder, settings: deps.settings, users: deps.users, view: viewOrder }),
    /** Staff editing a Pending order before booking: lines, address, delivery, re-priced (edits.ts). */
    edits: createOrderEdits(db, deps),
    /** Confirming orders before dispatch: staff, the SMS link, and the sweep of those nobody confirmed (confirmation.ts). */
    confirmation: createConfirmation(db, deps),
    /** Returns, exchanges and partial deliveries (returns/service.ts): stock comes back only when the goods do. */
    returns,
    /** Sums over a range of Dhaka days for the reports module (report-figures.ts). */
    reports: createReportFigures(db, deps.dialect),
    /** The orders export, CSV or XLSX, with the list's filters (export.ts). */
    export: createOrderExport(db, deps.dialect),
    /** The packing desk's face (packing.ts): what labels and slips print, packed_at set once. */
    packing: createOrderPacking(db),
    /** Waiting pre-orders filled from arriving stock: the catalogue's hook and a sweep (preorders.ts). */
    preorders: createPreorderFill(db, deps),
    /** The counter (counter/): sales Delivered and paid at once, their receipts, the day's report. */
    counter: createCounter(db, deps, viewOrder),

    /**
     * Places an order (checkout.ts) and answers it with the order itself; an order paid online
     * also gets `payment_url`, the gateway's page. When the gateway refuses or does not answer,
     * the order stays (Pending, payment failed, stock held until the hold runs out) and the
     * answer is 502 with its id, so the customer can pay again from the order page.
     */
    async checkout(user: AuthUser, payload: unknown, idempotencyKey?: string, meta?: CheckoutMeta): Promise<CheckoutResult & { order: unknown; payment_url?: string }> {
      const code = couponOf(payload);
      const who = { ip: meta?.ip, userId: user.id };
      if (code) await couponTries.admit(who, code);
      const { result, placed } = await checkoutWithRows(user, payload, idempotencyKey, meta);
      // A customer's new order not paid online is answered from the rows checkout wrote (reads.ts viewPlaced).
      if (placed && !user.is_admin && !canStartPayment(placed.order)) return { ...result, order: viewPlaced(placed) };
      const row = await loadOrder(result.order_id);
      let paymentUrl: string | undefined;
      if (row && deps.payments && canStartPayment(row)) {
        try {
          paymentUrl = (await deps.payments.begin(row.id)).payment_url;
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 502) {
            throw new HttpError(502, error.message, undefined, { ...error.extra, order_id: row.id, order: await viewOrder(user, row.id) });
          }
          throw error;
        }
      }
      return { ...result, order: await viewOrder(user, result.order_id), ...(paymentUrl ? { payment_url: paymentUrl } : {}) };
    },

    /** The cart priced as checkout would price it now (quote.ts). */
    quote: createQuote(db, { ...deps, couponTries }),

    /** Whether a product appears on any order (the catalogue then keeps it, deactivated). */
    async isOnOrders(productId: number): Promise<boolean> {
      return !!(await db.selectFrom('order_items').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst());
    },

    /** The products most often on the same recent orders as this one, best first (bought-together.ts; the product page's "bought together"). */
    boughtTogether: createBoughtTogether(db),

    /** Whether customers received products (a Delivered order holds them), for reviews (purchases.ts). */
    purchases: createPurchases(db),

    /** How many orders there are, for the back office's dashboard. */
    async count(): Promise<number> {
      return Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    },

    /** Orders by payment status, for /metrics (the orders_payment_status index answers it). */
    async countByPaymentStatus(): Promise<Record<string, number>> {
      const rows = await db.selectFrom('orders').select(['payment_status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('payment_status').execute();
      return Object.fromEntries(rows.map((r) => [r.payment_status, Number(r.n)]));
    },

    listOrders: reads.listOrders,
    /**
     * One order with its lines and status history (for an admin also `payment_attempts` and
     * `refunds`); null when it does not exist or is not the customer's.
     */
    getOrder: viewOrder,
    listItems: reads.listItems,
    pageItems: reads.pageItems,
    invoice: reads.invoice,

    /**
     * An admin moves a Pending order to a final status, through the state machine: the move is a
     * conditional UPDATE from the status read, so two admins clicking at once cannot restock twice.
     */
    async updateStatus(admin: AuthUser, id: number, to: OrderStatus) {
      const settings = await deps.settings.get();
      await db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
        if (!order) throw new HttpError(404, 'Order not found.');
        if (!canTransition(order.status, to)) {
          throw conflict(`An order that is ${order.status} cannot become ${to}.`, { current_status: order.status });
        }
        // Delivered or Returned with a line still waiting would keep its units promised for ever (docs/preorders.md).
        if (to !== 'Cancelled' && order.preorder_waiting > 0) throw conflict(PREORDER_MESSAGES.waitingBooking(id));
        const moved = await applyOrderMove(trx, deps, { id, from: order.status, to, cause: 'staff', changedBy: admin.id, shopName: settings.shop_name, payment: order });
        if (moved !== 'moved') {
          throw conflict('The order was changed by someone else; reload it.');
        }
      });
      return (await this.getOrder(admin, id))!;
    },

  };
}

export type OrderService = ReturnType<typeof createOrderService>;
