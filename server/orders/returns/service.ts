/**
 * Returns and exchanges (issue 34), the orders module's `orders.returns`: staff open an approved
 * return of a Delivered order; a customer asks for one (request.ts) and staff approve or reject
 * it (one SMS to the customer either way); the shop receives the goods (receive.ts: only then
 * does stock move, once); an exchange places a new order carrying the return's credit
 * (exchange.ts); a partial delivery makes the order Delivered and the rest a return in transit
 * (partial.ts). Every return row is written by records.ts `openReturn`, every state change by a
 * conditional UPDATE checked against the state machine's RETURN_MOVES (moves.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { lockKey, nowIso, timestampParam } from '../../db/dialect';
import { dhakaDayRange } from '../../../domain/order-desk';
import type { DialectName } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Page } from '../../http/pagination';
import type { AuthUser } from '../../accounts/sessions';
import type { UserStore } from '../../accounts/users';
import type { FileStorage } from '../../media/storage';
import type { SettingsService } from '../../settings/service';
import type { CatalogService } from '../../catalog/service';
import type { PromotionService } from '../../promotions/service';
import { enqueueSms } from '../../notifications/outbox';
import { RETURN_MESSAGES, partialDeliverySchema, receiveSchema, returnDecisionSchema, returnDecisionSms, staffReturnSchema, type ReturnState } from '../../../domain/returns';
import { checkReturnable, heldMoney, returnableItems, valueOf } from './lines';
import { applyReturnMove, syncReturnStatus } from './moves';
import { openReturn } from './records';
import { receiveReturns } from './receive';
import { applyPartialDelivery } from './partial';
import { createExchange, type ExchangeDeps } from './exchange';
import { createReturnRequests } from './request';
import { returnsOfOrders, viewReturns } from './views';

export interface ReturnsDeps extends Omit<ExchangeDeps, 'users'> {
  settings: SettingsService;
  stock: CatalogService['stock'];
  promotions?: Pick<PromotionService, 'release' | 'retake'> | undefined;
  dialect: DialectName;
  storage: FileStorage;
  users: Pick<UserStore, 'findById'>;
}

export interface ReturnListQuery {
  status?: ReturnState | undefined;
  order?: number | undefined;
  /** `id`: oldest first (parcels in transit); default newest first. */
  ordering?: '-id' | 'id' | undefined;
  /** Received on this Dhaka day (YYYY-MM-DD): the back office's "received today". */
  received_on?: string | undefined;
}

export const RETURN_ANSWERS = {
  notFound: 'Return not found.',
  orderNotFound: 'Order not found.',
  created: 'ফেরত তৈরি হয়েছে। (The return was opened.)',
  requested: 'ফেরতের অনুরোধ পাঠানো হয়েছে; আমরা শীঘ্রই জানাব। (Your return request was sent; we will let you know by SMS.)',
  approved: 'ফেরত অনুমোদিত হয়েছে। (The return was approved.)',
  rejected: 'ফেরতের অনুরোধ বাতিল হয়েছে। (The return request was rejected.)',
  received: 'ফেরত পণ্য বুঝে পাওয়া গেছে। (The returned goods were received.)',
  partial: 'আংশিক ডেলিভারি লেখা হয়েছে। (The partial delivery was recorded.)',
  decided: (status: string) => `এই অনুরোধের সিদ্ধান্ত আগেই হয়েছে (${status})। (This request was already decided: it is ${status}.)`,
  notApproved: (status: string) => `শুধু পথে থাকা (অনুমোদিত) ফেরত বুঝে নেওয়া যায় (${status})। (Only an approved return on its way back can be received: this one is ${status}.)`,
  notPending: (status: string) => `শুধু পেন্ডিং অর্ডার আংশিক ডেলিভারি হতে পারে (${status})। (Only a Pending order can be partly delivered: this one is ${status}.)`,
} as const;

export function createReturns(db: Kysely<DB>, deps: ReturnsDeps) {
  const moveDeps = { stock: deps.stock, promotions: deps.promotions, dialect: deps.dialect };
  const staffView = async (id: number) => {
    const row = await db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? (await viewReturns(db, [row], { staff: true, storage: deps.storage }))[0]! : null;
  };
  const request = createReturnRequests(db, deps);

  return {
    /** The returns of these orders, for the order views and lists (customers: without staff's ids). */
    ofOrders: (orderIds: number[], staff: boolean) => returnsOfOrders(db, orderIds, { staff, storage: deps.storage }),

    /** One return as staff see it; null when there is none. */
    get: staffView,

    /** `GET /api/returns/`: newest first, or oldest first (`ordering=id`), by state and order. */
    async list(query: ReturnListQuery, page: Page) {
      let q = db.selectFrom('returns');
      if (query.status) q = q.where('status', '=', query.status);
      if (query.order) q = q.where('order_id', '=', query.order);
      if (query.received_on) {
        const { start, end } = dhakaDayRange(query.received_on, query.received_on);
        q = q.where('received_at', '>=', timestampParam(deps.dialect, start!)).where('received_at', '<', timestampParam(deps.dialect, end!));
      }
      const { count } = await q.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      const rows = await q.selectAll().orderBy('id', query.ordering === 'id' ? 'asc' : 'desc').limit(page.size).offset(page.offset).execute();
      return { count: Number(count), results: await viewReturns(db, rows, { staff: true, storage: deps.storage }) };
    },

    /** Staff open an approved return of a Delivered order: the goods are on their way back; the order stays Delivered. */
    async create(staff: AuthUser, orderId: number, body: unknown) {
      const input = staffReturnSchema.parse(body);
      const id = await db.transaction().execute(async (trx) => {
        await lockKey(trx, deps.dialect, `returns:order:${orderId}`);
        const order = await trx.selectFrom('orders').select(['id', 'status', 'paid_amount', 'refunded_amount']).where('id', '=', orderId).executeTakeFirst();
        if (!order) throw notFound(RETURN_ANSWERS.orderNotFound);
        // A Pending order is cancelled (or marked Returned), not returned line by line.
        if (order.status !== 'Delivered') throw conflict(RETURN_MESSAGES.notDelivered, { order_status: order.status });
        const items = await returnableItems(trx, orderId);
        checkReturnable(input.lines, items);
        const held = heldMoney(order);
        if (input.refund_amount !== undefined && input.refund_amount > held) throw badRequest(RETURN_MESSAGES.refundTooHigh, { refund_amount: [RETURN_MESSAGES.refundTooHigh] });
        return openReturn(trx, {
          orderId,
          origin: 'staff',
          status: 'approved',
          reason: input.reason,
          lines: input.lines,
          // By default what the units cost, within what the order holds.
          refundAmount: input.refund_amount ?? Math.min(valueOf(input.lines, items), held),
          createdBy: staff.id,
        });
      });
      return (await staffView(id))!;
    },

    /** A customer's request (request.ts); answers the return as they see it. */
    async request(customer: AuthUser, orderId: number, form: Parameters<typeof request>[2]) {
      const id = await request(customer, orderId, form);
      const row = await db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return (await viewReturns(db, [row], { staff: false, storage: deps.storage }))[0]!;
    },

    /**
     * Staff approve or reject a customer's request, once (a second decision answers 409); the
     * customer gets one SMS either way, in the same transaction. An approved return is on its
     * way back (the order's `return_status` becomes `in_transit`). A rejection needs a reason.
     */
    async decide(staff: AuthUser, id: number, approve: boolean, body: unknown) {
      const { reason } = returnDecisionSchema.parse(body ?? {});
      if (!approve && !reason) throw badRequest(RETURN_MESSAGES.reason, { reason: [RETURN_MESSAGES.reason] });
      const settings = await deps.settings.get();
      await db.transaction().execute(async (trx) => {
        const ret = await trx.selectFrom('returns').select(['id', 'order_id', 'status']).where('id', '=', id).executeTakeFirst();
        if (!ret) throw notFound(RETURN_ANSWERS.notFound);
        if (ret.status !== 'requested') throw conflict(RETURN_ANSWERS.decided(ret.status), { return_status: ret.status });
        const moved = await applyReturnMove(trx, { id, from: 'requested', to: approve ? 'approved' : 'rejected', set: { decided_by: staff.id, decided_at: nowIso(), decision_reason: reason ?? '' } });
        // Another member of staff decided it between the read and this move.
        if (!moved) throw conflict(RETURN_ANSWERS.decided('decided'), { return_status: 'decided' });
        if (approve) await syncReturnStatus(trx, ret.order_id);
        const order = await trx.selectFrom('orders').select('account_phone').where('id', '=', ret.order_id).executeTakeFirstOrThrow();
        if (order.account_phone) await enqueueSms(trx, order.account_phone, returnDecisionSms({ shop: settings.shop_name, orderId: ret.order_id, approved: approve, reason }), 'return_decision');
      });
      return (await staffView(id))!;
    },

    /** The goods of return `id` arrived (receive.ts): approved → received once, stock back for resellable units. */
    async receive(staff: AuthUser, id: number, body: unknown) {
      const input = receiveSchema.parse(body ?? {});
      await db.transaction().execute(async (trx) => {
        const ret = await trx.selectFrom('returns').select(['id', 'order_id', 'status']).where('id', '=', id).executeTakeFirst();
        if (!ret) throw notFound(RETURN_ANSWERS.notFound);
        if (ret.status !== 'approved') throw conflict(RETURN_ANSWERS.notApproved(ret.status), { return_status: ret.status });
        const done = await receiveReturns(trx, deps, { orderId: ret.order_id, returnIds: [id], lines: input.lines, by: staff.id });
        if (done !== 'received') throw conflict(RETURN_ANSWERS.notApproved('received'));
      });
      return (await staffView(id))!;
    },

    /**
     * The parcel of order `orderId` arrived (a packer pressed "received" or scanned it): every
     * approved return of the order is received (receive.ts); 409 when none is on its way back.
     */
    async receiveParcel(staff: AuthUser, orderId: number, body: unknown): Promise<void> {
      const input = receiveSchema.parse(body ?? {});
      await db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
        if (!order) throw notFound(RETURN_ANSWERS.orderNotFound);
        const open = await trx.selectFrom('returns').select('id').where('order_id', '=', orderId).where('status', '=', 'approved').orderBy('id').execute();
        if (!open.length) throw conflict(RETURN_MESSAGES.notInTransit(orderId));
        const done = await receiveReturns(trx, deps, { orderId, returnIds: open.map((r) => r.id), lines: input.lines, by: staff.id });
        if (done !== 'received') throw conflict(RETURN_MESSAGES.notInTransit(orderId));
      });
    },

    /** A new order in exchange for return `id` (exchange.ts): its id. */
    exchange: createExchange(db, deps),

    /** Staff record a partial delivery of a Pending order (partial.ts). */
    async partialDelivery(staff: AuthUser, orderId: number, body: unknown): Promise<void> {
      const input = partialDeliverySchema.parse(body);
      const settings = await deps.settings.get();
      await db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('orders').select(['id', 'status']).where('id', '=', orderId).executeTakeFirst();
        if (!order) throw notFound(RETURN_ANSWERS.orderNotFound);
        if (order.status !== 'Pending') throw conflict(RETURN_ANSWERS.notPending(order.status), { order_status: order.status });
        const moved = await applyPartialDelivery(trx, moveDeps, { orderId, cause: 'staff', delivered: input.delivered, collected: input.collected, changedBy: staff.id, shopName: settings.shop_name });
        if (moved !== 'moved') throw conflict(RETURN_ANSWERS.notPending('changed'));
      });
    },
  };
}

export type Returns = ReturnType<typeof createReturns>;
