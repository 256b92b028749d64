/**
 * Refunds naming a return (`return` in `POST /api/order/{id}/refund/`): the refund call lives in
 * the payments module (gateway refunds) and wallet-payments.ts (refunds by hand); this is what
 * they ask of the return, through the orders' wallet face. A refund names an approved or
 * received return of that order, never gives back more than is left of the return's
 * `refund_amount`, and without an `amount` gives back what is left of it. The amount is set aside
 * on the return in the refund's own transaction (moves.ts), released if the gateway refuses, and
 * the return becomes refunded once it is received and its refunds reach its amount.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { REFUNDABLE_RETURN, releaseReturnRefund, reserveReturnRefund, settleRefunded } from './moves';

export const RETURN_REFUND_MESSAGES = {
  unknown: 'এই অর্ডারে এমন কোনো ফেরত নেই। (No such return on this order.)',
  notOpen: (status: string) => `এই ফেরতের টাকা এখন ফেরত দেওয়া যায় না (${status})। (This return cannot be refunded now: it is ${status}.)`,
  nothingLeft: 'এই ফেরতের টাকা আগেই ফেরত দেওয়া হয়েছে। (Nothing is left to refund on this return.)',
  tooMuch: (left: number) => `এই ফেরতে সর্বোচ্চ ${left} টাকা ফেরত দেওয়া যায়। (At most ${left} taka is left to refund on this return.)`,
} as const;

export function createReturnRefunds(db: Kysely<DB>) {
  return {
    /** The amount a refund naming return `returnId` of order `orderId` gives back (the one asked, or all that is left); 400 otherwise. */
    async check(orderId: number, returnId: number, amount: number | undefined): Promise<number> {
      const ret = await db.selectFrom('returns').select(['status', 'refund_amount', 'refunded_amount']).where('id', '=', returnId).where('order_id', '=', orderId).executeTakeFirst();
      if (!ret) throw badRequest(RETURN_REFUND_MESSAGES.unknown, { return: [RETURN_REFUND_MESSAGES.unknown] });
      if (!REFUNDABLE_RETURN.includes(ret.status)) throw badRequest(RETURN_REFUND_MESSAGES.notOpen(ret.status), { return: [RETURN_REFUND_MESSAGES.notOpen(ret.status)] });
      const left = ret.refund_amount - ret.refunded_amount;
      if (left <= 0) throw badRequest(RETURN_REFUND_MESSAGES.nothingLeft, { return: [RETURN_REFUND_MESSAGES.nothingLeft] });
      if (amount !== undefined && amount > left) throw badRequest(RETURN_REFUND_MESSAGES.tooMuch(left), { amount: [RETURN_REFUND_MESSAGES.tooMuch(left)] });
      return amount ?? left;
    },

    /** Sets the refund's amount aside on the return, in the refund's transaction; 400 when it no longer fits (another refund got there first). */
    async reserve(trx: Kysely<DB>, p: { orderId: number; returnId: number; amount: number }): Promise<void> {
      if (!(await reserveReturnRefund(trx, p))) throw badRequest(RETURN_REFUND_MESSAGES.nothingLeft, { return: [RETURN_REFUND_MESSAGES.nothingLeft] });
    },

    /** The refund went through: the return moves on to refunded when received and all of its amount is back. */
    async settle(trx: Kysely<DB>, returnId: number): Promise<void> {
      await settleRefunded(trx, returnId);
    },

    /** The gateway refused the refund: its amount is released on the return. */
    release: (trx: Kysely<DB>, p: { returnId: number; amount: number }) => releaseReturnRefund(trx, p),
  };
}
