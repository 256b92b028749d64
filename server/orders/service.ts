/**
 * Orders: checkout (checkout.ts), a customer's and the back office's views of orders, and the
 * back office moving an order to its final status. Other modules' data comes through their
 * services: the catalogue's stock face for taking and returning units, the user store for the
 * names in an order's history. An order's payment columns are moved by the payments module
 * through `payments` (payments.ts); the payments module in turn opens a payment for an order
 * paid online and describes its attempts and refunds through functions handed in as `payments`.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, OrderDiscount, OrderItem } from '../db/schema';
import type { DialectName } from '../db/database';
import { HttpError, conflict } from '../http/errors';
import type { Page } from '../http/pagination';
import type { AuthUser } from '../accounts/sessions';
import type { UserStore } from '../accounts/users';
import type { SettingsService } from '../settings/service';
import type { CatalogService } from '../catalog/service';
import { normalizePhone } from '../../domain/phone';
import type { OrderStatus } from '../../domain/orders';
import { canTransition } from '../../domain/order-states';
import { canStartPayment, type PaymentStatus } from '../../domain/payments';
import type { ParcelStateName } from '../../domain/shipments';
import { createCheckout, type CheckoutResult } from './checkout';
import { limiterFor, type CheckoutMeta } from './limits';
import { couponOf, createCouponTries } from './coupon-tries';
import { createQuote } from './quote';
import type { RateLimiter } from '../accounts/rate-limit';
import { createOrderPayments } from './payments';
import { createOrderShipments } from './shipments';
import { createWalletPayments } from './wallet-payments';
import { applyOrderMove } from './transitions';
import { forCustomer, toApiDiscount, toApiItem, toApiOrder, toApiPayment, withLines, type ApiOrderItem } from './shapes';
import { createPurchases } from './purchases';
import { createBoughtTogether } from './bought-together';
import type { PromotionService } from '../promotions/service';

export type { CheckoutResult } from './checkout';
export type { PaymentOrder, OrderPayments } from './payments';
export type { ShipmentOrder, OrderShipments } from './shipments';
export type { WalletPayments, ManualRefundInput } from './wallet-payments';
export { toApiItem, toApiOrder, toApiPayment, type ApiOrder, type ApiOrderItem, type ApiOrderPayment } from './shapes';

export const STATUS_UPDATED = 'Status Updateed successfully';

export interface OrderListQuery {
  phone_number?: string | undefined;
  search?: string | undefined;
  status?: OrderStatus | undefined;
  payment_status?: PaymentStatus | undefined;
  shipment_status?: ParcelStateName | undefined;
  refund_due?: boolean | undefined;
  ordering?: '-id' | 'id' | undefined;
}

/**
 * What orders ask of the payments module, handed in by server/services.ts (payments is built
 * after orders and uses them, so orders does not import it).
 */
export interface OrderPaymentHooks {
  /** Opens (or, for a repeated checkout, reuses) a payment for an order paid online: the gateway page. */
  begin(orderId: number): Promise<{ payment_url: string }>;
  /** The back office's view of an order's payment attempts (with the gateways' answers) and refunds. */
  details(orderId: number): Promise<{ payment_attempts: unknown[]; refunds: unknown[] }>;
}

/** What orders ask of the shipments module: an order's parcel timeline (handed in by server/services.ts). */
export interface OrderShipmentHooks {
  events(orderId: number): Promise<{ at: string; status: string; message: string }[]>;
}

export interface OrderDeps {
  settings: SettingsService;
  /** The catalogue's stock face: checkout takes units and a cancelled order gives them back through it. */
  stock: CatalogService['stock'];
  /** The names of the admins in an order's history; the staff's phones for money alerts. */
  users: Pick<UserStore, 'namesByIds' | 'staffPhones'>;
  dialect: DialectName;
  /** PAYMENT_HOLD_MINUTES: how long an unpaid online order keeps its stock. */
  paymentHoldMinutes: number;
  payments?: OrderPaymentHooks;
  shipments?: OrderShipmentHooks;
  /** The shared rate limiter, for checkouts an hour. */
  limiter?: RateLimiter;
  /** Promotions and coupons: checkout prices with them, a cancelled order gives its uses back. */
  promotions: PromotionService;
}

export function createOrderService(db: Kysely<DB>, deps: OrderDeps) {
  const placeOrder = createCheckout(db, deps);
  // Coupon codes tried, per address and per customer (coupon-tries.ts).
  const couponTries = createCouponTries(limiterFor(db, deps));
  const payments = createOrderPayments(db, deps);
  const shipments = createOrderShipments(db, deps);
  const wallet = createWalletPayments(db);

  async function itemsOf(orderIds: number[], q: Kysely<DB> | Transaction<DB> = db): Promise<OrderItem[]> {
    if (orderIds.length === 0) return [];
    return q.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
  }

  async function discountsOf(orderIds: number[]): Promise<OrderDiscount[]> {
    if (orderIds.length === 0) return [];
    return db.selectFrom('order_discounts').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
  }

  async function historyOf(orderId: number) {
    const rows = await db.selectFrom('order_status_changes').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    const names = await deps.users.namesByIds(rows.flatMap((r) => (r.changed_by === null ? [] : [r.changed_by])));
    return rows.map((r) => ({
      id: r.id,
      from: r.from_status,
      to: r.to_status,
      changed_by: r.changed_by,
      changed_by_name: r.changed_by === null ? null : (names.get(r.changed_by) ?? null),
      date: r.created_at,
    }));
  }

  async function loadOrder(id: number, user?: AuthUser) {
    let q = db.selectFrom('orders').selectAll().where('id', '=', id);
    // A customer's view of someone else's order is the same as no order: 404, nothing leaked.
    if (user && !user.is_admin) q = q.where('user_id', '=', user.id);
    return q.executeTakeFirst();
  }

  /** A customer's (or admin's) view of one order: its lines and status history; for an admin also its payment attempts and refunds. */
  async function viewOrder(user: AuthUser, id: number) {
    const order = await loadOrder(id, user);
    if (!order) return null;
    const lines = withLines(toApiOrder(order), await itemsOf([id]), await discountsOf([id]), await wallet.ofOrders([id]));
    const view = {
      ...(user.is_admin ? lines : forCustomer(lines)),
      // Who in the shop moved it is the shop's business: a customer sees when and to what.
      status_history: (await historyOf(id)).map((h) => (user.is_admin ? h : { ...h, changed_by: null, changed_by_name: null })),
      shipment_events: deps.shipments ? await deps.shipments.events(id) : [],
    };
    if (!user.is_admin || !deps.payments) return view;
    return { ...view, ...(await deps.payments.details(id)) };
  }

  return {
    /** The payment columns, for the payments module (see payments.ts). */
    payments,
    /** The courier columns, for the shipments module (see shipments.ts). */
    shipments,
    /** Money taken or given back by hand: wallet claims, payments staff record, manual refunds (wallet-payments.ts). */
    wallet,

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
      const result = await placeOrder(user, payload, idempotencyKey, meta);
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

    async listOrders(user: AuthUser, query: OrderListQuery, page: Page) {
      let q = db.selectFrom('orders');
      if (!user.is_admin) q = q.where('user_id', '=', user.id);
      else if (query.phone_number) q = q.where('phone_number', '=', normalizePhone(query.phone_number) ?? query.phone_number);
      if (query.status) q = q.where('status', '=', query.status);
      if (query.payment_status) q = q.where('payment_status', '=', query.payment_status);
      if (query.shipment_status) q = q.where('shipment_status', '=', query.shipment_status);
      if (query.refund_due !== undefined) q = q.where('refund_due', '=', query.refund_due ? 1 : 0);
      const term = query.search?.trim().toLowerCase();
      if (term) {
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const phone = normalizePhone(term);
        q = q.where((eb) =>
          eb.or([
            eb(sql`lower(name)`, 'like', sql`${like} escape '\\'`),
            eb('phone_number', 'like', sql<string>`${phone ? `%${phone}%` : like} escape '\\'`),
            eb('optional_phone_number', 'like', sql<string>`${phone ? `%${phone}%` : like} escape '\\'`),
            // An order number typed into the search box finds that order.
            ...(/^\d{1,9}$/.test(term) ? [eb('id', '=', Number(term))] : []),
          ]),
        );
      }
      const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        .orderBy('id', query.ordering === 'id' ? 'asc' : 'desc')
        .limit(page.size)
        .offset(page.offset)
        .execute();
      const ids = rows.map((r) => r.id);
      const [items, discounts, money] = await Promise.all([itemsOf(ids), discountsOf(ids), wallet.ofOrders(ids)]);
      const shown = <T extends ReturnType<typeof withLines>>(order: T) => (user.is_admin ? order : forCustomer(order));
      return {
        count: Number(count),
        results: rows.map((r) =>
          shown(withLines(toApiOrder(r), items.filter((i) => i.order_id === r.id), discounts.filter((d) => d.order_id === r.id), money.filter((p) => p.order_id === r.id))),
        ),
      };
    },

    /**
     * One order with its lines and status history (for an admin also `payment_attempts` and
     * `refunds`); null when it does not exist or is not the customer's.
     */
    getOrder: viewOrder,

    /** The lines of one order the user may see (all of them for an admin); empty for someone else's order. */
    async listItems(user: AuthUser, orderId: number): Promise<ApiOrderItem[]> {
      const order = await loadOrder(orderId, user);
      return order ? (await itemsOf([orderId])).map(toApiItem) : [];
    },

    /** `GET /api/orderItem/`: a page of lines, of one order or of every order the user may see. */
    async pageItems(user: AuthUser, orderId: number | undefined, page: Page) {
      let q = db.selectFrom('order_items').innerJoin('orders', 'orders.id', 'order_items.order_id');
      if (!user.is_admin) q = q.where('orders.user_id', '=', user.id);
      if (orderId !== undefined) q = q.where('order_items.order_id', '=', orderId);
      const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await q.selectAll('order_items').orderBy('order_items.id').limit(page.size).offset(page.offset).execute();
      return { count: Number(count), results: rows.map(toApiItem) };
    },

    /**
     * An admin moves a Pending order to a final status. The move itself is a conditional UPDATE
     * (`WHERE status = 'Pending'`), so two admins clicking at once cannot restock twice.
     */
    async updateStatus(admin: AuthUser, id: number, to: OrderStatus) {
      const settings = await deps.settings.get();
      await db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
        if (!order) throw new HttpError(404, 'Order not found.');
        if (!canTransition(order.status, to)) {
          throw conflict(`An order that is ${order.status} cannot become ${to}.`, { current_status: order.status });
        }
        const moved = await applyOrderMove(trx, deps, { id, from: order.status, to, cause: 'staff', changedBy: admin.id, shopName: settings.shop_name, payment: order });
        if (moved !== 'moved') {
          throw conflict('The order was changed by someone else; reload it.');
        }
      });
      return (await this.getOrder(admin, id))!;
    },

    /** What the printable invoice (/order-invoice/{id}) shows; null when there is no such order. */
    async invoice(id: number) {
      const order = await loadOrder(id);
      if (!order) return null;
      const s = await deps.settings.get();
      return {
        shop: { name: s.shop_name, address: s.address, phones: s.phones, email: s.email, wallet_number: s.wallet_number },
        order: toApiOrder(order),
        items: (await itemsOf([id])).map(toApiItem),
        totals: { subtotal: order.subtotal, delivery_charge: order.delivery_charge, discount_total: order.discount_total, total: order.total },
        discounts: (await discountsOf([id])).map(toApiDiscount),
        payment: {
          status: order.payment_status,
          gateway: order.payment_gateway,
          option: order.payment_option,
          reference: order.payment_reference,
          paid_amount: order.paid_amount,
          refunded_amount: order.refunded_amount,
          paid_at: order.paid_at,
          /** Wallet claims, payments staff recorded and manual refunds. */
          payments: (await wallet.ofOrders([id])).map(toApiPayment),
        },
        /** What the courier was asked to collect at booking; null until booked. */
        cod_amount: order.cod_amount,
      };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
