/**
 * A sale at the counter (`POST /api/pos/sales/`, issue 36; docs/counter.md). The server prices
 * it from the catalogue (the price a shopper pays: the discount price when set; promotions and
 * coupons are the web shop's and do not apply here), checks the discount against the seller's
 * role and the money tendered against the total, and records in one transaction: the order,
 * its lines, its discount, a verified payment, a status-history row, and the stock taken through
 * the catalogue's stock face with reason `counter` (one conditional UPDATE a line, as checkout
 * takes it, so the last copy goes to one buyer only, online or here).
 *
 * The order is written at Delivered and paid: the buyer walks out with the goods, so the sale is
 * a creation, not a move through the state machine (no courier, no SMS, no confirmation step);
 * its one history row (Pending → Delivered, by the seller, at the sale's time) is what the order
 * screen shows for it.
 *
 * `client_ref` is the screen's id for the sale, unique in the table: a retry, or two sends at
 * once, answer the sale already recorded, and its stock is taken once.
 *
 * Live (no `sold_at`): a line short of stock answers 409 with every short line, nothing written.
 * Offline (`sold_at`: made while the screen had no network) the goods have already left the
 * shop, so the sale is always recorded: each line whose stock is there takes it; a short line
 * moves no stock (it never drives stock below 0) and is flagged `short`, the order
 * `stock_short`, for staff to count the shelf and correct. Nor is it refused for what the seller
 * could have corrected live: it is priced at the `unit_price` the screen showed (else today's),
 * and a discount above the limit, money below the total or a bad phone (dropped) are written
 * into the order's `staff_note` for staff to check (the day's report lists them).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../db/dialect';
import { isUniqueViolation } from '../../db/errors';
import { badRequest } from '../../http/errors';
import type { AuthUser } from '../../accounts/sessions';
import type { OrderDeps } from '../deps';
import { outOfStock } from '../out-of-stock';
import { unitPrice } from '../../../domain/prices';
import { stockRef } from '../../../domain/stock';
import { stockOnSale } from '../../../domain/preorders';
import { COUNTER_MESSAGES, COUNTER_METHOD_LABELS, counterMoney, counterPhone, counterSaleSchema, discountLimit, discountPercentOf, mergeLines, soldAtOf, staleOffline } from '../../../domain/counter';

export type CounterDeps = Pick<OrderDeps, 'settings' | 'stock' | 'users'>;

export interface SaleResult {
  id: number;
  /** The same client_ref was recorded before: this is that sale, nothing new written. */
  replayed: boolean;
}

/** The name a sale without an account carries. */
export const WALK_IN = 'কাউন্টার ক্রেতা (Walk-in)';
export const COUNTER_DISCOUNT_NAME = 'কাউন্টারে ছাড় (Counter discount)';

export function createCounterSale(db: Kysely<DB>, deps: CounterDeps) {
  async function byRef(ref: string): Promise<number | null> {
    const row = await db.selectFrom('orders').select('id').where('client_ref', '=', ref).executeTakeFirst();
    return row?.id ?? null;
  }

  async function record(staff: AuthUser, body: unknown): Promise<SaleResult> {
    const input = counterSaleSchema.parse(body);
    const earlier = await byRef(input.client_ref);
    if (earlier !== null) return { id: earlier, replayed: true };
    const settings = await deps.settings.get();
    const offline = input.sold_at !== undefined;
    // What an offline sale records instead of refusing (the schema refuses a bad phone live).
    const checks: string[] = [];
    const phone = counterPhone(input.customer_phone) ?? undefined;
    if (input.customer_phone && !phone) checks.push(COUNTER_MESSAGES.checkPhone(input.customer_phone.slice(0, 30)));
    const account = phone ? await deps.users.findByPhone(phone) : undefined;
    const lines = mergeLines(input.lines);
    const at = offline ? soldAtOf(input.sold_at, Date.now()) : nowIso();
    // A till offline for days, or with its clock wrong, files the sale on a day long past: said to staff.
    if (offline && staleOffline(at, Date.now())) checks.push(COUNTER_MESSAGES.checkStale(at.slice(0, 10)));

    return db.transaction().execute(async (trx) => {
      const products = new Map((await deps.stock.forCheckout(trx, lines.map((l) => l.product))).map((p) => [p.id, p]));
      // An unknown product cannot be a line at all; an inactive one is refused live (the screen's
      // copy was stale) but kept offline, where the book has already been handed over.
      const missing = lines.find((l) => !products.has(l.product) || (!offline && products.get(l.product)!.is_active !== 1));
      if (missing) throw badRequest(COUNTER_MESSAGES.unavailable(missing.product), { lines: [COUNTER_MESSAGES.unavailable(missing.product)] });

      const priced = lines.map((l) => {
        const p = products.get(l.product)!;
        const now = unitPrice(p);
        // Offline, the buyer paid the price the screen showed.
        const price = offline ? (l.unit_price ?? now) : now;
        if (price !== now) checks.push(COUNTER_MESSAGES.checkPrice(p.english_title || p.bangla_title, price, now));
        return { product: l.product, quantity: l.quantity, p, price, total: price * l.quantity };
      });
      const subtotal = priced.reduce((n, l) => n + l.total, 0);
      const asked = input.discount ?? 0;
      const percent = discountPercentOf(settings.counter_discount_limits, staff.role);
      const limit = discountLimit(subtotal, percent);
      if (asked > limit) {
        if (!offline) throw badRequest(COUNTER_MESSAGES.discountOver(limit, percent), { discount: [COUNTER_MESSAGES.discountOver(limit, percent)] });
        checks.push(COUNTER_MESSAGES.checkDiscount(asked, limit, percent));
      }
      // Never more off than the subtotal (only an offline sale can ask it): discount + total = subtotal.
      const discount = Math.min(asked, subtotal);
      const money = counterMoney({ subtotal, discount, paid: input.paid });
      if (money.short) {
        if (!offline) throw badRequest(COUNTER_MESSAGES.paidShort(money.total), { paid: [COUNTER_MESSAGES.paidShort(money.total)] });
        checks.push(COUNTER_MESSAGES.checkPaid(input.paid, money.total));
      }

      // On sale: units promised to waiting pre-orders are not (the ledger's guard refuses them too).
      const shortOf = (rows: typeof priced) => rows.filter((l) => stockOnSale(l.p) < l.quantity).map((l) => ({ product: l.product, title: l.p.english_title || l.p.bangla_title, available: stockOnSale(l.p) }));
      if (!offline && shortOf(priced).length) throw outOfStock(shortOf(priced));

      const label = COUNTER_METHOD_LABELS[input.payment_method];
      const order = await trx
        .insertInto('orders')
        .values({
          user_id: account?.id ?? null,
          name: account?.name || WALK_IN,
          phone_number: phone ?? '',
          optional_phone_number: '',
          email: '',
          district: '',
          upazila_thana: '',
          delivery_address: '',
          delivery_option: 'কাউন্টার (Counter)',
          payment_option: `${label.bn} (${label.en})`,
          cash_on_delivery: 0,
          bkash_transaction_id: '',
          nagad_transaction_id: '',
          rocket_transaction_id: '',
          transaction_amount: null,
          order_instruction: '',
          subtotal,
          delivery_charge: 0,
          discount_total: discount,
          total: money.total,
          status: 'Delivered',
          created_at: at,
          updated_at: at,
          payment_status: 'paid',
          paid_amount: money.total,
          paid_at: at,
          payment_gateway: null,
          payment_hold_until: null,
          account_phone: account?.phone_number ?? '',
          confirmation: 'confirmed',
          confirmed_at: at,
          confirmation_method: 'staff',
          // The seller: the day's report counts sales by it.
          confirmed_by: staff.id,
          source: 'counter',
          client_ref: input.client_ref,
          tendered: input.paid,
          change_due: money.change_due,
          staff_note: checks.length ? [COUNTER_MESSAGES.checkOffline, ...checks].join('\n') : '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const note = { reason: 'counter' as const, ref: stockRef.order(order.id), user: staff.id };
      const short = new Set<number>();
      if (!offline) {
        const { refused } = await deps.stock.change(trx, priced.map((l) => ({ product: l.product, delta: -l.quantity })), note);
        if (refused) {
          // Sold meanwhile (online, or at another till): re-read what is left and answer it.
          const now = new Map((await deps.stock.forCheckout(trx, lines.map((l) => l.product))).map((p) => [p.id, p]));
          throw outOfStock(shortOf(priced.map((l) => ({ ...l, p: now.get(l.product) ?? { ...l.p, units_stock: 0 } }))));
        }
      } else {
        // Line by line (the face takes them in product order): a short line is refused alone and moves nothing.
        for (const l of [...priced].sort((a, b) => a.product - b.product)) {
          const { refused } = await deps.stock.change(trx, [{ product: l.product, delta: -l.quantity }], note);
          if (refused) short.add(l.product);
        }
        if (short.size) await trx.updateTable('orders').set({ stock_short: 1 }).where('id', '=', order.id).execute();
      }

      await trx
        .insertInto('order_items')
        .values(
          priced.map((l) => ({
            order_id: order.id,
            product_id: l.product,
            product_title: l.p.english_title || l.p.bangla_title,
            product_type: l.p.type,
            unit_price: l.price,
            quantity: l.quantity,
            total: l.total,
            short: short.has(l.product) ? 1 : 0,
          })),
        )
        .execute();
      if (discount > 0) {
        await trx.insertInto('order_discounts').values({ order_id: order.id, promotion_id: null, name: COUNTER_DISCOUNT_NAME, code: null, kind: 'counter', amount: discount }).execute();
      }
      // The money is in hand: a verified payment of the total (the change went back).
      await trx
        .insertInto('order_payments')
        .values({ order_id: order.id, kind: 'payment', method: input.payment_method, transaction_id: '', amount: money.total, verified: 1, created_by: staff.id, created_at: at, verified_by: staff.id, verified_at: at })
        .execute();
      await trx.insertInto('order_status_changes').values({ order_id: order.id, from_status: 'Pending', to_status: 'Delivered', changed_by: staff.id, created_at: at }).execute();
      return { id: order.id, replayed: false };
    });
  }

  return async function sell(staff: AuthUser, body: unknown): Promise<SaleResult> {
    try {
      return await record(staff, body);
    } catch (error) {
      // The same client_ref committed first from another request: that sale is the answer.
      const ref = (body as { client_ref?: unknown } | null)?.client_ref;
      if (isUniqueViolation(error) && typeof ref === 'string') {
        const earlier = await byRef(ref);
        if (earlier !== null) return { id: earlier, replayed: true };
      }
      throw error;
    }
  };
}
