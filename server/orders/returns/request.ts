/**
 * A customer asks to return some units of their own Delivered order
 * (`POST /api/order/{id}/return-request/`), within `return_days` of delivery (0: the shop takes
 * returns by phone only), with a reason and up to three photos. The request waits for staff's
 * decision (service.ts `decide`); nothing moves until then. Someone else's order is no order
 * (404). The photos are checked and re-encoded before anything is stored, and removed again
 * when the request then fails (photos.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { lockKey } from '../../db/dialect';
import type { DialectName } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../accounts/sessions';
import type { Upload } from '../../media/uploads';
import type { FileStorage } from '../../media/storage';
import type { SettingsService } from '../../settings/service';
import { nowIso } from '../../db/dialect';
import { RETURN_MESSAGES, returnRequestSchema, withinReturnWindow } from '../../../domain/returns';
import { checkReturnable, heldMoney, returnableItems, valueOf } from './lines';
import { encodePhotos, withStoredPhotos } from './photos';
import { openReturn } from './records';

export interface RequestDeps {
  settings: SettingsService;
  dialect: DialectName;
  storage: FileStorage;
}

const ORDER_NOT_FOUND = 'Order not found.';

/**
 * When each order was delivered: its last move to Delivered in the history, else (an order
 * written before the history, or marked Delivered outside it) its last change. One query.
 */
export async function deliveredTimes(q: Kysely<DB>, orders: readonly { id: number; updated_at: string }[]): Promise<Map<number, string>> {
  const out = new Map(orders.map((o) => [o.id, o.updated_at]));
  if (!orders.length) return out;
  const rows = await q
    .selectFrom('order_status_changes')
    .select(['order_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('order_id', 'in', orders.map((o) => o.id))
    .where('to_status', '=', 'Delivered')
    .groupBy('order_id')
    .execute();
  for (const r of rows) if (r.at) out.set(r.order_id, String(r.at));
  return out;
}

/** The last moment a customer may ask for a return of each order; null when they may not (not Delivered, or `return_days` 0). */
export async function returnRequestUntil(q: Kysely<DB>, orders: readonly { id: number; status: string; updated_at: string }[], days: number): Promise<Map<number, string | null>> {
  const delivered = orders.filter((o) => o.status === 'Delivered');
  const at = days > 0 ? await deliveredTimes(q, delivered) : new Map<number, string>();
  return new Map(orders.map((o) => [o.id, at.has(o.id) ? new Date(Date.parse(at.get(o.id)!) + days * 24 * 3600_000).toISOString() : null]));
}

export function createReturnRequests(db: Kysely<DB>, deps: RequestDeps) {
  return async function request(customer: AuthUser, orderId: number, form: { fields: Record<string, unknown>; photos: Upload[] }): Promise<number> {
    const input = returnRequestSchema.parse(form.fields);
    const settings = await deps.settings.get();
    const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', customer.id).executeTakeFirst();
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (settings.return_days <= 0) throw badRequest(RETURN_MESSAGES.closed);
    if (order.status !== 'Delivered') throw conflict(RETURN_MESSAGES.notDelivered, { order_status: order.status });
    if (!withinReturnWindow((await deliveredTimes(db, [order])).get(order.id)!, Date.now(), settings.return_days)) throw badRequest(RETURN_MESSAGES.tooLate(settings.return_days));
    // The lines are checked before the photos are encoded, and again under the order's lock.
    checkReturnable(input.lines, await returnableItems(db, orderId));
    const encoded = await encodePhotos(form.photos);

    return withStoredPhotos(deps.storage, encoded, (keys) =>
      db.transaction().execute(async (trx) => {
        await lockKey(trx, deps.dialect, `returns:order:${orderId}`);
        const items = await returnableItems(trx, orderId);
        checkReturnable(input.lines, items);
        const held = await trx.selectFrom('orders').select(['paid_amount', 'refunded_amount']).where('id', '=', orderId).executeTakeFirstOrThrow();
        const id = await openReturn(trx, {
          orderId,
          origin: 'customer',
          status: 'requested',
          reason: input.reason,
          lines: input.lines,
          // What the units cost, within what the order holds; staff may refund less.
          refundAmount: Math.min(valueOf(input.lines, items), heldMoney(held)),
          createdBy: customer.id,
        });
        if (keys.length) await trx.insertInto('return_photos').values(keys.map((image) => ({ return_id: id, image, created_at: nowIso() }))).execute();
        return id;
      }),
    );
  };
}
