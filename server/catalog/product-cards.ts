/**
 * Products in an order another module chose (a curated list, issue 36): their public answers,
 * the same as every product list's, active ones only, in the order of the ids. One query by
 * primary key; ids of products gone or switched off are skipped, so a list never breaks.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStorage } from '../media/storage';
import { productQuery, toApiProduct, type ApiProduct, type ProductRow } from './api-product';

export function createProductCards(db: Kysely<DB>, storage: FileStorage) {
  return async function activeProductsInOrder(ids: readonly number[]): Promise<ApiProduct[]> {
    if (!ids.length) return [];
    const rows = (await productQuery(db).where('products.id', 'in', [...new Set(ids)]).where('products.is_active', '=', 1).execute()) as ProductRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toApiProduct(row, storage)] : [];
    });
  };
}
