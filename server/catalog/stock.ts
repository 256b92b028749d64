/**
 * The shelf: how many of each product are in stock and how many were sold. The catalogue owns
 * these counts; checkout and a cancelled order change them only through here, inside their own
 * transaction, so an order and its stock change commit together or not at all. Stock is never
 * read, changed and written back: each line is one conditional UPDATE whose affected-row count
 * says whether it happened, so concurrent checkouts (even from several processes on one
 * PostgreSQL) cannot sell more than the shelf holds.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, ProductType } from '../db/schema';

/** What checkout needs to know of a product to price and describe an order line. */
export interface CheckoutProduct {
  id: number;
  english_title: string;
  bangla_title: string;
  type: ProductType;
  regular_price: number;
  discount_price: number;
  units_stock: number;
  is_active: number;
  /** What promotions look at (what a promotion covers). */
  category_id: number | null;
  author_id: number | null;
  publisher_id: number | null;
}

/** One line to take: the prices are the ones the order was priced with. */
export interface StockLine {
  product: number;
  quantity: number;
  regular_price: number;
  discount_price: number;
}

/** The outcome of taking an order's lines; on refusal, the first line that could not be filled and its product as it is now. */
export type TakeResult =
  | { taken: true }
  | { taken: false; line: StockLine; now: { units_stock: number; regular_price: number; discount_price: number; is_active: number } | undefined };

/** Lines in product-id order, so two transactions never wait on each other's rows in opposite orders. */
const inProductOrder = <T extends { product: number }>(lines: T[]) => [...lines].sort((a, b) => a.product - b.product);

/** The shelf counts of one product as a shopper's answer shows them. */
export interface StockLevel {
  units_stock: number;
  units_sold: number;
}

/** A product as a back-in-stock request sees it. */
export interface StockSummary {
  id: number;
  type: ProductType;
  english_title: string;
  bangla_title: string;
  units_stock: number;
  is_active: boolean;
}

/** The catalogue's change counters (migration 0104): equal counters mean equal answers of that kind. */
export interface CatalogVersions {
  /** Everything but the shelf counts: titles, prices, active or not, categories, people, banners… */
  content: number;
  /** Any change of `units_stock` or `units_sold`. */
  stock: number;
  /** A product ran out or came back (`units_stock` crossed zero). */
  availability: number;
}

/** The counters as a row holds them; no row reads as 0. */
type CounterRow = { content?: number | string | null; stock?: number | string | null; availability?: number | string | null };
const toVersions = (row: CounterRow | undefined): CatalogVersions => ({ content: Number(row?.content ?? 0), stock: Number(row?.stock ?? 0), availability: Number(row?.availability ?? 0) });

export function createStock(db: Kysely<DB>) {
  /** The three change counters in one query; another process's committed change moves them too. */
  async function readVersions(): Promise<CatalogVersions> {
    return toVersions(await db.selectFrom('catalog_versions').select(['content', 'stock', 'availability']).executeTakeFirst());
  }

  /** Puts the units of a cancelled or returned order back on the shelf. */
  /** Moves `quantity` units of a product from the shelf to sold, when the shelf holds that many (the caller may narrow it further). */
  function takeOff(trx: Kysely<DB>, product: number, quantity: number) {
    return trx
      .updateTable('products')
      .set({ units_stock: sql`units_stock - ${quantity}`, units_sold: sql`units_sold + ${quantity}` })
      .where('id', '=', product)
      .where('units_stock', '>=', quantity);
  }

  async function giveBack(trx: Kysely<DB>, items: { product: number; quantity: number }[]): Promise<void> {
    // In product order, like checkout takes them, so a cancel and a checkout never deadlock.
    for (const item of inProductOrder(items)) {
      await trx
        .updateTable('products')
        .set({
          units_stock: sql`units_stock + ${item.quantity}`,
          // Sales recorded before this order may have been corrected by hand: never below zero.
          units_sold: sql`case when units_sold >= ${item.quantity} then units_sold - ${item.quantity} else 0 end`,
        })
        .where('id', '=', item.product)
        .execute();
    }
  }

  return {
    versions: readVersions,

    /**
     * The counters and the shelf counts of these products in one query (one round trip): what
     * serving a remembered answer needs (routes.ts).
     */
    async versionsAndLevels(ids: readonly number[]): Promise<{ versions: CatalogVersions; levels: Map<number, StockLevel> }> {
      // No products (suggestions, a first visit): the counters alone. A join on a false condition
      // made SQLite visit every product (10 ms at 100,000), PostgreSQL none.
      if (!ids.length) return { versions: await readVersions(), levels: new Map() };
      const rows = await db
        .selectFrom('catalog_versions as v')
        .leftJoin('products as p', (join) => join.on('p.id', 'in', [...ids]))
        .select(['v.content', 'v.stock', 'v.availability', 'p.id', 'p.units_stock', 'p.units_sold'])
        .execute();
      const levels = new Map<number, StockLevel>();
      for (const r of rows) if (r.id !== null) levels.set(r.id, { units_stock: Number(r.units_stock), units_sold: Number(r.units_sold) });
      return { versions: toVersions(rows[0]), levels };
    },

    /**
     * What the back-in-stock requests need of these products (server/restock): title, type for
     * its link, stock and whether it is offered; one primary-key query.
     */
    async summaries(ids: readonly number[]): Promise<StockSummary[]> {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('products')
        .select(['id', 'type', 'english_title', 'bangla_title', 'units_stock', 'is_active'])
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((r) => ({ ...r, units_stock: Number(r.units_stock), is_active: r.is_active === 1 }));
    },

    /** The products of a cart as checkout prices them, read inside the checkout's transaction. */
    forCheckout(trx: Kysely<DB>, ids: number[]): Promise<CheckoutProduct[]> {
      if (!ids.length) return Promise.resolve([]);
      return trx
        .selectFrom('products')
        .select(['id', 'english_title', 'bangla_title', 'type', 'regular_price', 'discount_price', 'units_stock', 'is_active', 'category_id', 'author_id', 'publisher_id'])
        .where('id', 'in', ids)
        .execute();
    },

    /**
     * Takes every line off the shelf, or stops at the first line that cannot be filled: not
     * enough left, the product deactivated, or its price changed since the order was priced.
     * The caller rolls its transaction back on a refusal.
     */
    async take(trx: Kysely<DB>, lines: StockLine[]): Promise<TakeResult> {
      for (const line of inProductOrder(lines)) {
        const result = await takeOff(trx, line.product, line.quantity)
          .where('is_active', '=', 1)
          // The price read for the order must still be the price when the stock is taken.
          .where('regular_price', '=', line.regular_price)
          .where('discount_price', '=', line.discount_price)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) {
          const now = await trx
            .selectFrom('products')
            .select(['units_stock', 'regular_price', 'discount_price', 'is_active'])
            .where('id', '=', line.product)
            .executeTakeFirst();
          return { taken: false, line, now };
        }
      }
      return { taken: true };
    },

    /**
     * Takes a cancelled order's units off the shelf again when it is reopened (a payment arrived
     * late): every line or none, whatever the prices or the product's state now — the customer
     * paid the order's own prices. False, with nothing taken, when a line is short.
     */
    async retake(trx: Kysely<DB>, items: { product: number; quantity: number }[]): Promise<boolean> {
      const taken: { product: number; quantity: number }[] = [];
      for (const item of inProductOrder(items)) {
        const result = await takeOff(trx, item.product, item.quantity).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) {
          await giveBack(trx, taken);
          return false;
        }
        taken.push(item);
      }
      return true;
    },

    /** Puts the units of a cancelled or returned order back on the shelf. */
    giveBack,
  };
}

