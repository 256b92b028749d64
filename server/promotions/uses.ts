/**
 * The record of promotions' uses (promotion_redemptions and each promotion's counter), always
 * inside an order's transaction: checkout takes them (redeem), a cancelled order gives them back
 * (release), an order reopened by a late payment takes them again (retake). Each step is a
 * conditional UPDATE, so two processes never count one use twice.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { lockKey, nowIso } from '../db/dialect';
import type { AppliedDiscount } from '../../domain/promotions';

/**
 * Counts one use against a promotion's limit, if it has one and it is not reached: one
 * conditional UPDATE. Whether a use was counted.
 */
async function countUse(trx: Kysely<DB>, promotionId: number): Promise<boolean> {
  const counted = await trx
    .updateTable('promotions')
    .set({ used_count: sql`used_count + 1` })
    .where('id', '=', promotionId)
    .where('usage_limit', 'is not', null)
    .where('used_count', '<', (eb) => eb.ref('usage_limit'))
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) === 1;
}

export function createPromotionUses(dialect: DialectName) {
  return {
    /**
     * Takes one use of each promotion an order applied, inside the checkout's transaction. The
     * limit in all is a conditional UPDATE of the promotion's counter (the last use goes to one
     * order); a promotion without a limit is not counted there, so checkouts do not queue on its
     * row (every order of a shop-wide sale would otherwise wait for the one before); the limit per
     * customer is counted under a lock on that customer and promotion. Answers the first
     * promotion that had no use left and why, or null when every use was taken; the caller then
     * rolls its transaction back.
     */
    async redeem(trx: Kysely<DB>, order: { id: number; userId: number }, discounts: AppliedDiscount[]): Promise<{ discount: AppliedDiscount; problem: 'usedUp' | 'usedByYou' } | null> {
      const now = nowIso();
      const ids = discounts.flatMap((d) => (d.promotion === null ? [] : [d.promotion]));
      if (!ids.length) return null;
      const limits = new Map((await trx.selectFrom('promotions').select(['id', 'usage_limit', 'per_customer_limit']).where('id', 'in', ids).execute()).map((r) => [r.id, r]));
      for (const d of discounts) {
        if (d.promotion === null) continue;
        const taken = limits.get(d.promotion);
        if (!taken) return { discount: d, problem: 'usedUp' };
        if (taken.usage_limit !== null) {
          if (!(await countUse(trx, d.promotion))) return { discount: d, problem: 'usedUp' };
        }
        if (taken.per_customer_limit !== null) {
          await lockKey(trx, dialect, `promotion:${d.promotion}:user:${order.userId}`);
          const { n } = await trx
            .selectFrom('promotion_redemptions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('promotion_id', '=', d.promotion)
            .where('user_id', '=', order.userId)
            .where('released_at', 'is', null)
            .executeTakeFirstOrThrow();
          if (Number(n) >= taken.per_customer_limit) return { discount: d, problem: 'usedByYou' };
        }
        await trx.insertInto('promotion_redemptions').values({ promotion_id: d.promotion, order_id: order.id, user_id: order.userId, created_at: now }).execute();
      }
      return null;
    },

    /**
     * A cancelled order that is reopened (its payment arrived late) takes back the uses it gave
     * up, even past a limit reached meanwhile: the customer paid the discounted total. The
     * counter stops at the limit, so the promotion stays used up.
     */
    async retake(trx: Kysely<DB>, orderId: number): Promise<void> {
      const uses = await trx.selectFrom('promotion_redemptions').select(['id', 'promotion_id']).where('order_id', '=', orderId).where('released_at', 'is not', null).execute();
      for (const use of uses) {
        const back = await trx.updateTable('promotion_redemptions').set({ released_at: null }).where('id', '=', use.id).where('released_at', 'is not', null).executeTakeFirst();
        if (Number(back.numUpdatedRows) === 1) {
          // The counter never passes the limit (a CHECK holds it); the use itself is kept.
          await countUse(trx, use.promotion_id);
        }
      }
    },

    /**
     * A Pending order edited by staff is priced afresh (server/orders/edits.ts): the uses it just
     * gave back are dropped, so reopening it after a cancellation never takes them a second time.
     */
    async forgetReleased(trx: Kysely<DB>, orderId: number): Promise<void> {
      await trx.deleteFrom('promotion_redemptions').where('order_id', '=', orderId).where('released_at', 'is not', null).execute();
    },

    /** A cancelled order gives its uses back (once, however often it is called). */
    async release(trx: Kysely<DB>, orderId: number): Promise<void> {
      const uses = await trx.selectFrom('promotion_redemptions').select(['id', 'promotion_id']).where('order_id', '=', orderId).where('released_at', 'is', null).execute();
      for (const use of uses) {
        const released = await trx.updateTable('promotion_redemptions').set({ released_at: nowIso() }).where('id', '=', use.id).where('released_at', 'is', null).executeTakeFirst();
        if (Number(released.numUpdatedRows) === 1) {
          await trx.updateTable('promotions').set({ used_count: sql`used_count - 1` }).where('id', '=', use.promotion_id).where('used_count', '>', 0).execute();
        }
      }
    },
  };
}
