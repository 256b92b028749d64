/**
 * An exchange (`POST /api/returns/{id}/exchange/`): a new order for the same customer and
 * address, placed through checkout itself with a StaffPlacement (source `other`, staff's note
 * naming the order it replaces), so it is priced, stocked and texted by the same rules as any
 * order; its delivery is the original's option.
 *
 * The return's credit is what its returned lines were worth at the unit prices paid for them
 * (order_items.unit_price × units; an order-wide discount is not spread over the lines), never
 * more than the original order still holds (paid − refunded: a cash-on-delivery parcel that came
 * back unpaid carries no credit), less what refunds naming the return already gave back. The new
 * order carries the credit as a verified `exchange` payment of min(credit, its total), so its
 * parcel's COD is only what is still due; `difference_due` = its total − the credit (negative:
 * owed to the customer, and the return's `refund_amount` becomes what is still owed, to be
 * refunded naming the return).
 *
 * Checkout runs in its own transaction; the new order is linked to the return after it, by a
 * conditional UPDATE. The checkout's Idempotency-Key is the return's, so two exchanges of one
 * return at once (or a retry after a failure between the two) place one order, linked once.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../db/dialect';
import { HttpError, conflict, notFound, type FieldErrors } from '../../http/errors';
import type { AuthUser } from '../../accounts/sessions';
import { publicUser, type UserStore } from '../../accounts/users';
import type { SettingsService } from '../../settings/service';
import { findOption, isOnlineOption } from '../../../domain/settings';
import { walletPaymentStatus, statusAfterRefund } from '../../../domain/payments';
import { exchangeSchema } from '../../../domain/returns';
import type { CheckoutResult, StaffPlacement } from '../checkout';
import type { CheckoutMeta } from '../limits';
import { heldMoney } from './lines';
import { REFUNDABLE_RETURN } from './moves';

type Checkout = (user: AuthUser, payload: unknown, idempotencyKey?: string, meta?: CheckoutMeta, staff?: StaffPlacement) => Promise<CheckoutResult>;

export interface ExchangeDeps {
  checkout: Checkout;
  settings: SettingsService;
  users: Pick<UserStore, 'findById'>;
}

export const EXCHANGE_MESSAGES = {
  notFound: 'Return not found.',
  notOpen: (status: string) => `শুধু অনুমোদিত বা ফেরত পাওয়া পণ্য বদলে দেওয়া যায় (${status})। (Only an approved or received return can be exchanged: this one is ${status}.)`,
  done: (id: number) => `এই ফেরতের বদলে আগেই অর্ডার #${id} দেওয়া হয়েছে। (This return was already exchanged for order #${id}.)`,
  noAccount: 'এই অর্ডারের কোনো গ্রাহক অ্যাকাউন্ট নেই। (This order has no customer account to place an exchange for.)',
  created: 'বদলি অর্ডার তৈরি হয়েছে। (The exchange order was placed.)',
} as const;

/** Checkout names the lines `orderItems`; this call names them `lines`. */
function inOwnNames(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.errors) return error;
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(error.errors)) errors[key.replace(/^(orderItems|savedCart)/, 'lines')] = messages;
  return new HttpError(error.statusCode, error.message, errors, error.extra);
}

export function createExchange(db: Kysely<DB>, deps: ExchangeDeps) {
  /** The credit as worked out above, read inside the linking transaction. */
  async function creditOf(trx: Kysely<DB>, ret: { id: number; order_id: number; refunded_amount: number }): Promise<number> {
    const lines = await trx
      .selectFrom('return_lines')
      .innerJoin('order_items', 'order_items.id', 'return_lines.order_item_id')
      .select(['return_lines.quantity', 'order_items.unit_price'])
      .where('return_lines.return_id', '=', ret.id)
      .execute();
    const worth = lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0);
    const original = await trx.selectFrom('orders').select(['paid_amount', 'refunded_amount']).where('id', '=', ret.order_id).executeTakeFirstOrThrow();
    return Math.max(0, Math.min(worth, heldMoney(original)) - ret.refunded_amount);
  }

  return async function exchange(staff: AuthUser, returnId: number, body: unknown): Promise<{ order_id: number }> {
    const input = exchangeSchema.parse(body);
    const ret = await db.selectFrom('returns').selectAll().where('id', '=', returnId).executeTakeFirst();
    if (!ret) throw notFound(EXCHANGE_MESSAGES.notFound);
    if (!REFUNDABLE_RETURN.includes(ret.status)) throw conflict(EXCHANGE_MESSAGES.notOpen(ret.status), { return_status: ret.status });
    if (ret.exchange_order_id !== null) throw conflict(EXCHANGE_MESSAGES.done(ret.exchange_order_id), { exchange_order: ret.exchange_order_id });
    const order = await db.selectFrom('orders').selectAll().where('id', '=', ret.order_id).executeTakeFirstOrThrow();
    const user = order.user_id === null ? undefined : await deps.users.findById(order.user_id);
    if (!user) throw conflict(EXCHANGE_MESSAGES.noAccount);

    const settings = await deps.settings.get();
    // The original's delivery (its charge as the shop has it now); the difference is collected on delivery.
    const delivery = findOption(settings.delivery_options, order.delivery_option) ?? settings.delivery_options[0];
    const payment = settings.payment_options.find((o) => !o.wallet && !isOnlineOption(o)) ?? findOption(settings.payment_options, order.payment_option);
    const payload = {
      name: order.name,
      phone_number: order.phone_number,
      ...(order.optional_phone_number ? { optional_phone_number: order.optional_phone_number } : {}),
      ...(order.email ? { email: order.email } : {}),
      district: order.district,
      upazila_thana: order.upazila_thana,
      delivery_address: order.delivery_address,
      delivery_option: delivery?.id ?? order.delivery_option,
      payment_option: payment?.id ?? order.payment_option,
      orderItems: input.lines,
    };
    const placement: StaffPlacement = { staffId: staff.id, source: 'other', note: `Exchange of order #${order.id} (return #${ret.id})` };
    let placed: CheckoutResult;
    try {
      placed = await deps.checkout(publicUser(user), payload, `exchange:return:${ret.id}`, {}, placement);
    } catch (error) {
      throw inOwnNames(error);
    }

    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const linked = await trx
        .updateTable('returns')
        .set({ exchange_order_id: placed.order_id, updated_at: now })
        .where('id', '=', ret.id)
        .where('exchange_order_id', 'is', null)
        .where('status', 'in', REFUNDABLE_RETURN)
        .executeTakeFirst();
      if (Number(linked.numUpdatedRows) !== 1) {
        const current = await trx.selectFrom('returns').select(['exchange_order_id', 'status']).where('id', '=', ret.id).executeTakeFirstOrThrow();
        // The same exchange asked twice: checkout answered the same order, already linked.
        if (current.exchange_order_id === placed.order_id) return;
        throw current.exchange_order_id !== null ? conflict(EXCHANGE_MESSAGES.done(current.exchange_order_id)) : conflict(EXCHANGE_MESSAGES.notOpen(current.status));
      }
      const fresh = await trx.selectFrom('returns').select(['id', 'order_id', 'refunded_amount']).where('id', '=', ret.id).executeTakeFirstOrThrow();
      const credit = await creditOf(trx, fresh);
      const next = await trx.selectFrom('orders').select(['total']).where('id', '=', placed.order_id).executeTakeFirstOrThrow();
      const carried = Math.min(credit, next.total);
      if (carried > 0) {
        await trx
          .insertInto('order_payments')
          .values({ order_id: placed.order_id, kind: 'payment', method: 'exchange', transaction_id: `RETURN-${ret.id}`, amount: carried, verified: 1, created_by: staff.id, created_at: now, verified_by: staff.id, verified_at: now })
          .execute();
        // The credit leaves the original order as it enters the new one: the same money is never
        // refunded there too, nor counted twice.
        await trx
          .insertInto('order_payments')
          .values({ order_id: order.id, kind: 'refund', method: 'exchange', transaction_id: `EXCHANGE-${placed.order_id}`, amount: carried, verified: 1, reason: `Credit carried to exchange order #${placed.order_id}`, created_by: staff.id, created_at: now, verified_by: staff.id, verified_at: now })
          .execute();
        const original = await trx.selectFrom('orders').select(['paid_amount', 'refunded_amount', 'payment_status']).where('id', '=', order.id).executeTakeFirstOrThrow();
        const refunded = original.refunded_amount + carried;
        await trx.updateTable('orders').set({ refunded_amount: refunded, payment_status: statusAfterRefund(original.paid_amount, refunded), updated_at: now }).where('id', '=', order.id).execute();
      }
      const status = walletPaymentStatus({ total: next.total, paid_amount: carried, refunded_amount: 0 }, 0);
      await trx
        .updateTable('orders')
        .set({ paid_amount: carried, payment_status: status, ...(carried > 0 ? { paid_at: now } : {}), exchange_of: order.id, difference_due: next.total - credit, updated_at: now })
        .where('id', '=', placed.order_id)
        .execute();
      // What is still owed to the customer is what the return may refund now.
      await trx
        .updateTable('returns')
        .set({ refund_amount: fresh.refunded_amount + Math.max(0, credit - next.total), updated_at: now })
        .where('id', '=', ret.id)
        .execute();
    });
    return { order_id: placed.order_id };
  };
}
