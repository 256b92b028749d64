/**
 * The product page's related books: more by the same author, more in the same category, and
 * the products bought together with it (from the orders module, through a function handed in
 * by server/services.ts). Each list holds at most RELATED_LIMIT active products, never the
 * product itself, in stock first. The author's and the category's lists are each one query
 * (their product's author or category read in a subquery, so no read of the product first);
 * bought together is one query in orders (the ranked ids) and one read of their cards here.
 *
 * The product page is the shop's busiest, so the lists' ids are remembered per product while
 * the catalogue's content and availability counters (migration 0104) stay the same, for at most
 * MAX_AGE_MS: a sale that only moves best-seller counts, or a new order that changes what is
 * bought together, shows within that age, as the answer cache does for ranked searches. A
 * remembered product's page then costs the counters and one primary-key read of its cards, so
 * the cards' shelf counts are always current.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStorage } from '../media/storage';
import { productQuery, toApiProduct, type ApiProduct, type ProductRow } from './api-product';
import type { CatalogVersions } from './stock';

/** How many products each list shows. */
export const RELATED_LIMIT = 12;
/** How long remembered lists are used at most, whatever the counters say. */
const MAX_AGE_MS = 60_000;
/** A bound on memory: past this many products the memory starts again. */
const MAX_REMEMBERED = 5_000;

export interface Related {
  by_author: ApiProduct[];
  in_category: ApiProduct[];
  bought_together: ApiProduct[];
}

export interface RelatedDeps {
  /** Products on the same recent orders as this one, best first (orders' bought-together.ts); none when not handed in. */
  boughtTogether?: ((productId: number) => Promise<number[]>) | undefined;
  /** The catalogue's change counters. */
  versions: () => Promise<CatalogVersions>;
  /** How long remembered lists are used at most (tests pass 0: never remembered). */
  maxAgeMs?: number | undefined;
}

type Lists = Record<keyof Related, number[]>;
interface Remembered extends Lists {
  content: number;
  availability: number;
  madeAt: number;
}

const inStockFirst = sql`case when products.units_stock > 0 then 0 else 1 end`;

export function createRelated(db: Kysely<DB>, storage: FileStorage, deps: RelatedDeps) {
  const maxAgeMs = deps.maxAgeMs ?? MAX_AGE_MS;
  const remembered = new Map<number, Remembered>();
  const card = (row: ProductRow) => toApiProduct(row, storage);

  /**
   * The active products sharing the product's author or category, in one query: in stock
   * first, then best sellers, then newest. The indexes products_author_id_active_updated and
   * products_category_id_active_updated (migration 0101) find them; the sort is of those rows.
   */
  async function sharing(column: 'author_id' | 'category_id', productId: number): Promise<ProductRow[]> {
    return (await productQuery(db)
      .where(`products.${column}`, '=', (eb) => eb.selectFrom('products as self').select(`self.${column}`).where('self.id', '=', productId))
      .where('products.is_active', '=', 1)
      .where('products.id', '<>', productId)
      .orderBy(inStockFirst)
      .orderBy('products.units_sold', 'desc')
      .orderBy('products.updated_at', 'desc')
      .orderBy('products.id', 'desc')
      .limit(RELATED_LIMIT)
      .execute()) as ProductRow[];
  }

  /** The active products among these ids, by primary key in one query, in the ids' order. */
  async function rowsOf(ids: number[]): Promise<Map<number, ProductRow>> {
    if (!ids.length) return new Map();
    const rows = (await productQuery(db).where('products.id', 'in', ids).where('products.is_active', '=', 1).execute()) as ProductRow[];
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Bought together: the orders' ranked ids, then their cards, in stock first and otherwise in the orders' rank. */
  async function boughtTogether(productId: number): Promise<ProductRow[]> {
    if (!deps.boughtTogether) return [];
    const ids = (await deps.boughtTogether(productId)).filter((id) => id !== productId);
    const rows = await rowsOf(ids);
    const ranked = ids.flatMap((id) => rows.get(id) ?? []);
    return [...ranked.filter((r) => r.units_stock > 0), ...ranked.filter((r) => r.units_stock <= 0)].slice(0, RELATED_LIMIT);
  }

  return {
    /** The three lists of a product's page; empty lists for a product that is not there. */
    async related(productId: number): Promise<Related> {
      const v = await deps.versions();
      const known = remembered.get(productId);
      if (known && known.content === v.content && known.availability === v.availability && Date.now() - known.madeAt < maxAgeMs) {
        // The cards as they are now, for every list at once.
        const rows = await rowsOf([...new Set([...known.by_author, ...known.in_category, ...known.bought_together])]);
        const cards = (ids: number[]) => ids.flatMap((id) => rows.get(id) ?? []).map(card);
        return { by_author: cards(known.by_author), in_category: cards(known.in_category), bought_together: cards(known.bought_together) };
      }
      const [byAuthor, inCategory, together] = await Promise.all([sharing('author_id', productId), sharing('category_id', productId), boughtTogether(productId)]);
      if (maxAgeMs > 0) {
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        const ids = (rows: ProductRow[]) => rows.map((r) => r.id);
        remembered.set(productId, { content: v.content, availability: v.availability, madeAt: Date.now(), by_author: ids(byAuthor), in_category: ids(inCategory), bought_together: ids(together) });
      }
      return { by_author: byAuthor.map(card), in_category: inCategory.map(card), bought_together: together.map(card) };
    },
  };
}
