/** What the stock ledger's tests share: a product's movements, and the check that every product's movements add up to its stock. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A product's movements, oldest first, as the ledger holds them. */
export function movementsOf(db: Kysely<DB>, product: number) {
  return db.selectFrom('stock_movements').select(['delta', 'reason', 'ref', 'user_id']).where('product_id', '=', product).orderBy('id').execute();
}

/** Every product whose movements do not add up to its `units_stock` (none, when the ledger holds). */
export async function ledgerMismatches(db: Kysely<DB>): Promise<{ product: number; units_stock: number; ledger: number }[]> {
  const [products, sums] = await Promise.all([
    db.selectFrom('products').select(['id', 'units_stock']).orderBy('id').execute(),
    db.selectFrom('stock_movements').select(['product_id', sql<number>`sum(delta)`.as('total')]).groupBy('product_id').execute(),
  ]);
  const ledger = new Map(sums.map((s) => [s.product_id, Number(s.total)]));
  return products.map((p) => ({ product: p.id, units_stock: Number(p.units_stock), ledger: ledger.get(p.id) ?? 0 })).filter((p) => p.units_stock !== p.ledger);
}
