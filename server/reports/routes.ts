/**
 * The accountant's reports (accountant+; service.ts): sales, top lists, payment mix and margin as
 * JSON, and every report as CSV at `GET /api/reports/<name>.csv` with the same query (the
 * couriers' JSON answer is the shipments module's `GET /api/reports/couriers/`). Dates are Dhaka
 * days, both included; without them, the last 30 days.
 */
import { readQuery } from '../http/pagination';
import type { RouteDocs } from '../http/route-docs';
import { routeModule } from '../http/route-module';
import { csvStream, sendDownload } from '../http/downloads';
import { reportRangeQuery, salesReportQuery, topReportQuery } from '../../domain/reports';
import type { ReportService } from './service';
import type { ReportName } from './csv';

const RANGE = 'Dhaka days from–to, both included (default: the last 30 days)';

const reportDocs: RouteDocs = {
  'GET /api/reports/sales/': {
    summary: `Sales by day, week (ISO, Monday first) or month over ${RANGE}: a row for every period (zeros where nothing sold) with orders, units, revenue, discounts, delivery, refunds and net, and totals; Cancelled orders count nowhere`,
    audience: 'accountant',
    query: salesReportQuery,
  },
  'GET /api/reports/top/': { summary: `The best-selling products, authors, publishers or categories over ${RANGE}, by revenue`, audience: 'accountant', query: topReportQuery },
  'GET /api/reports/payments/': { summary: `Orders and their amounts by payment option over ${RANGE}`, audience: 'accountant', query: reportRangeQuery },
  'GET /api/reports/margin/': { summary: `Revenue, cost at today's purchase prices and margin, by product type, over ${RANGE}; coverage is the share of revenue whose products have a purchase price`, audience: 'accountant', query: reportRangeQuery },
  'GET /api/reports/sales.csv': { summary: 'The sales report as CSV (UTF-8 with a BOM), with a totals row', audience: 'accountant', query: salesReportQuery, produces: 'text/csv' },
  'GET /api/reports/top.csv': { summary: 'A top list as CSV', audience: 'accountant', query: topReportQuery, produces: 'text/csv' },
  'GET /api/reports/payments.csv': { summary: 'The payment mix as CSV, with a totals row', audience: 'accountant', query: reportRangeQuery, produces: 'text/csv' },
  'GET /api/reports/margin.csv': { summary: 'The margin as CSV, with a totals row', audience: 'accountant', query: reportRangeQuery, produces: 'text/csv' },
  'GET /api/reports/couriers.csv': { summary: 'The courier report as CSV', audience: 'accountant', query: reportRangeQuery, produces: 'text/csv' },
};

/** Each CSV and the query it reads. */
const CSV_QUERIES = { sales: salesReportQuery, top: topReportQuery, payments: reportRangeQuery, margin: reportRangeQuery, couriers: reportRangeQuery } satisfies Record<ReportName, unknown>;

export const reportRoutes = routeModule<{ reports: ReportService }>({
  docs: reportDocs,
  async routes(app, { reports }) {
    app.get('/api/reports/sales/', async (request) => reports.sales(readQuery(salesReportQuery, request)));
    app.get('/api/reports/top/', async (request) => reports.top(readQuery(topReportQuery, request)));
    app.get('/api/reports/payments/', async (request) => reports.payments(readQuery(reportRangeQuery, request)));
    app.get('/api/reports/margin/', async (request) => reports.margin(readQuery(reportRangeQuery, request)));

    for (const [name, query] of Object.entries(CSV_QUERIES) as [ReportName, (typeof CSV_QUERIES)[ReportName]][]) {
      app.get(`/api/reports/${name}.csv`, async (request, reply) => {
        const table = await reports.table(name, readQuery(query, request));
        return sendDownload(reply, { name: table.name, format: 'csv' }, csvStream(table.columns, table.rows));
      });
    }
  },
});
