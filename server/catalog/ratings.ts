/**
 * The catalogue's rating face: a product's rating figures (visible reviews and the sum of their
 * ratings, migration 0107) live on the products table, so every product read carries them. The
 * reviews module owns the reviews: it recounts them and writes the figures here, inside its own
 * transaction, so the figures and the reviews never disagree. A change of the figures moves the
 * catalogue's content counter (0107's trigger), so cached answers showing them are remade.
 */
import type { Kysely } from 'kysely';
import type { DB, ProductType } from '../db/schema';
import { ratingAverage } from '../../domain/reviews';

export interface RatingFigures {
  count: number;
  sum: number;
}

export function createRatings(db: Kysely<DB>) {
  return {
    /**
     * Writes a product's figures with `trx` (the caller's transaction). Unchanged figures write
     * nothing, so the content counter (and every cached answer) stays.
     */
    async set(trx: Kysely<DB>, productId: number, figures: RatingFigures): Promise<void> {
      await trx
        .updateTable('products')
        .set({ rating_count: figures.count, rating_sum: figures.sum })
        .where('id', '=', productId)
        .where((eb) => eb.or([eb('rating_count', '<>', figures.count), eb('rating_sum', '<>', figures.sum)]))
        .execute();
    },

    /** A product's figures and average; null when there is no such product, or (unless `inactive`) a shopper cannot see it. */
    async of(productId: number, opts: { inactive?: boolean } = {}): Promise<(RatingFigures & { average: number | null; title: string }) | null> {
      let q = db.selectFrom('products').select(['rating_count', 'rating_sum', 'english_title']).where('id', '=', productId);
      if (!opts.inactive) q = q.where('is_active', '=', 1);
      const row = await q.executeTakeFirst();
      if (!row) return null;
      const count = Number(row.rating_count);
      const sum = Number(row.rating_sum);
      return { count, sum, average: ratingAverage(count, sum), title: row.english_title };
    },

    /** The titles and types of these products (inactive ones too), for the back office's review list. */
    async titles(productIds: number[]): Promise<Map<number, { title: string; type: ProductType }>> {
      if (productIds.length === 0) return new Map();
      const rows = await db.selectFrom('products').select(['id', 'english_title', 'type']).where('id', 'in', [...new Set(productIds)]).execute();
      return new Map(rows.map((r) => [Number(r.id), { title: r.english_title, type: r.type }]));
    },
  };
}

export type CatalogRatings = ReturnType<typeof createRatings>;
