/**
 * The promotions module: the back office's promotions and coupons, what checkout prices with,
 * and the record of their uses. The rules themselves (what a promotion covers, the stacking
 * rule, why a coupon is refused) are pure functions in domain/promotions.ts; this file stores
 * and reads. A use is taken inside the checkout's transaction by a conditional UPDATE, so the
 * last use of a code goes to one order even with several server processes on one PostgreSQL.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, PromotionTable } from '../db/schema';
import type { DialectName } from '../db/database';
import { lockKey, nowIso } from '../db/dialect';
import { isUniqueViolation } from '../db/errors';
import { badRequest, notFound } from '../http/errors';
import type { Page } from '../http/pagination';
import {
  PROMOTION_MESSAGES,
  promotionBadge,
  promotionPatchSchema,
  promotionSchema,
  timingAt,
  withDescendants,
  type AppliesTo,
  type Promotion,
  type PromotionInput,
  type PromotionBadge,
  type PromotionUse,
} from '../../domain/promotions';
import { createPromotionUses } from './uses';

export interface PromotionDeps {
  dialect: DialectName;
  /** Every category's parent, from the catalogue (a promotion on a category covers its descendants). */
  categoryParents: (q?: Kysely<DB>) => Promise<Map<number, number | null>>;
}

type Row = Selectable<PromotionTable>;

/** The API's promotion: the run contract's shape, plus how often it was used. */
export type ApiPromotion = Promotion & { used_count: number; created_at: string; updated_at: string };

/** `used`: the uses not given back (counted from promotion_redemptions); the stored counter otherwise. */
function toPromotion(row: Row, used?: number): ApiPromotion {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    value: row.value,
    buy_quantity: row.buy_quantity,
    get_quantity: row.get_quantity,
    get_products: JSON.parse(row.get_products) as number[],
    applies_to: JSON.parse(row.applies_to) as AppliesTo,
    min_subtotal: row.min_subtotal,
    starts_at: isoOrNull(row.starts_at),
    ends_at: isoOrNull(row.ends_at),
    usage_limit: row.usage_limit,
    per_customer_limit: row.per_customer_limit,
    code: row.code,
    is_active: row.is_active === 1,
    used_count: used ?? Number(row.used_count),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A moment as ISO 8601 UTC, or null. */
const isoOrNull = (moment: string | null) => (moment === null ? null : new Date(moment).toISOString());

function toColumns(p: PromotionInput) {
  return {
    name: p.name,
    kind: p.kind,
    value: p.kind === 'free_delivery' ? 0 : p.value,
    buy_quantity: p.kind === 'buy_x_get_y' ? p.buy_quantity : null,
    get_quantity: p.kind === 'buy_x_get_y' ? p.get_quantity : null,
    get_products: JSON.stringify(p.kind === 'buy_x_get_y' ? p.get_products : []),
    // Lists left empty are dropped: `{}` means everything.
    applies_to: JSON.stringify(Object.fromEntries(Object.entries(p.applies_to).filter(([, v]) => Array.isArray(v) && v.length > 0))),
    min_subtotal: p.min_subtotal,
    starts_at: isoOrNull(p.starts_at),
    ends_at: isoOrNull(p.ends_at),
    usage_limit: p.usage_limit,
    per_customer_limit: p.per_customer_limit,
    code: p.code,
    is_active: p.is_active ? 1 : 0,
  };
}

const codeTaken = () => badRequest(PROMOTION_MESSAGES.codeTaken, { code: [PROMOTION_MESSAGES.codeTaken] });

/** Badges are read on every page; a new or changed promotion shows within this long on other processes. */
const BADGE_TTL_MS = 15_000;

export function createPromotionService(db: Kysely<DB>, deps: PromotionDeps) {
  const rows = () => db.selectFrom('promotions').selectAll();
  let badgeCache: { at: number; promotions: ApiPromotion[]; parents: Map<number, number | null> } | null = null;
  const uses = createPromotionUses(deps.dialect);

  /** Uses not given back, per promotion: what the back office shows, limited or not. */
  async function usesOf(q: Kysely<DB>, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const counts = await q
      .selectFrom('promotion_redemptions')
      .select(['promotion_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('promotion_id', 'in', ids)
      .where('released_at', 'is', null)
      .groupBy('promotion_id')
      .execute();
    return new Map(counts.map((c) => [c.promotion_id, Number(c.n)]));
  }

  async function get(id: number): Promise<ApiPromotion | null> {
    const row = await rows().where('id', '=', id).executeTakeFirst();
    return row ? toPromotion(row, (await usesOf(db, [id])).get(id) ?? 0) : null;
  }

  /** Writes that may hit the unique code answer 400 on the code field, never a 500. */
  async function withCodeCheck<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  return {
    get,
    /** The category tree as promotions read it (a promotion on a category covers its descendants). */
    categoryParents: deps.categoryParents,

    async list(q: { search?: string | undefined; kind?: string | undefined; active?: boolean | undefined }, page: Page) {
      let query = db.selectFrom('promotions');
      const term = q.search?.trim().toLowerCase();
      if (term) {
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb(sql`lower(name)`, 'like', sql`${like} escape '\\'`), eb(sql`lower(code)`, 'like', sql`${like} escape '\\'`)]));
      }
      if (q.kind) query = query.where('kind', '=', q.kind as Row['kind']);
      if (q.active !== undefined) query = query.where('is_active', '=', q.active ? 1 : 0);
      const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const found = await query.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
      const uses = await usesOf(db, found.map((r) => r.id));
      return { count: Number(n), results: found.map((r) => toPromotion(r, uses.get(r.id) ?? 0)) };
    },

    async create(body: unknown): Promise<ApiPromotion> {
      const input = promotionSchema.parse(body);
      const now = nowIso();
      const { id } = await withCodeCheck(() =>
        db
          .insertInto('promotions')
          .values({ ...toColumns(input), created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
      badgeCache = null;
      return (await get(id))!;
    },

    /** PUT takes the promotion whole or in part; the result is checked as a whole. */
    async update(id: number, body: unknown): Promise<ApiPromotion> {
      const current = await get(id);
      if (!current) throw notFound('Promotion not found.');
      // Only the fields sent: the schema's defaults must not overwrite what is stored.
      const sent = body && typeof body === 'object' ? Object.keys(body) : [];
      const patch = Object.fromEntries(Object.entries(promotionPatchSchema.parse(body)).filter(([key]) => sent.includes(key)));
      const { id: _id, used_count: _u, created_at: _c, updated_at: _up, ...stored } = current;
      const input = promotionSchema.parse({ ...stored, ...patch });
      await withCodeCheck(() =>
        db.transaction().execute(async (trx) => {
          // The counter the limit is checked against is kept only while there is a limit
          // (redeem): a limit set or changed starts from the uses so far.
          await lockKey(trx, deps.dialect, `promotion:${id}`);
          const used = (await usesOf(trx, [id])).get(id) ?? 0;
          if (input.usage_limit !== null && input.usage_limit < used) {
            const message = PROMOTION_MESSAGES.limitBelowUses(used);
            throw badRequest(message, { usage_limit: [message] });
          }
          await trx
            .updateTable('promotions')
            .set({ ...toColumns(input), used_count: used, updated_at: nowIso() })
            .where('id', '=', id)
            .execute();
        }),
      );
      badgeCache = null;
      return (await get(id))!;
    },

    /** Orders keep their record of it (order_discounts); its uses go with it. */
    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('promotions').where('id', '=', id).executeTakeFirst();
      badgeCache = null;
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * What checkout prices with: the automatic promotions switched on, and the coupon of this
     * code (in any state, so checkout can say why it cannot be used), with their uses so far in
     * all and by this customer. Inside the checkout's transaction when `q` is one.
     */
    async forPricing(q: Kysely<DB>, userId: number | null, code: string | null): Promise<{ promotions: Promotion[]; uses: Map<number, PromotionUse> }> {
      let query = q.selectFrom('promotions').selectAll();
      query = code ? query.where((eb) => eb.or([eb.and([eb('code', 'is', null), eb('is_active', '=', 1)]), eb('code', '=', code)])) : query.where('code', 'is', null).where('is_active', '=', 1);
      // The stored counter: what a usage limit is checked against.
      const found = (await query.orderBy('id').execute()).map((r) => toPromotion(r));
      const uses = new Map<number, PromotionUse>(found.map((p) => [p.id, { used: p.used_count, usedByCustomer: 0 }]));
      const limited = found.filter((p) => p.per_customer_limit !== null).map((p) => p.id);
      if (userId !== null && limited.length) {
        const counts = await q
          .selectFrom('promotion_redemptions')
          .select(['promotion_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('promotion_id', 'in', limited)
          .where('user_id', '=', userId)
          .where('released_at', 'is', null)
          .groupBy('promotion_id')
          .execute();
        for (const c of counts) uses.get(c.promotion_id)!.usedByCustomer = Number(c.n);
      }
      return { promotions: found, uses };
    },

    /** Uses of promotions, inside an order's transaction (uses.ts). */
    ...uses,

    /**
     * The badges of the automatic promotions that hold now, with their categories widened to
     * every descendant, so a product card needs only its own category to know. Remembered for
     * BADGE_TTL_MS; the time window is checked at every call.
     */
    async badges(now = new Date()): Promise<PromotionBadge[]> {
      if (!badgeCache || Date.now() - badgeCache.at > BADGE_TTL_MS) {
        const [found, parents] = await Promise.all([
          rows().where('code', 'is', null).where('is_active', '=', 1).orderBy('id').execute(),
          deps.categoryParents(),
        ]);
        badgeCache = { at: Date.now(), promotions: found.map(toPromotion), parents };
      }
      const { promotions, parents } = badgeCache;
      return promotions
        .filter((p) => timingAt(p, now) === 'active' && (p.usage_limit === null || p.used_count < p.usage_limit))
        .map((p) => ({
          id: p.id,
          label: promotionBadge(p),
          applies_to: p.applies_to.categories?.length ? { ...p.applies_to, categories: withDescendants(p.applies_to.categories, parents) } : p.applies_to,
        }));
    },
  };
}

export type PromotionService = ReturnType<typeof createPromotionService>;
