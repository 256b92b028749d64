/**
 * Each report as the table its CSV holds (`GET /api/reports/<name>.csv`): the columns (the
 * header row, as the JSON answer names its fields), the rows, a last row of totals where the
 * report has them, and the file's name with the days it covers. http/downloads.ts writes it
 * (a BOM, every text cell neutralised).
 */
import type { SheetRow } from '../http/downloads';
import type { MarginFigures, MarginRow, PaymentMixRow, SalesFigures, SalesRow, TopRow } from '../../domain/reports';
import type { CourierReportRow } from '../../domain/payouts';

export const REPORT_NAMES = ['sales', 'top', 'payments', 'margin', 'couriers'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export interface ReportTable {
  /** The file's name, without its extension. */
  name: string;
  columns: readonly string[];
  rows: SheetRow[];
}

type Range = { from: string; to: string };
const fileName = (what: string, r: Range) => `${what}_${r.from}_${r.to}`;
/** The totals row's first cell. */
const TOTAL = 'Total';

export const reportCsv = {
  sales(r: Range & { group: string; rows: SalesRow[]; totals: SalesFigures }): ReportTable {
    return {
      name: fileName(`sales-by-${r.group}`, r),
      columns: ['period', 'orders', 'units', 'revenue', 'discounts', 'delivery', 'refunds', 'net'],
      rows: [...r.rows.map((row) => ({ ...row })), { period: TOTAL, ...r.totals }],
    };
  },

  top(r: Range & { by: string; rows: TopRow[] }): ReportTable {
    return { name: fileName(`top-${r.by}s`, r), columns: ['rank', 'id', 'name', 'units', 'revenue'], rows: r.rows.map((row, i) => ({ rank: i + 1, ...row })) };
  },

  payments(r: Range & { rows: PaymentMixRow[]; totals: { orders: number; amount: number; paid: number } }): ReportTable {
    return {
      name: fileName('payment-mix', r),
      columns: ['option', 'label', 'orders', 'amount', 'paid', 'share'],
      rows: [...r.rows.map((row) => ({ ...row })), { option: TOTAL, ...r.totals, share: r.rows.length ? 1 : 0 }],
    };
  },

  margin(r: Range & { rows: MarginRow[]; totals: MarginFigures }): ReportTable {
    return {
      name: fileName('margin', r),
      columns: ['type', 'revenue', 'covered_revenue', 'cost', 'margin', 'margin_rate', 'coverage'],
      rows: [...r.rows.map((row) => ({ ...row })), { type: TOTAL, ...r.totals }],
    };
  },

  couriers(r: Range & { rows: (CourierReportRow & { label: string })[] }): ReportTable {
    return {
      name: fileName('couriers', r),
      columns: ['courier', 'label', 'parcels', 'delivered', 'returned', 'return_rate', 'cod_expected', 'cod_received', 'fees', 'outstanding'],
      rows: r.rows.map((row) => ({ ...row })),
    };
  },
};
