/**
 * The shelf: how many of each product are in stock and how many were sold. The catalogue owns
 * these counts; checkout, a cancelled or returned order, an edit, a receipt change them only
 * through here, inside their own transaction, so an order and its stock change commit together
 * or not at all. Every change goes through the ledger (stock-ledger.ts): one conditional UPDATE
 * whose affected-row count says whether it happened, so concurrent checkouts (even from several
 * processes on one PostgreSQL) cannot sell more than the shelf holds, and its movement (reason,
 * reference, user) in the same transaction.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB, ProductType } from '../db/schema';
import type { DialectName } from '../db/database';
import { changeMany, changeStock, createLedgerReads, inProductOrder, setStock, type ShelfChange, type StockNote } from './stock-ledger';
import { createPreorderStock } from './preorder-stock';
import { preorderAvailable, stockOnSale, type PreorderFigures } from '../../domain/preorders';

/** What checkout needs to know of a product to price and describe an order line. */
export interface CheckoutProduct extends PreorderFigures {
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

/** Units of a product coming back or written off; `ref` when the line's reference is not the note's. */
export interface StockItem {
  product: number;
  quantity: number;
  ref?: string | undefined;
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

/** The shelf counts of one product as a shopper's answer shows them. */
export interface StockLevel {
  units_stock: number;
  units_sold: number;
  /** Pre-order units left (null: no pre-order); moves with checkouts like the shelf counts. */
  preorder_available: number | null;
}

/** A product as a back-in-stock request sees it. */
export interface StockSummary {
  id: number;
  type: ProductType;
  english_title: string;
  bangla_title: string;
  units_stock: number;
  /** The units a shopper can buy: stock not promised to waiting pre-orders (docs/preorders.md). */
  on_sale: number;
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

export function createStock(db: Kysely<DB>, dialect: DialectName) {
  /** The three change counters in one query; another process's committed change moves them too. */
  const levelsQuery = (ids: readonly number[]) =>
    db
      .selectFrom('catalog_versions as v')
      .leftJoin('products as p', (join) => join.on('p.id', 'in', [...ids]))
      .select(['v.content', 'v.stock', 'v.availability', 'p.id', 'p.units_stock', 'p.units_sold', 'p.preorder_release_date', 'p.preorder_limit', 'p.preorder_taken', 'p.preorder_waiting']);
  type LevelsRow = Awaited<ReturnType<ReturnType<typeof levelsQuery>['execute']>>[number];
  // Every cached answer served runs this query: its text is made once per number of products
  // (a list page has 20), not built and compiled by Kysely on each request.
  const levelsTexts = new Map<number, string>();
  function levelsSql(count: number): string {
    let text = levelsTexts.get(count);
    if (text === undefined) {
      text = levelsQuery(Array.from({ length: count }, (_, i) => i)).compile().sql;
      // Pages (up to 100 products) are kept; a whole catalogue array's rare length is not.
      if (count <= 100) levelsTexts.set(count, text);
    }
    return text;
  }

  // The counters alone: read by most cached answers served, so compiled once.
  const versionsQuery = db.selectFrom('catalog_versions').select(['content', 'stock', 'availability']).compile();
  async function readVersions(): Promise<CatalogVersions> {
    return toVersions((await db.executeQuery(versionsQuery)).rows[0]);
  }

  const back = (items: readonly StockItem[]): ShelfChange[] => items.map((i) => ({ product: i.product, delta: i.quantity, ref: i.ref }));

  /** Puts units back on the shelf (a cancel: `cancel`; goods received back: `return`), in product order like checkout takes them, so the two never deadlock. */
  async function giveBack(trx: Kysely<DB>, items: readonly StockItem[], note: StockNote): Promise<void> {
    const { refused } = await changeMany(trx, back(items), note);
    // Units coming back are never refused (no upper bound for them); a product deleted meanwhile cannot be on an order.
    if (refused) throw new Error(`stock of product ${refused.product} could not be given back`);
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
      const { rows } = await db.executeQuery(CompiledQuery.raw(levelsSql(ids.length), [...ids]) as CompiledQuery<LevelsRow>);
      const levels = new Map<number, StockLevel>();
      for (const r of rows) {
        // Shoppers' answers (the only ones cached) show the units on sale, as toApiProduct does.
        if (r.id !== null) levels.set(r.id, { units_stock: stockOnSale({ units_stock: Number(r.units_stock), preorder_waiting: Number(r.preorder_waiting) }), units_sold: Number(r.units_sold), preorder_available: r.preorder_release_date ? preorderAvailable({ ...r, preorder_taken: Number(r.preorder_taken) }) : null });
      }
      return { versions: toVersions(rows[0]), levels };
    },

    /**
     * What the back-in-stock requests and the receipts need of these products: title, type for
     * its link, stock and whether it is offered; one primary-key query (`q`: inside a transaction).
     */
    async summaries(ids: readonly number[], q: Kysely<DB> = db): Promise<StockSummary[]> {
      if (!ids.length) return [];
      const rows = await q
        .selectFrom('products')
        .select(['id', 'type', 'english_title', 'bangla_title', 'units_stock', 'preorder_waiting', 'is_active'])
        .where('id', 'in', [...ids])
        .execute();
      return rows.map(({ preorder_waiting, ...r }) => ({ ...r, units_stock: Number(r.units_stock), on_sale: stockOnSale({ units_stock: Number(r.units_stock), preorder_waiting: Number(preorder_waiting) }), is_active: r.is_active === 1 }));
    },

    /** The products of a cart as checkout prices them, read inside the checkout's transaction. */
    forCheckout(trx: Kysely<DB>, ids: number[]): Promise<CheckoutProduct[]> {
      if (!ids.length) return Promise.resolve([]);
      return trx
        .selectFrom('products')
        .select(['id', 'english_title', 'bangla_title', 'type', 'regular_price', 'discount_price', 'units_stock', 'is_active', 'category_id', 'author_id', 'publisher_id'])
        .select(['preorder_release_date', 'preorder_limit', 'preorder_taken', 'preorder_waiting'])
        .where('id', 'in', ids)
        .execute();
    },

    /**
     * Takes every line off the shelf (`sale`), or stops at the first line that cannot be filled:
     * not enough left, the product deactivated, or its price changed since the order was priced.
     * The caller rolls its transaction back on a refusal.
     */
    async take(trx: Kysely<DB>, lines: StockLine[], note: StockNote): Promise<TakeResult> {
      const byProduct = new Map(lines.map((l) => [l.product, l]));
      const { refused } = await changeMany(
        trx,
        lines.map((l) => ({ product: l.product, delta: -l.quantity })),
        note,
        // The price read for the order must still be the price when the stock is taken.
        (c) => (q) => q.where('is_active', '=', 1).where('regular_price', '=', byProduct.get(c.product)!.regular_price).where('discount_price', '=', byProduct.get(c.product)!.discount_price),
      );
      if (!refused) return { taken: true };
      // The units on sale: those promised to waiting pre-orders are not (docs/preorders.md).
      const row = await trx.selectFrom('products').select(['units_stock', 'preorder_waiting', 'regular_price', 'discount_price', 'is_active']).where('id', '=', refused.product).executeTakeFirst();
      const now = row && { units_stock: stockOnSale(row), regular_price: row.regular_price, discount_price: row.discount_price, is_active: row.is_active };
      return { taken: false, line: byProduct.get(refused.product)!, now };
    },

    /**
     * Takes a cancelled order's units off the shelf again when it is reopened (a payment arrived
     * late): every line or none, whatever the prices or the product's state now — the customer
     * paid the order's own prices. False, with nothing taken, when a line is short.
     */
    async retake(trx: Kysely<DB>, items: readonly StockItem[], note: StockNote): Promise<boolean> {
      const { refused, done } = await changeMany(trx, items.map((i) => ({ product: i.product, delta: -i.quantity, ref: i.ref })), note);
      if (!refused) return true;
      // What was taken goes back, recorded as its undoing, so the ledger still adds up.
      await giveBack(trx, done.map((c) => ({ product: c.product, quantity: -c.delta, ref: c.ref })), { ...note, reason: 'cancel' });
      return false;
    },

    giveBack,

    /** Returned units written off (`damaged`): a movement of 0 per line, as they never re-entered stock. */
    async writeOff(trx: Kysely<DB>, items: readonly StockItem[], note: StockNote): Promise<void> {
      for (const item of inProductOrder(items)) await changeStock(trx, { product: item.product, delta: 0, ref: item.ref }, note);
    },

    /**
     * Any other change (receipts, the counter's sales: issue 36): each line's delta in product
     * order, stopping at the first refused (short, above STOCK_MAX, or no such product), which
     * is answered with what was done; the caller rolls back on a refusal.
     */
    change: (trx: Kysely<DB>, changes: readonly ShelfChange[], note: StockNote) => changeMany(trx, changes, note),

    /** Sets a product's stock to a value (an older client's product PUT, an import): the difference is the movement (stock-ledger.ts). */
    set: setStock,

    /** What the shop paid, from a receipt's unit costs. */
    async setPurchasePrices(trx: Kysely<DB>, prices: readonly { product: number; price: number }[]): Promise<void> {
      for (const p of inProductOrder(prices)) await trx.updateTable('products').set({ purchase_price: p.price }).where('id', '=', p.product).execute();
    },

    /** The ledger's reads: a product's movements, and the low-stock list's products with their recent sales. */
    ...createLedgerReads(db, dialect),

    /** Pre-order units: taken at checkout, given back by a cancel, filled from arriving stock (preorder-stock.ts). */
    ...createPreorderStock(db),
  };
}
