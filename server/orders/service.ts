/**
 * Checkout and orders (decisions §3.5, §3.6, §3.9). The server prices every order from the
 * database; stock is taken with one conditional UPDATE per line inside the order's transaction
 * (never read-modify-write), so concurrent checkouts — even from several processes on one
 * PostgreSQL — cannot sell more than the shelf holds. SMS go through the outbox in the same
 * transaction, so an order and its message exist together or not at all.
 */
import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, Order, OrderItem } from '../db/schema';
import { nowIso } from '../db/dialect';
import { HttpError, badRequest, conflict, type FieldErrors } from '../http/errors';
import type { Page } from '../http/pagination';
import type { AuthUser } from '../accounts/sessions';
import type { SettingsService } from '../settings/service';
import { enqueueSms } from '../notifications/outbox';
import { findOption } from '../../domain/settings';
import { normalizePhone } from '../../domain/phone';
import { unitPrice } from '../../domain/prices';
import {
  MESSAGES,
  canTransition,
  cartLines,
  checkoutSchema,
  disagreeingFigures,
  priceOrder,
  restocks,
  transactionFieldFor,
  type OrderStatus,
} from '../../domain/orders';
import { isUniqueViolation } from '../db/errors';

export const STATUS_UPDATED = 'Status Updateed successfully';
const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

export function toApiOrder(o: Order) {
  return {
    id: o.id,
    user: o.user_id,
    name: o.name,
    phone_number: o.phone_number,
    optional_phone_number: o.optional_phone_number,
    email: o.email,
    district: o.district,
    upazila_thana: o.upazila_thana,
    delivery_address: o.delivery_address,
    delivery_option: o.delivery_option,
    payment_option: o.payment_option,
    cash_on_delivery: o.cash_on_delivery === 1,
    bkash_transaction_ID: o.bkash_transaction_id,
    nagad_transaction_ID: o.nagad_transaction_id,
    rocket_transaction_ID: o.rocket_transaction_id,
    transaction_amount: o.transaction_amount,
    order_instruction: o.order_instruction,
    subtotal: o.subtotal,
    delivery_charge: o.delivery_charge,
    total: o.total,
    status: o.status,
    date: o.created_at,
    updated_at: o.updated_at,
  };
}

export function toApiItem(i: OrderItem) {
  return {
    id: i.id,
    order: i.order_id,
    product: i.product_id,
    product_title: i.product_title,
    product_type: i.product_type,
    unit_price: i.unit_price,
    quantity: i.quantity,
    total: i.total,
  };
}

/**
 * An order with its lines: `items` (the orderItem objects), and the spec's own `orderItems` /
 * `savedCart` fields (spec §3 "Order") for clients of the first version.
 */
function withLines(order: ReturnType<typeof toApiOrder>, rows: OrderItem[]) {
  const items = rows.map(toApiItem);
  return {
    ...order,
    items,
    orderItems: items.map((i) => ({ product: i.product, quantity: i.quantity })),
    savedCart: Object.fromEntries(items.map((i) => [String(i.product), i.quantity])),
  };
}

export type ApiOrder = ReturnType<typeof toApiOrder>;
export type ApiOrderItem = ReturnType<typeof toApiItem>;

export interface CheckoutResult {
  status: 200;
  message: string;
  order_id: number;
}

export interface OrderListQuery {
  phone_number?: string | undefined;
  search?: string | undefined;
  status?: OrderStatus | undefined;
  ordering?: '-id' | 'id' | undefined;
}

/** A stable hash of a request body: same fields and values in any key order → same hash. */
function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return crypto.createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');
}

export function createOrderService(db: Kysely<DB>, deps: { settings: SettingsService }) {
  async function itemsOf(orderIds: number[], q: Kysely<DB> | Transaction<DB> = db): Promise<OrderItem[]> {
    if (orderIds.length === 0) return [];
    return q.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
  }

  async function historyOf(orderId: number) {
    const rows = await db
      .selectFrom('order_status_changes')
      .leftJoin('users', 'users.id', 'order_status_changes.changed_by')
      .select(['order_status_changes.id', 'from_status', 'to_status', 'changed_by', 'users.name as changed_by_name', 'order_status_changes.created_at'])
      .where('order_id', '=', orderId)
      .orderBy('order_status_changes.id')
      .execute();
    return rows.map((r) => ({ id: r.id, from: r.from_status, to: r.to_status, changed_by: r.changed_by, changed_by_name: r.changed_by_name, date: r.created_at }));
  }

  async function loadOrder(id: number, user?: AuthUser) {
    let q = db.selectFrom('orders').selectAll().where('id', '=', id);
    // A customer's view of someone else's order is the same as no order: 404, nothing leaked.
    if (user && !user.is_admin) q = q.where('user_id', '=', user.id);
    return q.executeTakeFirst();
  }

  async function findIdempotent(userId: number, key: string, hash: string): Promise<CheckoutResult | null> {
    const row = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    if (!row || Date.parse(row.created_at) < Date.now() - IDEMPOTENCY_TTL_MS) return null;
    if (row.request_hash !== hash) {
      throw new HttpError(422, 'This Idempotency-Key was already used for a different checkout.');
    }
    return JSON.parse(row.response) as CheckoutResult;
  }

  /** Takes `quantity` units off the shelf only if they are there; false when the line cannot be filled. */
  async function takeStock(trx: Transaction<DB>, line: { product: number; quantity: number; regular_price: number; discount_price: number }) {
    const result = await trx
      .updateTable('products')
      .set({ units_stock: sql`units_stock - ${line.quantity}`, units_sold: sql`units_sold + ${line.quantity}` })
      .where('id', '=', line.product)
      .where('units_stock', '>=', line.quantity)
      .where('is_active', '=', 1)
      // The price read for the order must still be the price when the stock is taken.
      .where('regular_price', '=', line.regular_price)
      .where('discount_price', '=', line.discount_price)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function placeOrder(user: AuthUser, body: unknown, key: string | undefined, hash: string): Promise<CheckoutResult> {
    const settings = await deps.settings.get();
    const input = checkoutSchema(settings).parse(body);
    const delivery = findOption(settings.delivery_options, input.delivery_option)!;
    const payment = findOption(settings.payment_options, input.payment_option)!;
    const lines = cartLines(input);

    return db.transaction().execute(async (trx) => {
      const ids = lines.map((l) => l.product);
      const products = await trx
        .selectFrom('products')
        .select(['id', 'english_title', 'bangla_title', 'type', 'regular_price', 'discount_price', 'units_stock', 'is_active'])
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(products.map((p) => [p.id, p]));
      const errors: FieldErrors = {};
      for (const line of lines) {
        const p = byId.get(line.product);
        if (!p || p.is_active !== 1) (errors.orderItems ??= []).push(`Product ${line.product} is not available.`);
      }
      if (Object.keys(errors).length) throw badRequest(errors.orderItems![0]!, errors);

      const short = lines
        .map((l) => ({ line: l, p: byId.get(l.product)! }))
        .filter(({ line, p }) => p.units_stock < line.quantity)
        .map(({ p }) => ({ product: p.id, title: p.english_title, available: p.units_stock }));
      if (short.length) throw outOfStock(short);

      const priced = priceOrder(
        lines.map((l) => ({ product: l.product, quantity: l.quantity, unit_price: unitPrice(byId.get(l.product)!) })),
        delivery.charge,
      );
      const figures = { subtotal: priced.subtotal, delivery_charge: priced.delivery_charge, total: priced.total };
      if (disagreeingFigures(input, figures).length) {
        throw conflict(MESSAGES.priceChanged, { ...figures, items: priced.lines });
      }

      // Lines in product-id order, so two checkouts never wait on each other's rows in opposite orders.
      for (const line of [...priced.lines].sort((a, b) => a.product - b.product)) {
        const p = byId.get(line.product)!;
        if (!(await takeStock(trx, { ...line, regular_price: p.regular_price, discount_price: p.discount_price }))) {
          const now = await trx
            .selectFrom('products')
            .select(['units_stock', 'regular_price', 'discount_price', 'is_active'])
            .where('id', '=', line.product)
            .executeTakeFirst();
          if (!now || now.is_active !== 1) throw badRequest(`Product ${line.product} is not available.`, { orderItems: [`Product ${line.product} is not available.`] });
          if (now.units_stock < line.quantity) throw outOfStock([{ product: p.id, title: p.english_title, available: now.units_stock }]);
          throw conflict(MESSAGES.priceChanged, { product: p.id });
        }
      }

      const phone = (input.phone_number && normalizePhone(input.phone_number)) || user.phone_number;
      const txField = transactionFieldFor(payment);
      const now = nowIso();
      const order = await trx
        .insertInto('orders')
        .values({
          user_id: user.id,
          name: input.name || user.name,
          phone_number: phone,
          optional_phone_number: (input.optional_phone_number && normalizePhone(input.optional_phone_number)) || '',
          email: input.email ?? '',
          district: input.district,
          upazila_thana: input.upazila_thana,
          delivery_address: input.delivery_address,
          delivery_option: delivery.label,
          payment_option: payment.label,
          cash_on_delivery: payment.wallet ? 0 : 1,
          bkash_transaction_id: txField === 'bkash_transaction_ID' ? (input.bkash_transaction_ID ?? '') : '',
          nagad_transaction_id: txField === 'nagad_transaction_ID' ? (input.nagad_transaction_ID ?? '') : '',
          rocket_transaction_id: txField === 'rocket_transaction_ID' ? (input.rocket_transaction_ID ?? '') : '',
          transaction_amount: txField && input.transaction_amount !== undefined ? Math.round(input.transaction_amount) : null,
          order_instruction: input.order_instruction ?? '',
          subtotal: figures.subtotal,
          delivery_charge: figures.delivery_charge,
          total: figures.total,
          status: 'Pending',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('order_items')
        .values(
          priced.lines.map((l) => {
            const p = byId.get(l.product)!;
            return {
              order_id: order.id,
              product_id: l.product,
              product_title: p.english_title || p.bangla_title,
              product_type: p.type,
              unit_price: l.unit_price,
              quantity: l.quantity,
              total: l.total,
            };
          }),
        )
        .execute();
      const result: CheckoutResult = { status: 200, message: MESSAGES.success, order_id: order.id };
      if (key) {
        // Keys are kept for a day (as payment APIs do); older ones of this customer go now.
        await trx
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', user.id)
          .where('created_at', '<', new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString())
          .execute();
        await trx
          .insertInto('idempotency_keys')
          .values({ user_id: user.id, key, request_hash: hash, status_code: 200, response: JSON.stringify(result), created_at: now })
          .execute();
      }
      await enqueueSms(trx, phone, `${settings.shop_name}: আপনার অর্ডার #${order.id} গ্রহণ করা হয়েছে। মোট ${figures.total} টাকা। ধন্যবাদ!`, 'order_confirmation');
      return result;
    });
  }

  return {
    /**
     * Places an order for a signed-in customer. With an Idempotency-Key, a retry of the same
     * request answers the first order instead of placing a second; only successes are kept
     * (a refused checkout changed nothing, so retrying it is safe).
     */
    async checkout(user: AuthUser, payload: unknown, idempotencyKey?: string): Promise<CheckoutResult> {
      const key = idempotencyKey?.trim() || undefined;
      if (key && key.length > 200) throw badRequest('The Idempotency-Key header is too long (200 characters at most).');
      const hash = requestHash(payload);
      if (key) {
        const earlier = await findIdempotent(user.id, key, hash);
        if (earlier) return earlier;
      }
      try {
        return await placeOrder(user, payload, key, hash);
      } catch (error) {
        // The same key raced in from another request and committed first: answer what it answered.
        if (key && isUniqueViolation(error)) {
          const earlier = await findIdempotent(user.id, key, hash);
          if (earlier) return earlier;
        }
        throw error;
      }
    },

    async listOrders(user: AuthUser, query: OrderListQuery, page: Page) {
      let q = db.selectFrom('orders');
      if (!user.is_admin) q = q.where('user_id', '=', user.id);
      else if (query.phone_number) q = q.where('phone_number', '=', normalizePhone(query.phone_number) ?? query.phone_number);
      if (query.status) q = q.where('status', '=', query.status);
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
      const items = await itemsOf(rows.map((r) => r.id));
      return {
        count: Number(count),
        results: rows.map((r) => withLines(toApiOrder(r), items.filter((i) => i.order_id === r.id))),
      };
    },

    /** One order with its lines and status history; null when it does not exist or is not the customer's. */
    async getOrder(user: AuthUser, id: number) {
      const order = await loadOrder(id, user);
      if (!order) return null;
      return { ...withLines(toApiOrder(order), await itemsOf([id])), status_history: await historyOf(id) };
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
        const now = nowIso();
        const moved = await trx
          .updateTable('orders')
          .set({ status: to, updated_at: now })
          .where('id', '=', id)
          .where('status', '=', order.status)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw conflict('The order was changed by someone else; reload it.');
        await trx.insertInto('order_status_changes').values({ order_id: id, from_status: order.status, to_status: to, changed_by: admin.id, created_at: now }).execute();
        if (restocks(to)) {
          // In product order, like checkout takes them, so a cancel and a checkout never deadlock.
          const items = (await itemsOf([id], trx)).sort((a, b) => a.product_id - b.product_id);
          for (const item of items) {
            await trx
              .updateTable('products')
              .set({
                units_stock: sql`units_stock + ${item.quantity}`,
                // Sales recorded before this order may have been corrected by hand: never below zero.
                units_sold: sql`case when units_sold >= ${item.quantity} then units_sold - ${item.quantity} else 0 end`,
              })
              .where('id', '=', item.product_id)
              .execute();
          }
        }
        if (to === 'Cancelled') {
          await enqueueSms(trx, order.phone_number, `${settings.shop_name}: আপনার অর্ডার #${id} বাতিল করা হয়েছে।`, 'order_cancelled');
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
        totals: { subtotal: order.subtotal, delivery_charge: order.delivery_charge, total: order.total },
      };
    },
  };
}

function outOfStock(lines: { product: number; title: string; available: number }[]) {
  const first = lines[0]!;
  const message =
    first.available > 0
      ? `দুঃখিত, "${first.title}" মাত্র ${first.available}টি আছে। (Only ${first.available} of "${first.title}" left.)`
      : `দুঃখিত, "${first.title}" স্টকে নেই। ("${first.title}" is out of stock.)`;
  return conflict(message, { out_of_stock: lines });
}

export type OrderService = ReturnType<typeof createOrderService>;
