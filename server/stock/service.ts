/**
 * The stock module (issue 35; docs/stock-ledger.md): goods received from suppliers (receipts.ts),
 * the low-stock list (low-stock.ts), the morning notice to managers and owners
 * (morning-notice.ts), and each product's stock history. It owns the receipts and the notice's
 * days; the stock itself and its ledger are the catalogue's, changed only through
 * `catalog.stock` (server/catalog/stock-ledger.ts), so this module names no product table.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { DialectName } from '../db/database';
import { notFound } from '../http/errors';
import type { CatalogService } from '../catalog/service';
import type { SettingsService } from '../settings/service';
import { createReceipts } from './receipts';
import { createLowStock } from './low-stock';
import { createMorningNotice } from './morning-notice';

export interface StockDeps {
  dialect: DialectName;
  /** The catalogue's stock face: the ledger, receipts' stock and purchase prices, the low products. */
  stock: CatalogService['stock'];
  settings: Pick<SettingsService, 'get'>;
  /** Staff names, for who recorded a receipt or moved stock (accounts). */
  userNames(ids: number[]): Promise<Map<number, string>>;
  /** The managers' and owners' numbers, for the morning notice (accounts). */
  recipients(): Promise<string[]>;
  /** The back-in-stock requests' hook, as the catalogue calls it after a product PUT. */
  onBackInStock?: ((productIds: number[]) => void) | undefined;
  /** Waiting pre-orders filled from a receipt's stock (the orders module, through services.ts). */
  onStockUp?: ((productIds: number[]) => Promise<void> | void) | undefined;
  nudgeSms?: (() => void) | undefined;
  publicUrl: string;
  /** The morning notice's clock check (tests). */
  noticePollMs?: number | undefined;
}

export function createStockService(db: Kysely<DB>, deps: StockDeps) {
  const lowStock = createLowStock(deps);
  const notice = createMorningNotice(db, { ...deps, lowStock, pollMs: deps.noticePollMs });
  return {
    receipts: createReceipts(db, deps),

    /** The low-stock list, fastest sellers first (low-stock.ts). */
    lowStock,

    /** A product's movements, newest first, with who made each; 404 for an unknown product. */
    async movements(productId: number, page: { offset: number; size: number }) {
      if (!(await deps.stock.summaries([productId])).length) throw notFound('Product not found.');
      const { count, results } = await deps.stock.movements(productId, page);
      const names = await deps.userNames([...new Set(results.flatMap((m) => (m.user === null ? [] : [m.user])))]);
      return { count, results: results.map((m) => ({ ...m, user_name: m.user === null ? null : (names.get(m.user) ?? null) })) };
    },

    /** The morning low-stock notice: `runOnce(now)` for tests, started and stopped with the server. */
    notice,
  };
}

export type StockService = ReturnType<typeof createStockService>;
