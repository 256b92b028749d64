/**
 * The stock ledger (issue 35; docs/stock-ledger.md): the one place a product's `units_stock`
 * changes. `changeStock` makes the change with one conditional UPDATE (never a value read and
 * written back: concurrent checkouts in several processes cannot lose each other's units) and
 * writes its movement (delta, reason, reference, user) in the caller's transaction, so the change
 * and its record commit together or not at all, and a product's stock is always the sum of its
 * movements. Checkout, cancels, returns, order edits, late payments, receipts, the product form,
 * imports and (issue 36) the counter all call it, each with its reason.
 */
import { sql, type Kysely, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { nowIso, timestampParam } from '../db/dialect';
import { STOCK_MAX } from '../../domain/catalog-forms';
import { SALES_REASONS, soldMove, type StockNote, type StockReason } from '../../domain/stock';

export type { StockNote, StockReason };

/** One change of one product's shelf. */
export interface ShelfChange {
  product: number;
  /** Units onto the shelf; negative takes them off; 0 records a movement and moves nothing (damaged units). */
  delta: number;
  /** This line's own reference, when it is not the note's (the lines of several returns received at once). */
  ref?: string | undefined;
  /** Filling waiting pre-orders (preorder-stock.ts): the units leave the shelf and the waiting count together. */
  fillsPreorder?: boolean | undefined;
}

type ProductUpdate = UpdateQueryBuilder<DB, 'products', 'products', UpdateResult>;

/** Further conditions the UPDATE must meet (checkout: still on sale at the price it was priced with). */
export type StockGuard = (q: ProductUpdate) => ProductUpdate;

/** The product after the change; null when the UPDATE matched nothing (short, out of range, guarded off or gone): nothing was written. */
export type ChangeResult = { units_stock: number; is_active: number } | null;

/** Typed figures a staff member sets can take the stock to STOCK_MAX at most; units coming back from an order always fit. */
const capped = (reason: StockReason) => reason === 'receipt' || reason === 'adjustment';
/** Reasons that sell: they never take units waiting pre-orders are owed. */
const RESERVED_FOR_PREORDERS: ReadonlySet<StockReason> = new Set(['sale', 'counter']);

/**
 * Moves one product's stock by `change.delta` and records it. Below 0 is refused (and above
 * STOCK_MAX for receipts and adjustments); `units_sold` moves with sales and their undoing
 * (domain/stock.ts soldMove), in the same UPDATE.
 */
export async function changeStock(trx: Kysely<DB>, change: ShelfChange, note: StockNote, guard?: StockGuard): Promise<ChangeResult> {
  const { product, delta } = change;
  let after: ChangeResult;
  if (delta === 0) {
    after = (await trx.selectFrom('products').select(['units_stock', 'is_active']).where('id', '=', product).executeTakeFirst()) ?? null;
  } else {
    const n = Math.abs(delta);
    const sold = soldMove(note.reason);
    let q = trx
      .updateTable('products')
      .set({
        units_stock: sql<number>`units_stock + ${delta}`,
        ...(change.fillsPreorder ? { preorder_waiting: sql<number>`preorder_waiting - ${n}` } : {}),
        // Sales recorded before may have been corrected by hand: units sold never go below zero.
        ...(sold === 'count' ? { units_sold: sql<number>`units_sold + ${n}` } : sold === 'uncount' ? { units_sold: sql<number>`case when units_sold >= ${n} then units_sold - ${n} else 0 end` } : {}),
      })
      .where('id', '=', product);
    // Units promised to waiting pre-orders are not on sale: a sale or the counter takes only the rest (docs/preorders.md).
    if (delta < 0 && change.fillsPreorder) q = q.where('units_stock', '>=', n).where('preorder_waiting', '>=', n);
    else if (delta < 0) q = RESERVED_FOR_PREORDERS.has(note.reason) ? q.where(sql<number>`units_stock - preorder_waiting`, '>=', n) : q.where('units_stock', '>=', n);
    else if (capped(note.reason)) q = q.where('units_stock', '<=', STOCK_MAX - delta);
    if (guard) q = guard(q);
    const row = await q.returning(['units_stock', 'is_active']).executeTakeFirst();
    after = row ? { units_stock: Number(row.units_stock), is_active: Number(row.is_active) } : null;
  }
  if (!after) return null;
  await trx
    .insertInto('stock_movements')
    .values({ product_id: product, delta, reason: note.reason, ref: change.ref ?? note.ref ?? '', user_id: note.user ?? null, created_at: nowIso() })
    .execute();
  return after;
}

/** In product-id order, so two transactions never wait on each other's rows in opposite orders. */
export const inProductOrder = <T extends { product: number }>(lines: readonly T[]) => [...lines].sort((a, b) => a.product - b.product);

/**
 * Several changes in product order, stopping at the first refused: `refused` is that change
 * (the caller rolls its transaction back, or gives back what was done); `after` each one's result.
 */
export async function changeMany(trx: Kysely<DB>, changes: readonly ShelfChange[], note: StockNote, guard?: (c: ShelfChange) => StockGuard | undefined) {
  const after = new Map<number, NonNullable<ChangeResult>>();
  const done: ShelfChange[] = [];
  for (const change of inProductOrder(changes)) {
    const result = await changeStock(trx, change, note, guard?.(change));
    if (!result) return { refused: change, done, after };
    after.set(change.product, result);
    done.push(change);
  }
  return { refused: null, done, after };
}

/** The most times a value set is tried again after the stock moved between its read and its UPDATE. */
const SET_TRIES = 50;

/**
 * Sets a product's stock to `to` (a product PUT from an older client, an import row): the
 * difference from the stock as it is becomes the movement. The stock is read, then changed
 * only if it is still what was read (a compare-and-set); when a sale landed in between, the
 * difference is worked out again. Null: no such product. `before` is the stock replaced.
 */
export async function setStock(trx: Kysely<DB>, product: number, to: number, note: StockNote): Promise<{ before: number; after: NonNullable<ChangeResult> } | null> {
  if (!Number.isSafeInteger(to) || to < 0 || to > STOCK_MAX) throw new RangeError(`stock ${to} is out of range`);
  for (let i = 0; i < SET_TRIES; i++) {
    const row = await trx.selectFrom('products').select(['units_stock', 'is_active']).where('id', '=', product).executeTakeFirst();
    if (!row) return null;
    const before = Number(row.units_stock);
    if (before === to) return { before, after: { units_stock: before, is_active: Number(row.is_active) } };
    const after = await changeStock(trx, { product, delta: to - before }, note, (q) => q.where('units_stock', '=', before));
    if (after) return { before, after };
  }
  throw new Error(`stock of product ${product} kept moving while it was being set`);
}

/** A movement as `GET /api/product/{id}/stock-movements/` answers it (`user_name` added by the caller that knows names). */
export interface ApiStockMovement {
  id: number;
  at: string;
  delta: number;
  reason: StockReason;
  ref: string;
  user: number | null;
}

/** A product low on stock as the catalogue reads it, with its units sold since the window began. */
export interface LowStockProduct {
  id: number;
  english_title: string;
  bangla_title: string;
  units_stock: number;
  low_stock_threshold: number | null;
  sold: number;
}

export function createLedgerReads(db: Kysely<DB>, dialect: DialectName) {
  return {
    /** A product's movements, newest first, one page, and how many it has. */
    async movements(productId: number, page: { offset: number; size: number }): Promise<{ count: number; results: ApiStockMovement[] }> {
      const [count, rows] = await Promise.all([
        db.selectFrom('stock_movements').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', '=', productId).executeTakeFirstOrThrow(),
        db
          .selectFrom('stock_movements')
          .select(['id', 'created_at', 'delta', 'reason', 'ref', 'user_id'])
          .where('product_id', '=', productId)
          .orderBy('id', 'desc')
          .limit(page.size)
          .offset(page.offset)
          .execute(),
      ]);
      return { count: Number(count.n), results: rows.map((r) => ({ id: r.id, at: new Date(r.created_at).toISOString(), delta: r.delta, reason: r.reason, ref: r.ref, user: r.user_id })) };
    },

    /**
     * Active products at or under their threshold (else `shopDefault`), each with the units its
     * sales movements took since `since` (sales less cancels, counter sales included): one
     * query, the sales read per product through the ledger's (product_id, id) index.
     */
    async lowStock(shopDefault: number, since: string): Promise<LowStockProduct[]> {
      const rows = await db
        .selectFrom('products as p')
        .select(['p.id', 'p.english_title', 'p.bangla_title', 'p.units_stock', 'p.low_stock_threshold'])
        .select((eb) =>
          eb
            .selectFrom('stock_movements as m')
            .select(sql<number>`coalesce(-sum(m.delta), 0)`.as('sold'))
            .whereRef('m.product_id', '=', 'p.id')
            .where('m.reason', 'in', [...SALES_REASONS])
            .where('m.created_at', '>=', timestampParam(dialect, since))
            .as('sold'),
        )
        .where('p.is_active', '=', 1)
        .where('p.units_stock', '<=', sql<number>`coalesce(p.low_stock_threshold, ${shopDefault})`)
        .execute();
      return rows.map((r) => ({ ...r, units_stock: Number(r.units_stock), sold: Math.max(0, Number(r.sold ?? 0)) }));
    },
  };
}
