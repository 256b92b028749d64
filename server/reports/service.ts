/**
 * The accountant's reports (services.reports): sales by day, week or month, the top products,
 * authors, publishers and categories, the payment mix and the margin where a purchase price is
 * known, each as an answer and as a CSV; the couriers' report is the shipments module's, passed
 * through for its CSV. This module owns no tables: it composes what the orders module sums
 * (orders/report-figures.ts), the refunds the payments module made through the gateways, the
 * catalogue's names and purchase prices, and the settings' payment options. The arithmetic
 * (periods, net, ranking, margin) is domain/reports.ts.
 *
 * Every report counts the orders placed on the Dhaka days from–to (both included) that are not
 * Cancelled; refunds count on the day they were made, unless their order is Cancelled (its sale
 * never counted either).
 */
import type { ReportFigures, ReportInstants, RefundMade } from '../orders/report-figures';
import type { ReportProduct } from '../catalog/report-products';
import type { CourierReportRow } from '../../domain/payouts';
import { dhakaDayRange } from '../../domain/order-desk';
import {
  dhakaDayOf,
  marginReport,
  paymentMix,
  reportRange,
  salesReport,
  topRows,
  TOP_DIMENSIONS,
  TOP_LIMIT_DEFAULT,
  type DayRange,
  type ProductFigures,
  type ReportGroup,
  type TopDimension,
  type TopRow,
} from '../../domain/reports';
import { reportCsv, type ReportName, type ReportTable } from './csv';

export interface ReportDeps {
  orders: Pick<ReportFigures, 'byDay' | 'byProduct' | 'byPaymentOption' | 'manualRefunds' | 'cancelledAmong'>;
  /** Refunds the payment gateways made (payments service `refundsMade`). */
  gatewayRefunds(range: ReportInstants): Promise<RefundMade[]>;
  /** The catalogue's facts about sold products (catalog service `reportProducts`). */
  products(ids: readonly number[]): Promise<Map<number, ReportProduct>>;
  /** The shop's payment options, for their names. */
  paymentOptions(): Promise<{ id: string; label: string }[]>;
  /** The shipments module's courier report. */
  couriers(q: { from?: string | undefined; to?: string | undefined }): Promise<{ rows: (CourierReportRow & { label: string })[] }>;
  /** The clock (tests): which day "the last 30 days" ends on. */
  now?: () => number;
}

type RangeQuery = { from?: string | undefined; to?: string | undefined };
type Sold = { figures: ProductFigures[]; facts: Map<number, ReportProduct> };

export function createReportService(deps: ReportDeps) {
  const now = () => (deps.now ?? Date.now)();

  function instants(range: DayRange): ReportInstants {
    const { start, end } = dhakaDayRange(range.from, range.to);
    return { start: start!, end: end! };
  }

  /** Refunds made on each day of the range: by hand and through a gateway, of orders not Cancelled. */
  async function refundsIn(range: DayRange): Promise<{ day: string; amount: number }[]> {
    const at = instants(range);
    const [manual, gateway] = await Promise.all([deps.orders.manualRefunds(at), deps.gatewayRefunds(at)]);
    const cancelled = gateway.length ? await deps.orders.cancelledAmong(gateway.map((r) => r.order_id)) : new Set<number>();
    return [...manual, ...gateway.filter((r) => !cancelled.has(r.order_id))].map((r) => ({ day: dhakaDayOf(r.at), amount: r.amount }));
  }

  async function salesIn(range: DayRange, group: ReportGroup) {
    const [days, refunds] = await Promise.all([deps.orders.byDay(range), refundsIn(range)]);
    return { ...range, group, ...salesReport(range, group, days, refunds) };
  }

  /** The products sold in the range, and what the catalogue says of them. */
  async function sold(range: DayRange): Promise<Sold> {
    const figures = await deps.orders.byProduct(range);
    return { figures, facts: await deps.products(figures.map((f) => f.product_id)) };
  }

  function topOf({ figures, facts }: Sold, by: TopDimension, limit: number): TopRow[] {
    // Products on orders are never deleted (only deactivated); one that were would show as its number.
    if (by === 'product') return topRows(figures, (f) => ({ id: f.product_id, name: facts.get(f.product_id)?.title ?? `#${f.product_id}` }), limit);
    return topRows(figures, (f) => facts.get(f.product_id)?.[by] ?? null, limit);
  }

  function marginOf({ figures, facts }: Sold) {
    return marginReport(figures, (id) => facts.get(id)?.purchase_price ?? null);
  }

  async function paymentsIn(range: DayRange) {
    const [rows, options] = await Promise.all([deps.orders.byPaymentOption(range), deps.paymentOptions()]);
    const label = new Map(options.map((o) => [o.id, o.label]));
    return { ...range, ...paymentMix(rows.map((r) => ({ ...r, label: label.get(r.option) ?? r.option }))) };
  }

  /** The couriers over the same days as the other reports. */
  async function couriersIn(range: DayRange) {
    return { ...range, ...(await deps.couriers(range)) };
  }

  const rangeOf = (q: RangeQuery) => reportRange(q, now());
  const sales = (q: RangeQuery & { group: ReportGroup }) => salesIn(rangeOf(q), q.group);
  async function top(q: RangeQuery & { by: TopDimension; limit: number }) {
    const range = rangeOf(q);
    return { ...range, by: q.by, rows: topOf(await sold(range), q.by, q.limit) };
  }
  const payments = (q: RangeQuery) => paymentsIn(rangeOf(q));
  async function margin(q: RangeQuery) {
    const range = rangeOf(q);
    return { ...range, ...marginOf(await sold(range)) };
  }
  const couriers = (q: RangeQuery) => couriersIn(rangeOf(q));

  /** Everything /admin-reports shows for one range: the products sold are read once for the four top lists and the margin. */
  async function overview(q: RangeQuery & { group: ReportGroup }, limit = TOP_LIMIT_DEFAULT) {
    const range = rangeOf(q);
    const [salesPart, soldPart, paymentsPart, couriersPart] = await Promise.all([salesIn(range, q.group), sold(range), paymentsIn(range), couriersIn(range)]);
    const tops = Object.fromEntries(TOP_DIMENSIONS.map((by) => [by, topOf(soldPart, by, limit)])) as Record<TopDimension, TopRow[]>;
    return { ...range, group: q.group, sales: salesPart, tops, payments: paymentsPart, margin: { ...range, ...marginOf(soldPart) }, couriers: couriersPart };
  }

  return {
    sales,
    top,
    payments,
    margin,
    couriers,
    overview,
    /** A report as a table for its CSV (csv.ts), and the file's name. */
    async table(name: ReportName, q: RangeQuery & { group?: ReportGroup; by?: TopDimension; limit?: number }): Promise<ReportTable> {
      switch (name) {
        case 'sales':
          return reportCsv.sales(await sales({ ...q, group: q.group ?? 'day' }));
        case 'top':
          return reportCsv.top(await top({ ...q, by: q.by ?? 'product', limit: q.limit ?? TOP_LIMIT_DEFAULT }));
        case 'payments':
          return reportCsv.payments(await payments(q));
        case 'margin':
          return reportCsv.margin(await margin(q));
        case 'couriers':
          return reportCsv.couriers(await couriers(q));
      }
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
