/**
 * Checkout's limits against automation, from the shop's settings (0: no limit): units of one
 * product per order, open unpaid orders per customer, and checkouts an hour per customer and
 * per client address. A refused checkout changed nothing, so trying again later is safe.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { badRequest } from '../http/errors';
import { DatabaseRateLimiter, TooManyRequests, enforce, type RateLimiter } from '../accounts/rate-limit';
import { LIMIT_MESSAGES, overUnitLimit, type CartLine } from '../../domain/orders';
import type { PaymentStatus } from '../../domain/payments';
import type { ShopSettings } from '../../domain/settings';

/** Who is checking out, beyond the account: the client address per-address limits count against. */
export interface CheckoutMeta {
  ip?: string | undefined;
}

type Limits = Pick<ShopSettings, 'max_units_per_line' | 'max_open_orders_per_customer' | 'checkouts_per_hour'>;

/**
 * Not yet paid: the order still holds its stock on the customer's word alone. A payment under
 * review, paid or refunded has money behind it; a failed one can still be paid again, so it counts.
 * A wallet claim nobody checked (`unverified`) and money short of the total (`partly_paid`) count
 * as unpaid too: a typed TrxID is only a word, and a delivery charge is not the order.
 */
export const UNPAID: readonly PaymentStatus[] = ['unpaid', 'unverified', 'pending', 'partly_paid', 'failed'];

const HOUR_MS = 3600_000;

export function limiterFor(db: Kysely<DB>, deps: { dialect: DialectName; limiter?: RateLimiter | undefined }): RateLimiter {
  return deps.limiter ?? new DatabaseRateLimiter(db, deps.dialect);
}

/** 400 when a line has more units than one order may take. */
export function checkLines(lines: CartLine[], limits: Limits, field: 'orderItems' | 'savedCart'): void {
  if (overUnitLimit(lines, limits.max_units_per_line).length === 0) return;
  const message = LIMIT_MESSAGES.unitsPerLine(limits.max_units_per_line);
  throw badRequest(message, { [field]: [message] });
}

/** 400 when the customer already has as many open unpaid orders (Pending, not paid) as allowed. */
export async function checkOpenOrders(q: Kysely<DB> | Transaction<DB>, userId: number, limits: Limits): Promise<void> {
  const max = limits.max_open_orders_per_customer;
  if (max <= 0) return;
  const row = await q
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'Pending')
    .where('payment_status', 'in', UNPAID)
    // Pre-orders hold no stock and wait for it by design: they never count (docs/preorders.md).
    .where('preorder_release_date', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(row.n) < max) return;
  const message = LIMIT_MESSAGES.openOrders(max);
  throw badRequest(message, { orderItems: [message] });
}

/** Counts one checkout against the customer and the address; 429 with Retry-After when over. */
export async function countCheckout(limiter: RateLimiter, userId: number, meta: CheckoutMeta, limits: Limits): Promise<void> {
  const limit = limits.checkouts_per_hour;
  if (limit <= 0) return;
  const rule = { limit, windowMs: HOUR_MS };
  try {
    await enforce(limiter, [{ key: `checkout:user:${userId}`, rule }, { key: `checkout:ip:${meta.ip ?? 'unknown'}`, rule }], 'checkouts');
  } catch (error) {
    if (!(error instanceof TooManyRequests)) throw error;
    throw new TooManyRequests(LIMIT_MESSAGES.checkoutsPerHour(Math.ceil(error.retryAfter / 60)), error.retryAfter);
  }
}
