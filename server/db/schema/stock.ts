/**
 * The stock module's tables (server/stock/): goods received from suppliers, and the days the
 * morning low-stock notice went out (migration 1201). The stock itself and its ledger are the
 * catalogue's (schema/catalog.ts `stock_movements`).
 */
import type { Generated } from 'kysely';

export interface StockReceiptTable {
  id: Generated<number>;
  supplier: string;
  reference: Generated<string>;
  user_id: number | null;
  created_at: string;
  /** Quantity × unit cost over the lines that had a cost; null when none had. */
  total_cost: number | null;
}

export interface StockReceiptLineTable {
  id: Generated<number>;
  receipt_id: number;
  product_id: number;
  quantity: number;
  unit_cost: number | null;
}

/** A Dhaka day (YYYY-MM-DD) whose morning notice was sent: how many products were low, to how many numbers. */
export interface StockAlertDayTable {
  day: string;
  products: number;
  recipients: number;
  created_at: string;
}

/** The stock module's tables, by name (part of `DB`). */
export interface StockTables {
  stock_receipts: StockReceiptTable;
  stock_receipt_lines: StockReceiptLineTable;
  stock_alert_days: StockAlertDayTable;
}
