/**
 * Staff edit a Pending order before it is booked (`PUT /api/order/{id}/` with `lines`, address
 * fields or `delivery_option`; issue 33, run contract "Order PUT").
 *
 * The rule for money: the whole order is re-priced at today's prices and with the promotions
 * that hold today, as if it were placed now with the same coupon; a coupon that no longer
 * applies is dropped and the answer names it (`coupon_dropped`). Stock moves by the difference
 * only (more of a product is taken, less is given back), in the same transaction as the new
 * lines, totals and the history row, so all of it happens or none of it.
 *
 * Two staff editing one order at once take turns: the order's row is taken first by a
 * conditional UPDATE (Pending and not booked), so on PostgreSQL the second waits for the first
 * to commit and then reads the lines the first left, never the lines both started from.
 */
import type { Kysely } from 'kysely';
import type { DB, Order, OrderItem } from '../db/schema';
import { nowIso } from '../db/dialect';
import { badRequest, conflict, notFound } from '../http/errors';
import type { AuthUser } from '../accounts/sessions';
import type { UserStore } from '../accounts/users';
import type { CheckoutProduct } from '../catalog/service';
import { LIMIT_MESSAGES, MESSAGES, cartLines, overUnitLimit, type CartLine } from '../../domain/orders';
import { findOption, type DeliveryOption } from '../../domain/settings';
import { normalizePhone } from '../../domain/phone';
import { walletPaymentStatus, type PaymentStatus } from '../../domain/payments';
import { DESK_MESSAGES, EDITABLE_FIELDS, orderEditSchema, type OrderEditInput } from '../../domain/order-desk';
import { PREORDER_MESSAGES } from '../../domain/preorder-messages';
import { stockRef } from '../../domain/stock';
import { priceCart } from './pricing';
import { outOfStock } from './out-of-stock';
import type { OrderDeps } from './deps';

export const EDIT_MESSAGES = {
  edited: 'অর্ডারটি বদলানো হয়েছে। (The order was updated.)',
  paidOnline: (id: number) => `Order #${id} is paid online; its total cannot change. Edit the address only, or cancel it and take a new order.`,
  noAccount: (id: number) => `Order #${id} has no customer account; it cannot be re-priced.`,
  belowPaid: (id: number, held: number, total: number) =>
    `Order #${id} already holds ${held} taka paid; the new total (${total} taka) would be less. Record a refund of the difference first, or keep more on the order.`,
  unavailable: (product: number) => `Product ${product} is not available.`,
} as const;

/** The keys of a PUT body that ask for an edit. */
const EDIT_KEYS: ReadonlySet<string> = new Set(['lines', ...EDITABLE_FIELDS]);
export const isEditKey = (key: string) => EDIT_KEYS.has(key);

/** Whether a PUT body names anything an edit may change; otherwise it is the status PUT it always was. */
export function namesAnEdit(body: unknown): body is Record<string, unknown> {
  return !!body && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).some(isEditKey);
}

/** A value sent back as the API served it (trimmed; a phone in any form; a delivery option by its id or its label). */
function asServed(key: string, sent: unknown, served: unknown, options: DeliveryOption[]): boolean {
  if (sent === served) return true;
  if (typeof sent !== 'string' || typeof served !== 'string') return false;
  const v = sent.trim();
  if (v === served) return true;
  if (key === 'delivery_option') return findOption(options, v)?.label === served;
  if (key === 'optional_phone_number') return normalizePhone(v) === served;
  return false;
}

/**
 * The edit a PUT body asks for, against the order as the API serves it: `lines` always count,
 * a field only when its value differs from what was served (the whole order sent back with a new
 * status is no edit). Null when nothing counts. 400 for values the edit schema refuses.
 */
function editOf(body: Record<string, unknown>, served: Record<string, unknown>, options: DeliveryOption[]): OrderEditInput | null {
  const asked = Object.fromEntries(Object.entries(body).filter(([key, value]) => isEditKey(key) && (key === 'lines' || !asServed(key, value, served[key], options))));
  return Object.keys(asked).length ? orderEditSchema.parse(asked) : null;
}

/** An order's lines by product (a product listed twice is one line), as stored. */
function linesOf(items: OrderItem[]): CartLine[] {
  return cartLines({ orderItems: items.map((i) => ({ product: i.product_id, quantity: i.quantity })) });
}

/** Per product, in product-id order (as stock is always taken, so two transactions never wait on each other crosswise): after − before. */
function deltas(before: CartLine[], after: CartLine[]): { product: number; delta: number }[] {
  const d = new Map<number, number>();
  for (const l of before) d.set(l.product, (d.get(l.product) ?? 0) - l.quantity);
  for (const l of after) d.set(l.product, (d.get(l.product) ?? 0) + l.quantity);
  return [...d].filter(([, delta]) => delta !== 0).map(([product, delta]) => ({ product, delta })).sort((a, b) => a.product - b.product);
}

/**
 * The payment after the total changed, for money taken by hand (wallet, cash): verified money
 * that now covers the total pays it, money short of a grown total is partly paid. Nothing else
 * moves: no money is given back here, and orders paid online cannot change their total.
 */
function paymentAfter(o: Order, total: number, now: string): { payment_status: PaymentStatus; paid_at?: string } | null {
  if (o.payment_gateway !== null || o.refunded_amount > 0 || o.paid_amount <= 0 || (o.payment_status !== 'paid' && o.payment_status !== 'partly_paid')) return null;
  const to = walletPaymentStatus({ total, paid_amount: o.paid_amount, refunded_amount: 0 }, 0);
  return to === o.payment_status ? null : { payment_status: to, ...(to === 'paid' ? { paid_at: now } : {}) };
}

/** The order's own columns an edit writes besides its figures: the address fields, the other phone in its stored form, the delivery option by its label. */
function fieldsOf(edit: OrderEditInput, delivery: DeliveryOption | undefined) {
  const { lines: _lines, delivery_option: _option, optional_phone_number: phone, ...address } = edit;
  return {
    ...address,
    ...(phone !== undefined ? { optional_phone_number: phone && (normalizePhone(phone) ?? phone) } : {}),
    ...(delivery ? { delivery_option: delivery.label } : {}),
  };
}

type Figures = Pick<Order, 'subtotal' | 'delivery_charge' | 'discount_total' | 'total'>;
const figuresOf = (f: Figures): Figures => ({ subtotal: f.subtotal, delivery_charge: f.delivery_charge, discount_total: f.discount_total, total: f.total });

export function createOrderEdits(db: Kysely<DB>, deps: Pick<OrderDeps, 'settings' | 'stock' | 'promotions'>) {
  /** Takes the order's row for this transaction, or says why it cannot be edited. */
  async function takeRow(trx: Kysely<DB>, id: number, now: string): Promise<Order> {
    const took = await trx.updateTable('orders').set({ updated_at: now }).where('id', '=', id).where('status', '=', 'Pending').where('consignment_id', 'is', null).executeTakeFirst();
    const row = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Order not found.');
    if (Number(took.numUpdatedRows) === 1) return row;
    if (row.status !== 'Pending') throw conflict(DESK_MESSAGES.notPending(id, row.status), { current_status: row.status });
    throw conflict(DESK_MESSAGES.booked(id), { consignment_id: row.consignment_id });
  }

  /** Moves the shelf by the difference; 409 (checkout's shape) when a product is short, 400 when it is no longer sold. */
  async function moveStock(trx: Kysely<DB>, moves: { product: number; delta: number }[], products: Map<number, CheckoutProduct>, by: { order: number; user: number }): Promise<void> {
    // In the ledger: more units are a `sale`, fewer a `cancel`, both naming the order and who edited it.
    const note = (reason: 'sale' | 'cancel') => ({ reason, ref: stockRef.order(by.order), user: by.user });
    const short = moves.filter((m) => m.delta > 0 && products.get(m.product)!.units_stock < m.delta);
    if (short.length) throw outOfStock(short.map((m) => ({ product: m.product, title: products.get(m.product)!.english_title, available: products.get(m.product)!.units_stock })));
    for (const { product, delta } of moves) {
      if (delta < 0) {
        await deps.stock.giveBack(trx, [{ product, quantity: -delta }], note('cancel'));
        continue;
      }
      const p = products.get(product)!;
      const taken = await deps.stock.take(trx, [{ product, quantity: delta, regular_price: p.regular_price, discount_price: p.discount_price }], note('sale'));
      if (taken.taken) continue;
      // Someone else bought, deactivated or repriced it since it was read.
      if (!taken.now || taken.now.is_active !== 1) throw badRequest(EDIT_MESSAGES.unavailable(product), { lines: [EDIT_MESSAGES.unavailable(product)] });
      if (taken.now.units_stock < delta) throw outOfStock([{ product, title: p.english_title, available: taken.now.units_stock }]);
      throw conflict(MESSAGES.priceChanged, { product });
    }
  }

  /** Rewrites the lines in place: a kept product keeps its row (today's price), a removed one goes, a new one is added. */
  async function writeLines(trx: Kysely<DB>, id: number, items: OrderItem[], priced: { product: number; quantity: number; unit_price: number; total: number }[], products: Map<number, CheckoutProduct>): Promise<void> {
    const kept = new Map<number, OrderItem>();
    for (const item of items) {
      if (!kept.has(item.product_id) && priced.some((l) => l.product === item.product_id)) kept.set(item.product_id, item);
      else await trx.deleteFrom('order_items').where('id', '=', item.id).execute();
    }
    for (const l of priced) {
      const row = kept.get(l.product);
      if (row) {
        await trx.updateTable('order_items').set({ quantity: l.quantity, unit_price: l.unit_price, total: l.total }).where('id', '=', row.id).execute();
        continue;
      }
      const p = products.get(l.product)!;
      await trx
        .insertInto('order_items')
        .values({ order_id: id, product_id: l.product, product_title: p.english_title || p.bangla_title, product_type: p.type, unit_price: l.unit_price, quantity: l.quantity, total: l.total })
        .execute();
    }
  }

  return {
    /** The edit a PUT body asks for (see editOf), with the shop's delivery options. */
    async read(body: Record<string, unknown>, served: Record<string, unknown>): Promise<OrderEditInput | null> {
      return editOf(body, served, (await deps.settings.get()).delivery_options);
    },

    /**
     * Applies an edit to a Pending order not yet booked: 404 unknown, 409 not Pending, booked,
     * short of stock or paid online with a changed total, 400 an unknown delivery option, more
     * units than a line may hold or a product no longer sold. `coupon_dropped`: the order's code,
     * when it no longer applies.
     */
    async apply(admin: AuthUser, id: number, edit: OrderEditInput): Promise<{ coupon_dropped?: string }> {
      const settings = await deps.settings.get();
      const delivery = edit.delivery_option === undefined ? undefined : findOption(settings.delivery_options, edit.delivery_option);
      if (edit.delivery_option !== undefined && !delivery) throw badRequest(MESSAGES.unknownDelivery, { delivery_option: [MESSAGES.unknownDelivery] });
      const wanted = edit.lines ? cartLines({ orderItems: edit.lines }) : null;
      if (wanted && overUnitLimit(wanted, settings.max_units_per_line).length) {
        const message = LIMIT_MESSAGES.unitsPerLine(settings.max_units_per_line);
        throw badRequest(message, { lines: [message] });
      }

      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const order = await takeRow(trx, id, now);
        const fields = fieldsOf(edit, delivery);
        const was = Object.fromEntries(Object.keys(fields).map((k) => [k, order[k as keyof Order]]));
        const history = (before: object, after: object) =>
          trx.insertInto('order_edits').values({ order_id: id, changed_by: admin.id, before: JSON.stringify(before), after: JSON.stringify(after), created_at: now }).execute();
        // The address alone changes no price: the figures the customer agreed to stay.
        if (!edit.lines && !delivery) {
          await trx.updateTable('orders').set({ ...fields, updated_at: now }).where('id', '=', id).execute();
          await history(was, fields);
          return {};
        }
        if (order.user_id === null) throw conflict(EDIT_MESSAGES.noAccount(id));
        // A pre-order's lines hold pre-order units, not stock: they are not edited (docs/preorders.md).
        if (edit.lines && order.preorder_release_date !== null) throw conflict(PREORDER_MESSAGES.noEdit(id));
        const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', id).orderBy('id').execute();
        const before = linesOf(items);
        const after = wanted ?? before;
        const products = new Map((await deps.stock.forCheckout(trx, [...new Set([...before, ...after].map((l) => l.product))])).map((p) => [p.id, p]));
        const moves = deltas(before, after);
        for (const l of after) {
          const grows = moves.some((m) => m.product === l.product && m.delta > 0);
          const p = products.get(l.product);
          if (!p || (grows && p.is_active !== 1)) throw badRequest(EDIT_MESSAGES.unavailable(l.product), { lines: [EDIT_MESSAGES.unavailable(l.product)] });
        }

        // Priced afresh: the order's promotion uses are given back and taken again for the new price.
        const discounts = await trx.selectFrom('order_discounts').select('code').where('order_id', '=', id).execute();
        const code = discounts.find((d) => d.code)?.code ?? null;
        await deps.promotions.release(trx, id);
        await deps.promotions.forgetReleased(trx, id);
        await trx.deleteFrom('order_discounts').where('order_id', '=', id).execute();
        // The stored option's charge as the shop sets it today; the order's own when the option is gone.
        const deliveryCharge = (delivery ?? findOption(settings.delivery_options, order.delivery_option))?.charge ?? order.delivery_charge;
        const price = (coupon: string | null) =>
          priceCart(trx, deps.promotions, { userId: order.user_id, lines: after, products, deliveryCharge, coupon, freeDeliveryThreshold: settings.free_delivery_threshold });
        let quoted = await price(code);
        const dropped = !quoted.ok && code ? code : undefined;
        if (dropped) quoted = await price(null);
        if (!quoted.ok) throw conflict(MESSAGES.priceChanged);
        const priced = quoted.quote;
        if (order.payment_gateway !== null && priced.total !== order.total) throw conflict(EDIT_MESSAGES.paidOnline(id), { total: priced.total });
        // Money already taken stays taken: an edit never silently leaves the shop holding more than the order costs.
        const held = order.paid_amount - order.refunded_amount;
        if (held > priced.total) throw conflict(EDIT_MESSAGES.belowPaid(id, held, priced.total), { total: priced.total, paid: held });

        await moveStock(trx, moves, products, { order: id, user: admin.id });
        await writeLines(trx, id, items, priced.lines, products);
        if (priced.discounts.length) {
          await trx
            .insertInto('order_discounts')
            .values(priced.discounts.map((d) => ({ order_id: id, promotion_id: d.promotion, name: d.name, code: d.code, kind: d.kind, amount: d.amount })))
            .execute();
          // The uses were given back above inside this transaction, so only a race lost to another order can refuse one: nothing is kept.
          if (await deps.promotions.redeem(trx, { id, userId: order.user_id }, priced.discounts)) throw conflict(MESSAGES.priceChanged);
        }

        const figures = { subtotal: priced.subtotal, delivery_charge: priced.delivery_charge, discount_total: priced.discount_total, total: priced.total };
        await trx
          .updateTable('orders')
          .set({ ...fields, ...figures, ...paymentAfter(order, priced.total, now), updated_at: now })
          .where('id', '=', id)
          .execute();

        // The history: the fields that changed, the lines (with their titles, so a removed one still reads) when they were sent, the figures and the coupon.
        const title = (product: number) => items.find((i) => i.product_id === product)?.product_title ?? products.get(product)?.english_title ?? products.get(product)?.bangla_title ?? '';
        const shown = (l: { product: number; quantity: number; unit_price: number; total: number }) => ({ product: l.product, title: title(l.product), quantity: l.quantity, unit_price: l.unit_price, total: l.total });
        const coupon = code ? { before: { coupon: code }, after: { coupon: dropped ? null : code } } : { before: {}, after: {} };
        await history(
          { ...was, ...(edit.lines ? { lines: items.map((i) => shown({ product: i.product_id, ...i })) } : {}), ...figuresOf(order), ...coupon.before },
          { ...fields, ...(edit.lines ? { lines: priced.lines.map(shown) } : {}), ...figures, ...coupon.after },
        );
        return dropped ? { coupon_dropped: dropped } : {};
      });
    },
  };
}

/** An order's edit history, oldest first: who, when, and the fields, lines and figures before and after. */
export async function editHistoryOf(db: Kysely<DB>, orderId: number, users?: Pick<UserStore, 'namesByIds'>) {
  const rows = await db.selectFrom('order_edits').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const names = users ? await users.namesByIds(rows.flatMap((r) => (r.changed_by === null ? [] : [r.changed_by]))) : new Map<number, string>();
  return rows.map((r) => ({
    id: r.id,
    at: r.created_at,
    user: r.changed_by,
    user_name: r.changed_by === null ? null : (names.get(r.changed_by) ?? null),
    before: JSON.parse(r.before) as Record<string, unknown>,
    after: JSON.parse(r.after) as Record<string, unknown>,
  }));
}
