/**
 * The catalogue's pre-order units (issue 36; docs/preorders.md). A pre-order takes no stock: it
 * takes pre-order units, one conditional UPDATE per line (`preorder_limit - preorder_taken >= q`),
 * so the limit holds under any number of concurrent checkouts, in several processes too. The
 * units it is owed wait (`preorder_waiting`): the stock on sale is `units_stock - preorder_waiting`
 * (the ledger's guard for sales and the counter, stock-ledger.ts). Arriving stock fills waiting
 * lines through `fillPreorder`: stock and waiting count leave together, a `sale` movement with them.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, Product } from '../db/schema';
import type { FieldErrors } from '../http/errors';
import { PREORDER_MESSAGES } from '../../domain/preorder-messages';
import type { ProductForm } from '../../domain/catalog-forms';
import { changeStock, inProductOrder, type StockNote } from './stock-ledger';

/** A line to take pre-order units for, at the prices the order was priced with (stock.ts StockLine's shape). */
interface StockLine {
  product: number;
  quantity: number;
  regular_price: number;
  discount_price: number;
}

/** The first pre-order line refused, and its product as it is now (undefined: gone). */
export type PreorderTake =
  | { taken: true }
  | { taken: false; line: StockLine; now: { is_active: number; regular_price: number; discount_price: number; preorder_release_date: string | null; preorder_limit: number | null; preorder_taken: number } | undefined };

export function createPreorderStock(db: Kysely<DB>) {
  return {
    /**
     * Takes pre-order units for every line, in product order, at the prices the order was priced
     * with, or stops at the first refused (over the limit, no longer a pre-order, deactivated or
     * repriced): the caller rolls its transaction back.
     */
    async takePreorder(trx: Kysely<DB>, lines: readonly StockLine[]): Promise<PreorderTake> {
      for (const line of inProductOrder(lines)) {
        const q = line.quantity;
        const r = await trx
          .updateTable('products')
          .set({ preorder_taken: sql<number>`preorder_taken + ${q}`, preorder_waiting: sql<number>`preorder_waiting + ${q}` })
          .where('id', '=', line.product)
          .where('preorder_release_date', 'is not', null)
          .where(sql<number>`preorder_limit - preorder_taken`, '>=', q)
          .where('is_active', '=', 1)
          .where('regular_price', '=', line.regular_price)
          .where('discount_price', '=', line.discount_price)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 1) continue;
        const now = await trx
          .selectFrom('products')
          .select(['is_active', 'regular_price', 'discount_price', 'preorder_release_date', 'preorder_limit', 'preorder_taken'])
          .where('id', '=', line.product)
          .executeTakeFirst();
        return { taken: false, line, now: now && { ...now, preorder_taken: Number(now.preorder_taken) } };
      }
      return { taken: true };
    },

    /**
     * A cancelled order's pre-order lines no longer count against the limit; a line still
     * `waiting` also stops waiting (a filled line's stock goes back through the ledger). Never below 0.
     */
    async releasePreorder(trx: Kysely<DB>, items: readonly { product: number; quantity: number; waiting: boolean }[]): Promise<void> {
      for (const { product, quantity: q, waiting } of inProductOrder(items)) {
        await trx
          .updateTable('products')
          .set({
            preorder_taken: sql<number>`case when preorder_taken >= ${q} then preorder_taken - ${q} else 0 end`,
            ...(waiting ? { preorder_waiting: sql<number>`case when preorder_waiting >= ${q} then preorder_waiting - ${q} else 0 end` } : {}),
          })
          .where('id', '=', product)
          .execute();
      }
    },

    /** Fills one waiting line from stock: true when the stock was there (a `sale` movement), false with nothing written. */
    async fillPreorder(trx: Kysely<DB>, line: { product: number; quantity: number; ref: string }, note: Omit<StockNote, 'reason' | 'ref'>): Promise<boolean> {
      const after = await changeStock(trx, { product: line.product, delta: -line.quantity, fillsPreorder: true }, { reason: 'sale', ref: line.ref, user: note.user });
      return after !== null;
    },

    /** Of these products (all, when none are named), those with units waiting and stock to fill them: one read through the partial index. */
    async fillable(ids?: readonly number[]): Promise<number[]> {
      let q = db.selectFrom('products').select('id').where('preorder_waiting', '>', sql.lit(0)).where('units_stock', '>', sql.lit(0));
      if (ids) {
        if (!ids.length) return [];
        q = q.where('id', 'in', [...ids]);
      }
      return (await q.orderBy('id').execute()).map((r) => r.id);
    },
  };
}

/**
 * The pre-order columns a product form writes: `preorder` null clears them, left out keeps them.
 * A limit below the units already pre-ordered is refused (`errors`); clearing keeps the counts, so
 * waiting customers are still filled first from arriving stock.
 */
export function preorderColumns(form: ProductForm, existing?: Pick<Product, 'preorder_release_date' | 'preorder_limit' | 'preorder_taken'>): { columns: Partial<Pick<Product, 'preorder_release_date' | 'preorder_limit'>>; errors?: FieldErrors } {
  if (form.preorder === undefined) return { columns: {} };
  if (form.preorder === null) return { columns: { preorder_release_date: null, preorder_limit: null } };
  const taken = Number(existing?.preorder_taken ?? 0);
  if (form.preorder.limit < taken) return { columns: {}, errors: { 'preorder.limit': [PREORDER_MESSAGES.belowTaken(taken)] } };
  return { columns: { preorder_release_date: form.preorder.release_date, preorder_limit: form.preorder.limit } };
}
