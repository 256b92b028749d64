/**
 * Reviews and ratings. A customer who received a product (a Delivered order holds it; the
 * orders module answers that) rates it 1–5 with optional words, once per product, and may edit
 * or delete the review. Admins hide (or show again) and delete reviews; a hidden review neither
 * shows nor counts.
 *
 * The product's figures (visible reviews and the sum of their ratings) live on the product, in
 * the catalogue: every write here recounts the product's visible reviews and hands the figures
 * to the catalogue's `ratings` face in the same transaction, under a per-product lock, so two
 * reviews written at once cannot leave a stale count.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB, ProductReviewTable } from '../db/schema';
import type { DialectName } from '../db/database';
import { lockKey, nowIso } from '../db/dialect';
import { isUniqueViolation } from '../db/errors';
import { HttpError, conflict, notFound } from '../http/errors';
import type { Page } from '../http/pagination';
import type { AuthUser } from '../accounts/sessions';
import type { UserStore } from '../accounts/users';
import type { CatalogRatings } from '../catalog/service';
import type { Purchases } from '../orders/purchases';
import { REVIEW_MESSAGES, reviewModerationSchema, reviewSchema } from '../../domain/reviews';

type ReviewRow = Selectable<ProductReviewTable>;

/** A review as shoppers see it (the run contract's shape). `name` is the account's name, never its phone number. */
export interface ApiReview {
  id: number;
  rating: number;
  text: string;
  name: string;
  /** The author has a Delivered order holding the product ("verified purchase"). */
  verified: boolean;
  created_at: string;
}

/** The author's own review: also whether an admin hid it and when it was last edited. */
export interface OwnReview extends ApiReview {
  hidden: boolean;
  updated_at: string;
}

/** A review in the back office. */
export interface AdminReview extends OwnReview {
  product: number;
  product_title: string;
  product_type: string | null;
  user: number;
}

export interface ReviewDeps {
  dialect: DialectName;
  /** The catalogue's rating face: writes the figures, reads a product's figures and titles. */
  ratings: CatalogRatings;
  /** The orders module's answer to "did this customer receive this product?". */
  purchases: Pick<Purchases, 'hasDelivered' | 'deliveredBuyers'>;
  users: Pick<UserStore, 'namesByIds'>;
}

export interface ReviewListQuery {
  product?: number | undefined;
  hidden?: boolean | undefined;
}

export function createReviewService(db: Kysely<DB>, deps: ReviewDeps) {
  async function names(rows: ReviewRow[]) {
    return deps.users.namesByIds(rows.map((r) => r.user_id));
  }

  function toApi(row: ReviewRow, name: string | undefined, verified: boolean): ApiReview {
    return { id: row.id, rating: row.rating, text: row.text, name: name ?? '', verified, created_at: row.created_at };
  }

  function toOwn(row: ReviewRow, name: string | undefined, verified: boolean): OwnReview {
    return { ...toApi(row, name, verified), hidden: row.hidden === 1, updated_at: row.updated_at };
  }

  async function findOwn(userId: number, productId: number) {
    return db.selectFrom('product_reviews').selectAll().where('product_id', '=', productId).where('user_id', '=', userId).executeTakeFirst();
  }

  async function ownView(user: AuthUser, row: ReviewRow): Promise<OwnReview> {
    return toOwn(row, (await names([row])).get(row.user_id) ?? user.name, await deps.purchases.hasDelivered(user.id, row.product_id));
  }

  /**
   * Runs `write` in a transaction that holds the product's lock, then recounts the product's
   * visible reviews and writes the figures to the catalogue in the same transaction.
   */
  async function writeAndRecount<T>(productId: number, write: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await lockKey(trx, deps.dialect, `product-reviews:${productId}`);
      const result = await write(trx);
      const figures = await trx
        .selectFrom('product_reviews')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('rating'), eb.lit(0)).as('sum')])
        .where('product_id', '=', productId)
        .where('hidden', '=', 0)
        .executeTakeFirstOrThrow();
      await deps.ratings.set(trx, productId, { count: Number(figures.count), sum: Number(figures.sum) });
      return result;
    });
  }

  /** The product a shopper reviews: it must exist and be on sale (an inactive product's page is gone). */
  async function shownProduct(productId: number) {
    const product = await deps.ratings.of(productId);
    if (!product) throw notFound(REVIEW_MESSAGES.productNotFound);
    return product;
  }

  async function adminView(rows: ReviewRow[]): Promise<AdminReview[]> {
    const [nameOf, titles] = await Promise.all([names(rows), deps.ratings.titles(rows.map((r) => r.product_id))]);
    // "Verified" is asked per product: one query for each product on the page.
    const verified = new Set<number>();
    for (const productId of new Set(rows.map((r) => r.product_id))) {
      const buyers = await deps.purchases.deliveredBuyers(productId, rows.filter((r) => r.product_id === productId).map((r) => r.user_id));
      for (const r of rows) if (r.product_id === productId && buyers.has(r.user_id)) verified.add(r.id);
    }
    return rows.map((r) => ({
      ...toOwn(r, nameOf.get(r.user_id), verified.has(r.id)),
      product: r.product_id,
      product_title: titles.get(r.product_id)?.title ?? '',
      product_type: titles.get(r.product_id)?.type ?? null,
      user: r.user_id,
    }));
  }

  async function adminRow(id: number): Promise<ReviewRow> {
    const row = await db.selectFrom('product_reviews').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(REVIEW_MESSAGES.notFound);
    return row;
  }

  return {
    /**
     * A page of a product's visible reviews, newest first, with the product's figures; null when
     * shoppers cannot see the product.
     */
    async list(productId: number, page: Page): Promise<{ count: number; results: ApiReview[]; rating_average: number | null; rating_count: number } | null> {
      const product = await deps.ratings.of(productId);
      if (!product) return null;
      const visible = db.selectFrom('product_reviews').where('product_id', '=', productId).where('hidden', '=', 0);
      const [{ count }, rows] = await Promise.all([
        visible.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        visible.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
      ]);
      const [nameOf, buyers] = await Promise.all([names(rows), deps.purchases.deliveredBuyers(productId, rows.map((r) => r.user_id))]);
      return {
        count: Number(count),
        results: rows.map((r) => toApi(r, nameOf.get(r.user_id), buyers.has(r.user_id))),
        rating_average: product.average,
        rating_count: product.count,
      };
    },

    /** The customer's own review of the product (hidden or not), or null. */
    async mine(user: AuthUser, productId: number): Promise<OwnReview | null> {
      const row = await findOwn(user.id, productId);
      return row ? ownView(user, row) : null;
    },

    /** Whether the customer may write a review of the product: they received it. */
    canReview(user: AuthUser, productId: number): Promise<boolean> {
      return deps.purchases.hasDelivered(user.id, productId);
    },

    /** A buyer's first review of a product: 403 for someone who did not receive it, 409 when they already reviewed it. */
    async create(user: AuthUser, productId: number, payload: unknown): Promise<OwnReview> {
      const input = reviewSchema.parse(payload);
      await shownProduct(productId);
      if (!(await deps.purchases.hasDelivered(user.id, productId))) throw new HttpError(403, REVIEW_MESSAGES.notBuyer);
      const now = nowIso();
      let row: ReviewRow;
      try {
        row = await writeAndRecount(productId, async (trx) => {
          if (await trx.selectFrom('product_reviews').select('id').where('product_id', '=', productId).where('user_id', '=', user.id).executeTakeFirst()) {
            throw conflict(REVIEW_MESSAGES.already);
          }
          return trx
            .insertInto('product_reviews')
            .values({ product_id: productId, user_id: user.id, rating: input.rating, text: input.text, hidden: 0, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow();
        });
      } catch (error) {
        // Two first reviews at once from one customer: the pair is unique.
        if (isUniqueViolation(error)) throw conflict(REVIEW_MESSAGES.already);
        throw error;
      }
      return ownView(user, row);
    },

    /**
     * The author changes their review (rating and words). An admin's hiding stays. `reviewId`,
     * when given, must be the author's review of this product.
     */
    async update(user: AuthUser, productId: number, payload: unknown, reviewId?: number): Promise<OwnReview> {
      const input = reviewSchema.parse(payload);
      const own = await findOwn(user.id, productId);
      if (!own || (reviewId !== undefined && own.id !== reviewId)) throw notFound(reviewId === undefined ? REVIEW_MESSAGES.noReview : REVIEW_MESSAGES.notFound);
      const row = await writeAndRecount(productId, (trx) =>
        trx
          .updateTable('product_reviews')
          .set({ rating: input.rating, text: input.text, updated_at: nowIso() })
          .where('id', '=', own.id)
          .returningAll()
          .executeTakeFirst(),
      );
      if (!row) throw notFound(REVIEW_MESSAGES.noReview);
      return ownView(user, row);
    },

    /** The author deletes their review. */
    async remove(user: AuthUser, productId: number, reviewId?: number): Promise<void> {
      const own = await findOwn(user.id, productId);
      if (!own || (reviewId !== undefined && own.id !== reviewId)) throw notFound(reviewId === undefined ? REVIEW_MESSAGES.noReview : REVIEW_MESSAGES.notFound);
      await writeAndRecount(productId, (trx) => trx.deleteFrom('product_reviews').where('id', '=', own.id).execute());
    },

    /** The back office's list, newest first: every product or one, hidden, shown or both. */
    async adminList(query: ReviewListQuery, page: Page): Promise<{ count: number; results: AdminReview[] }> {
      let q = db.selectFrom('product_reviews');
      if (query.product !== undefined) q = q.where('product_id', '=', query.product);
      if (query.hidden !== undefined) q = q.where('hidden', '=', query.hidden ? 1 : 0);
      const [{ count }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        q.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
      ]);
      return { count: Number(count), results: await adminView(rows) };
    },

    async adminGet(id: number): Promise<AdminReview> {
      return (await adminView([await adminRow(id)]))[0]!;
    },

    /** An admin hides or shows a review (`{hidden}`); the product's figures follow. */
    async moderate(id: number, payload: unknown): Promise<AdminReview> {
      const { hidden } = reviewModerationSchema.parse(payload);
      const row = await adminRow(id);
      await writeAndRecount(row.product_id, (trx) => trx.updateTable('product_reviews').set({ hidden: hidden ? 1 : 0 }).where('id', '=', id).execute());
      return this.adminGet(id);
    },

    /** An admin deletes a review for good. */
    async adminRemove(id: number): Promise<void> {
      const row = await adminRow(id);
      await writeAndRecount(row.product_id, (trx) => trx.deleteFrom('product_reviews').where('id', '=', id).execute());
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
