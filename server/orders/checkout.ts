/**
 * Placing an order. The server prices every order from the catalogue's current prices, never
 * from what the client sends; the stock is taken through the catalogue's stock face inside the
 * order's own transaction, so an order exists exactly when its stock was taken. The confirmation
 * SMS goes into the outbox in the same transaction, so an order and its message exist together
 * or not at all; it goes to the account's own phone, never to a number typed at checkout.
 * Against automation (orders that hold stock unpaid, texts to strangers): units per line, open
 * unpaid orders per customer and checkouts an hour per customer and per address are limited by
 * the shop's settings (limits.ts).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import { isUniqueViolation } from '../db/errors';
import { badRequest, conflict, type FieldErrors } from '../http/errors';
import type { AuthUser } from '../accounts/sessions';
import type { DialectName } from '../db/database';
import type { RateLimiter } from '../accounts/rate-limit';
import type { SettingsService } from '../settings/service';
import type { CatalogService } from '../catalog/service';
import { enqueueSms } from '../notifications/outbox';
import { findOption, isOnlineOption } from '../../domain/settings';
import { isOnlineGateway } from '../../domain/payments';
import { normalizePhone } from '../../domain/phone';
import { MESSAGES, cartLines, disagreeingFigures, transactionFieldFor } from '../../domain/orders';
import { couponMessage } from '../../domain/promotions';
import type { PromotionService } from '../promotions/service';
import { priceCart } from './pricing';
import { CouponRefused } from './coupon-tries';
import { lockKey } from '../db/dialect';
import { checkLines, checkOpenOrders, countCheckout, limiterFor, type CheckoutMeta } from './limits';
import { claimsWallet, recordClaim } from './wallet-payments';
import { findIdempotent, keepIdempotent, requestHash } from './idempotency';
import type { PlacedOrder } from './shapes';
import { checkoutSchemaFor } from './checkout-schema';
import { outOfStock } from './out-of-stock';
import { hashConfirmToken } from './confirmation';
import { dhakaDate, stockRef } from '../../domain/stock';
import { planPreorders, takePreorders } from './preorders';
import { DESK_MESSAGES, carriesConfirmLink, confirmPath, newOrderAlert, orderPlacedSms, startsUnconfirmed, type OrderSource } from '../../domain/order-desk';

export interface CheckoutResult {
  status: 200;
  message: string;
  order_id: number;
}

export interface CheckoutDeps {
  settings: SettingsService;
  /** The catalogue's stock face: checkout reads prices and takes units only through it. */
  stock: CatalogService['stock'];
  /** How long an order paid online keeps its stock unpaid before it is cancelled. */
  paymentHoldMinutes: number;
  dialect: DialectName;
  /** The shared rate limiter (Redis or the database); the database's when none is handed in. */
  limiter?: RateLimiter | undefined;
  /** Promotions and coupons: what the order is priced with, and their uses taken in the order's transaction. */
  promotions: PromotionService;
  /** PUBLIC_URL: the origin the confirmation link in the order SMS points at. */
  publicUrl: string;
}

/**
 * An order staff take for a customer (by phone, Facebook, in the shop): confirmed by them, with
 * where it came from and their note, and without the per-customer and per-address limits (units
 * per line still hold). The customer is the account the caller found or made by phone.
 */
export interface StaffPlacement {
  staffId: number;
  source: Exclude<OrderSource, 'web' | 'counter'>;
  note: string;
}

const unavailable = (product: number) => badRequest(`Product ${product} is not available.`, { orderItems: [`Product ${product} is not available.`] });

/** A checkout's answer, and the rows it wrote (null when the answer is an earlier one's, by its Idempotency-Key). */
interface CheckoutWithRows {
  result: CheckoutResult;
  placed: PlacedOrder | null;
}

export function createCheckout(db: Kysely<DB>, deps: CheckoutDeps) {
  const limiter = limiterFor(db, deps);

  async function placeOrder(user: AuthUser, body: unknown, key: string | undefined, hash: string, meta: CheckoutMeta, staff?: StaffPlacement): Promise<CheckoutWithRows> {
    const settings = await deps.settings.get();
    const input = checkoutSchemaFor(settings).parse(body);
    const delivery = findOption(settings.delivery_options, input.delivery_option)!;
    const payment = findOption(settings.payment_options, input.payment_option)!;
    if (staff && isOnlineOption(payment)) throw badRequest(DESK_MESSAGES.onlinePayment, { payment_option: [DESK_MESSAGES.onlinePayment] });
    const lines = cartLines(input);
    checkLines(lines, settings, input.orderItems?.length ? 'orderItems' : 'savedCart');
    if (!staff) {
      await checkOpenOrders(db, user.id, settings);
      await countCheckout(limiter, user.id, meta, settings);
    }

    return db.transaction().execute(async (trx) => {
      // Counted again inside the transaction, with this customer's other checkouts held back until
      // it ends: two at once could otherwise both see one place left.
      if (!staff && settings.max_open_orders_per_customer > 0) await lockKey(trx, deps.dialect, `checkout:user:${user.id}`);
      if (!staff) await checkOpenOrders(trx, user.id, settings);
      const products = await deps.stock.forCheckout(trx, lines.map((l) => l.product));
      const byId = new Map(products.map((p) => [p.id, p]));
      const errors: FieldErrors = {};
      for (const line of lines) {
        const p = byId.get(line.product);
        if (!p || p.is_active !== 1) (errors.orderItems ??= []).push(`Product ${line.product} is not available.`);
      }
      if (Object.keys(errors).length) throw badRequest(errors.orderItems![0]!, errors);

      // Stock lines and pre-order lines (preorders.ts): 409 when either is short, 400 for a pre-order not paid cash on delivery.
      const plan = planPreorders(lines, byId, payment, dhakaDate(Date.now()));

      // Priced with the promotions that hold now (domain/promotions.ts has the stacking rule).
      const quoted = await priceCart(trx, deps.promotions, {
        userId: user.id,
        lines,
        products: byId,
        deliveryCharge: delivery.charge,
        coupon: input.coupon,
        freeDeliveryThreshold: settings.free_delivery_threshold,
      });
      // A code that can't be used: one message for unknown, expired and used-up (the try was counted before: coupon-tries.ts).
      if (!quoted.ok) throw new CouponRefused(quoted.problem, quoted.coupon);
      const priced = quoted.quote;
      const figures = { subtotal: priced.subtotal, delivery_charge: priced.delivery_charge, discount_total: priced.discount_total, total: priced.total };
      const changed = () => conflict(MESSAGES.priceChanged, { ...figures, discounts: priced.discounts, items: priced.lines });
      if (disagreeingFigures(input, figures).length) throw changed();

      const phone = (input.phone_number && normalizePhone(input.phone_number)) || user.phone_number;
      const txField = transactionFieldFor(payment);
      // A wallet payment's TrxID is a claim staff verify (wallet-payments.ts): the order starts unverified.
      const claimedId = txField ? input[txField] : undefined;
      const claimed = claimsWallet(txField, claimedId);
      const now = nowIso();
      // Paid online: the order holds its stock, pending, while the customer is at the gateway.
      // An online order whose total is 0 (a 100 % coupon and free delivery) is paid at once: no
      // gateway takes 0 taka, and asking one left a saved order answering 500.
      const online = isOnlineOption(payment) && isOnlineGateway(payment.id) ? payment.id : null;
      const paidAtOnce = online !== null && figures.total === 0;
      const gateway = paidAtOnce ? null : online;
      // Under `order_confirmation` sms or staff the web shop's orders wait to be confirmed; the
      // SMS link carries a token whose hash alone is kept (domain/order-desk.ts).
      const source = staff?.source ?? 'web';
      const unconfirmed = startsUnconfirmed(settings.order_confirmation, { source, paidAtOnce });
      const token = carriesConfirmLink(settings.order_confirmation, { unconfirmed, online: gateway !== null }) ? crypto.randomBytes(32).toString('base64url') : null;
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
          cash_on_delivery: payment.wallet || online ? 0 : 1,
          bkash_transaction_id: txField === 'bkash_transaction_ID' ? (input.bkash_transaction_ID ?? '') : '',
          nagad_transaction_id: txField === 'nagad_transaction_ID' ? (input.nagad_transaction_ID ?? '') : '',
          rocket_transaction_id: txField === 'rocket_transaction_ID' ? (input.rocket_transaction_ID ?? '') : '',
          transaction_amount: txField && input.transaction_amount !== undefined ? Math.round(input.transaction_amount) : null,
          order_instruction: input.order_instruction ?? '',
          subtotal: figures.subtotal,
          delivery_charge: figures.delivery_charge,
          discount_total: figures.discount_total,
          total: figures.total,
          status: 'Pending',
          created_at: now,
          updated_at: now,
          payment_status: gateway ? 'pending' : paidAtOnce ? 'paid' : claimed ? 'unverified' : 'unpaid',
          paid_at: paidAtOnce ? now : null,
          payment_gateway: gateway,
          payment_hold_until: gateway ? new Date(Date.parse(now) + deps.paymentHoldMinutes * 60_000).toISOString() : null,
          account_phone: user.phone_number,
          confirmation: unconfirmed ? 'unconfirmed' : 'confirmed',
          confirmed_at: unconfirmed ? null : now,
          confirmation_method: staff ? 'staff' : paidAtOnce && settings.order_confirmation !== 'none' ? 'paid' : 'auto',
          confirmed_by: staff?.staffId ?? null,
          confirm_token_hash: token ? hashConfirmToken(token) : null,
          source,
          staff_note: staff?.note ?? '',
          ...plan.columns,
        })
        .returningAll() // the answer shows the order as written (reads.ts viewPlaced), so it is not read again
        .executeTakeFirstOrThrow();
      // The stock is taken once the order has its number, for the ledger's reference (`order:<id>`);
      // a refusal rolls the order back with everything else.
      const stockLines = priced.lines.map((l) => ({ product: l.product, quantity: l.quantity, regular_price: byId.get(l.product)!.regular_price, discount_price: byId.get(l.product)!.discount_price }));
      // One pass in product order over stock and pre-order lines alike: no two carts lock rows in opposite orders.
      for (const l of [...stockLines].sort((a, b) => a.product - b.product)) {
        if (plan.lines.has(l.product)) {
          await takePreorders(trx, deps.stock, plan, [l], byId); // pre-order units instead of stock
          continue;
        }
        const taken = await deps.stock.take(trx, [l], { reason: 'sale', ref: stockRef.order(order.id), user: staff?.staffId ?? user.id });
        if (taken.taken) continue;
        // Someone else bought, deactivated or repriced it since it was read above.
        const { line, now: current } = taken;
        const p = byId.get(line.product)!;
        if (!current || current.is_active !== 1) throw unavailable(line.product);
        if (current.units_stock < line.quantity) throw outOfStock([{ product: p.id, title: p.english_title, available: current.units_stock }]);
        throw conflict(MESSAGES.priceChanged, { product: p.id });
      }
      const claim = claimed ? await recordClaim(trx, { orderId: order.id, userId: user.id, field: txField, transactionId: claimedId, amount: input.transaction_amount, now }) : null;
      const items = await trx
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
              preorder: plan.lines.has(l.product) ? ('waiting' as const) : null,
            };
          }),
        )
        .returningAll()
        .execute();
      let discounts: PlacedOrder['discounts'] = [];
      if (priced.discounts.length) {
        discounts = await trx
          .insertInto('order_discounts')
          .values(priced.discounts.map((d) => ({ order_id: order.id, promotion_id: d.promotion, name: d.name, code: d.code, kind: d.kind, amount: d.amount })))
          .returningAll()
          .execute();
        // The uses are taken here, so a code's last use goes to one order; the loser is told which.
        const short = await deps.promotions.redeem(trx, { id: order.id, userId: user.id }, priced.discounts);
        if (short?.discount.code) throw badRequest(couponMessage(short.problem), { coupon: [couponMessage(short.problem)] });
        // An automatic promotion ran out meanwhile: the customer confirms the new total.
        if (short) throw changed();
      }
      const result: CheckoutResult = { status: 200, message: MESSAGES.success, order_id: order.id };
      if (key) await keepIdempotent(trx, user.id, key, hash, result, now);
      const confirmUrl = token ? `${deps.publicUrl}${confirmPath(token)}` : undefined;
      await enqueueSms(trx, user.phone_number, orderPlacedSms({ shop: settings.shop_name, id: order.id, total: figures.total, confirmUrl }), 'order_confirmation');
      // The shop's own numbers hear of each new order (through the outbox, never capped per number).
      const alert = newOrderAlert({ shop: settings.shop_name, id: order.id, total: figures.total, district: input.district, source });
      for (const to of settings.new_order_alert_phones) await enqueueSms(trx, to, alert, 'new_order_alert');
      const inIdOrder = (a: { id: number }, b: { id: number }) => a.id - b.id; // as reads.ts reads them
      return { result, placed: { order, items: items.sort(inIdOrder), discounts: discounts.sort(inIdOrder), payments: claim ? [claim] : [] } };
    });
  }

  /**
   * Places an order for a signed-in customer. With an Idempotency-Key, a retry of the same
   * request answers the first order instead of placing a second; only successes are kept
   * (a refused checkout changed nothing, so retrying it is safe).
   */
  async function checkoutWithRows(user: AuthUser, payload: unknown, idempotencyKey?: string, meta: CheckoutMeta = {}, staff?: StaffPlacement): Promise<CheckoutWithRows> {
    const key = idempotencyKey?.trim() || undefined;
    if (key && key.length > 200) throw badRequest('The Idempotency-Key header is too long (200 characters at most).');
    // Only a key's answer is kept and compared; a staff order's source and note count too.
    const hash = key ? requestHash(staff ? { payload, source: staff.source, note: staff.note } : payload) : '';
    const earlier = async () => {
      const found = key ? await findIdempotent<CheckoutResult>(db, user.id, key, hash) : null;
      return found && { result: found, placed: null };
    };
    if (key) {
      const answered = await earlier();
      if (answered) return answered;
    }
    try {
      return await placeOrder(user, payload, key, hash, meta, staff);
    } catch (error) {
      // The same key raced in from another request and committed first: answer what it answered.
      if (key && isUniqueViolation(error)) {
        const answered = await earlier();
        if (answered) return answered;
      }
      throw error;
    }
  }

  return {
    checkoutWithRows,
    /** Checkout's answer alone: staff orders and exchanges place orders through it. */
    checkout: async (...args: Parameters<typeof checkoutWithRows>): Promise<CheckoutResult> => (await checkoutWithRows(...args)).result,
  };
}
