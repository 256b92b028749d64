/**
 * Regular prices up or down at once (`POST /api/product/bulk-price/`), by category (with its
 * sub-categories) and/or publisher, each product's offer worked out again by
 * domain/catalog-import.ts `changedPrice`.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../db/dialect';
import { HttpError } from '../http/errors';
import { changedPrice, type BulkPriceChange } from '../../domain/catalog-import';

/** How many changed products a bulk price answer lists. */
export const PRICE_SAMPLE = 50;

export interface PriceChangeResult {
  count: number;
  sample: { id: number; english_title: string; from: number; to: number; discount_price: number }[];
  problems: { id: number; english_title: string; message: string }[];
  applied?: number;
}

export function createBulkPrice(db: Kysely<DB>) {
  /**
   * A bulk price change of the products in `categoryIds` and/or of `change.publisher`. All or
   * nothing, in one transaction: a product the change cannot apply to (a price below 0, a flat
   * discount not below the new price) is listed and, unless it is a dry run, refuses the change.
   */
  return async function changePrices(change: BulkPriceChange, categoryIds: number[] | undefined): Promise<PriceChangeResult> {
    return db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('products').select(['id', 'type', 'english_title', 'regular_price', 'offer_type', 'percentage', 'flat_discount']);
      if (categoryIds) q = q.where('category_id', 'in', categoryIds.length ? categoryIds : [0]);
      if (change.publisher !== undefined) q = q.where('publisher_id', '=', change.publisher);
      const rows = await q.orderBy('id').execute();
      const planned: { id: number; english_title: string; from: number; offer: ReturnType<typeof changedPrice> }[] = rows.map((r) => ({ id: r.id, english_title: r.english_title, from: r.regular_price, offer: changedPrice(r, change) }));
      const problems = planned.flatMap((p) => ('error' in p.offer ? [{ id: p.id, english_title: p.english_title, message: p.offer.error }] : []));
      const good = planned.flatMap((p) => ('offer' in p.offer ? [{ ...p, offer: p.offer.offer }] : []));
      const sample = good.slice(0, PRICE_SAMPLE).map((p) => ({ id: p.id, english_title: p.english_title, from: p.from, to: p.offer.regular_price, discount_price: p.offer.discount_price }));
      if (change.dry_run) return { count: good.length, sample, problems };
      if (problems.length) {
        const message = `${problems.length}টি পণ্যে এই পরিবর্তন চলে না (The change does not fit ${problems.length} products): ${problems[0]!.english_title}: ${problems[0]!.message}`;
        throw new HttpError(400, message, { [change.percentage !== undefined ? 'percentage' : 'amount']: [message] });
      }
      const now = nowIso();
      for (const p of good) await trx.updateTable('products').set({ ...p.offer, updated_at: now }).where('id', '=', p.id).execute();
      return { count: good.length, sample, problems, applied: good.length };
    });
  };
}
