/**
 * Reading orders: a customer's own and the back office's lists, one order with its lines,
 * discounts, money and status history, order lines, and the printable invoice. A customer sees
 * only their own orders (someone else's is the same as none: 404) and never who in the shop
 * moved them.
 */
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DB, Order, OrderDiscount, OrderItem } from '../db/schema';
import type { DialectName } from '../db/database';
import { timestampParam } from '../db/dialect';
import { customerHistory, dhakaDayRange, type CustomerHistory } from '../../domain/order-desk';
import type { OrderStatus } from '../../domain/orders';
import type { Page } from '../http/pagination';
import type { AuthUser } from '../accounts/sessions';
import { normalizePhone } from '../../domain/phone';
import { forCustomer, toApiDiscount, toApiItem, toApiOrder, toApiPayment, withLines, type ApiOrderItem, type PlacedOrder } from './shapes';
import type { WalletPayments } from './wallet-payments';
import { editHistoryOf } from './edits';
import type { OrderDeps, OrderListQuery } from './deps';
import type { Returns } from './returns/service';
import { returnRequestUntil } from './returns/request';

/**
 * The order list's filters (`GET /api/order/`'s query, deps.ts OrderListQuery) as conditions on
 * a query of orders: the back office's list and the orders export (export.ts) read the same.
 */
export function whereListed<Q extends SelectQueryBuilder<DB, 'orders', object>>(query: Q, f: OrderListQuery, dialect: DialectName): Q {
  let q = query as SelectQueryBuilder<DB, 'orders', object>;
  if (f.phone_number) q = q.where('phone_number', '=', normalizePhone(f.phone_number) ?? f.phone_number);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.payment_status) q = q.where('payment_status', '=', f.payment_status);
  if (f.shipment_status) q = q.where('shipment_status', '=', f.shipment_status);
  if (f.refund_due !== undefined) q = q.where('refund_due', '=', f.refund_due ? 1 : 0);
  if (f.confirmation) q = q.where('confirmation', '=', f.confirmation);
  if (f.source) q = q.where('source', '=', f.source);
  if (f.courier) q = q.where('courier', '=', f.courier);
  const { start, end } = dhakaDayRange(f.from, f.to);
  if (start) q = q.where('created_at', '>=', timestampParam(dialect, start));
  if (end) q = q.where('created_at', '<', timestampParam(dialect, end));
  const term = f.search?.trim().toLowerCase();
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
  return q as Q;
}

export function createOrderReads(
  db: Kysely<DB>,
  deps: Pick<OrderDeps, 'users' | 'settings' | 'payments' | 'shipments' | 'dialect'>,
  wallet: Pick<WalletPayments, 'ofOrders'>,
  returns: Pick<Returns, 'ofOrders'>,
) {
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

  /**
   * The buyer's record for staff (domain/order-desk.ts): per order, the other orders placed with
   * its delivery phone, whatever the account, counter sales left out. One grouped query over the
   * page's numbers (the orders_phone_history index), then each order's own count taken away.
   */
  async function historyByPhone(orders: Order[]): Promise<(order: Order) => CustomerHistory> {
    const phones = [...new Set(orders.map((o) => o.phone_number))];
    const counts = new Map<string, Record<OrderStatus, number>>();
    if (phones.length) {
      const rows = await db
        .selectFrom('orders')
        .select(['phone_number', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('phone_number', 'in', phones)
        .where('source', '<>', 'counter')
        .groupBy(['phone_number', 'status'])
        .execute();
      for (const r of rows) {
        const byStatus = counts.get(r.phone_number) ?? { Pending: 0, Delivered: 0, Returned: 0, Cancelled: 0 };
        byStatus[r.status] = Number(r.n);
        counts.set(r.phone_number, byStatus);
      }
    }
    return (order) => {
      const c = { ...(counts.get(order.phone_number) ?? { Pending: 0, Delivered: 0, Returned: 0, Cancelled: 0 }) };
      if (order.source !== 'counter') c[order.status] = Math.max(0, c[order.status] - 1);
      return customerHistory({ orders: c.Pending + c.Delivered + c.Returned + c.Cancelled, delivered: c.Delivered, returned: c.Returned, cancelled: c.Cancelled });
    };
  }

  /**
   * The orders' returns (returns/views.ts; a customer's without staff's ids), and until when a
   * customer may still ask for one (null: not Delivered, or the shop takes returns by phone only).
   */
  async function returnsPart(orders: Order[], staff: boolean) {
    const [byOrder, settings] = await Promise.all([returns.ofOrders(orders.map((o) => o.id), staff), deps.settings.get()]);
    const until = await returnRequestUntil(db, orders, settings.return_days);
    return (o: Order) => ({ returns: byOrder.get(o.id) ?? [], return_request_until: until.get(o.id) ?? null });
  }

  /** A customer's (or admin's) view of one order: its lines and status history; for an admin also its payment attempts and refunds. */
  async function viewOrder(user: AuthUser, id: number) {
    const order = await loadOrder(id, user);
    if (!order) return null;
    const lines = withLines(toApiOrder(order), await itemsOf([id]), await discountsOf([id]), await wallet.ofOrders([id]));
    const view = {
      ...(user.is_admin ? lines : forCustomer(lines)),
      ...(await returnsPart([order], user.is_admin))(order),
      // Who in the shop moved it is the shop's business: a customer sees when and to what.
      status_history: (await historyOf(id)).map((h) => (user.is_admin ? h : { ...h, changed_by: null, changed_by_name: null })),
      shipment_events: deps.shipments ? await deps.shipments.events(id) : [],
    };
    if (!user.is_admin) return view;
    const staffView = { ...view, customer_history: (await historyByPhone([order]))(order), edits: await editHistoryOf(db, id, deps.users) };
    return deps.payments ? { ...staffView, ...(await deps.payments.details(id)) } : staffView;
  }

  /**
   * A customer's view of the order their checkout just placed, from the rows it wrote: what
   * viewOrder answers (a test holds the two equal) without nine reads. A new order has no
   * returns, status history or parcel yet, and is not Delivered.
   */
  function viewPlaced({ order, items, discounts, payments }: PlacedOrder) {
    return { ...forCustomer(withLines(toApiOrder(order), items, discounts, payments)), returns: [], return_request_until: null, status_history: [], shipment_events: [] };
  }

  return {
    loadOrder,
    viewOrder,
    viewPlaced,

    async listOrders(user: AuthUser, query: OrderListQuery, page: Page) {
      let q = db.selectFrom('orders');
      // A customer's list is their own; the phone number filter is staff's.
      if (!user.is_admin) q = q.where('user_id', '=', user.id);
      q = whereListed(q, user.is_admin ? query : { ...query, phone_number: undefined }, deps.dialect);
      const { count } = await q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await q
        .selectAll()
        .orderBy('id', query.ordering === 'id' ? 'asc' : 'desc')
        .limit(page.size)
        .offset(page.offset)
        .execute();
      const ids = rows.map((r) => r.id);
      const [items, discounts, money, history, returned] = await Promise.all([itemsOf(ids), discountsOf(ids), wallet.ofOrders(ids), user.is_admin ? historyByPhone(rows) : null, returnsPart(rows, user.is_admin)]);
      const lines = (r: Order) => withLines(toApiOrder(r), items.filter((i) => i.order_id === r.id), discounts.filter((d) => d.order_id === r.id), money.filter((p) => p.order_id === r.id));
      return {
        count: Number(count),
        results: rows.map((r) => (history ? { ...lines(r), ...returned(r), customer_history: history(r) } : { ...forCustomer(lines(r)), ...returned(r) })),
      };
    },

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
