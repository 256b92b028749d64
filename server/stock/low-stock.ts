/**
 * The low-stock list (`GET /api/stock/low/`): active products at or under their threshold (their
 * own `low_stock_threshold`, else the shop's `low_stock_default`), fastest sellers first. Sales
 * speed is read from the catalogue's ledger: the units its `sale`, `counter` and `cancel`
 * movements took in the last 30 days (a cancelled sale does not count), so no other module's
 * tables are read. A ledger younger than 30 days (just migrated) counts only what it has seen.
 */
import type { CatalogService } from '../catalog/service';
import type { SettingsService } from '../settings/service';
import { SALES_WINDOW_DAYS, daysLeft, rankLowStock, thresholdOf, type LowStockRow } from '../../domain/stock';

export interface LowStockDeps {
  stock: Pick<CatalogService['stock'], 'lowStock'>;
  settings: Pick<SettingsService, 'get'>;
}

const DAY_MS = 24 * 3600_000;

export function createLowStock(deps: LowStockDeps) {
  /** Every low product, ranked (domain/stock.ts rankLowStock); `now` is the clock (tests pass their own). */
  return async function lowStock(now: number = Date.now()): Promise<LowStockRow[]> {
    const shopDefault = (await deps.settings.get()).low_stock_default;
    const since = new Date(now - SALES_WINDOW_DAYS * DAY_MS).toISOString();
    const rows = await deps.stock.lowStock(shopDefault, since);
    return rankLowStock(
      rows.map((r) => ({
        id: r.id,
        title: r.english_title || r.bangla_title,
        units_stock: r.units_stock,
        threshold: thresholdOf(r.low_stock_threshold, shopDefault),
        sold_30d: r.sold,
        days_left: daysLeft(r.units_stock, r.sold),
      })),
    );
  };
}
