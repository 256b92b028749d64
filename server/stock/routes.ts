/**
 * The stock calls (issue 35; docs/stock-ledger.md), all for managers and owners: a product's
 * stock history, receipts from suppliers, the low-stock list. Thin: read, call the service, answer.
 */
import { envelope, pageQuery, readId, readQuery, toPage } from '../http/pagination';
import { notFound } from '../http/errors';
import { routeModule } from '../http/route-module';
import type { RouteDocs } from '../http/route-docs';
import { receiptSchema } from '../../domain/stock';
import type { StockService } from './service';

const RECEIPT_NOT_FOUND = 'Receipt not found.';

const stockDocs: RouteDocs = {
  'GET /api/product/:id/stock-movements/': { summary: "A product's stock movements, newest first (they add up to its units_stock)", audience: 'manager', query: pageQuery },
  'POST /api/stock/receipts/': { summary: 'Record goods received from a supplier: stock grows by each line, unit costs become purchase prices', audience: 'manager', body: receiptSchema, status: 201 },
  'GET /api/stock/receipts/': { summary: 'Receipts, newest first, with their lines', audience: 'manager', query: pageQuery },
  'GET /api/stock/receipts/:id/': { summary: 'One receipt with its lines', audience: 'manager' },
  'GET /api/stock/low/': { summary: 'Active products at or under their low-stock threshold, fastest sellers first', audience: 'manager', query: pageQuery },
};

export const stockRoutes = routeModule<{ stock: StockService }>({
  docs: stockDocs,
  async routes(app, { stock }) {
    app.get('/api/product/:id/stock-movements/', async (request) => {
      const page = toPage(readQuery(pageQuery, request));
      const { count, results } = await stock.movements(readId(request, 'Product not found.'), page);
      return envelope(request, page, count, results);
    });

    app.post('/api/stock/receipts/', async (request, reply) => reply.status(201).send(await stock.receipts.create(request.user?.id ?? null, request.body ?? {})));
    app.get('/api/stock/receipts/', async (request) => {
      const page = toPage(readQuery(pageQuery, request));
      const { count, results } = await stock.receipts.list(page);
      return envelope(request, page, count, results);
    });
    app.get('/api/stock/receipts/:id/', async (request) => {
      const receipt = await stock.receipts.get(readId(request, RECEIPT_NOT_FOUND));
      if (!receipt) throw notFound(RECEIPT_NOT_FOUND);
      return receipt;
    });

    app.get('/api/stock/low/', async (request) => {
      const page = toPage(readQuery(pageQuery, request));
      const rows = await stock.lowStock();
      return envelope(request, page, rows.length, rows.slice(page.offset, page.offset + page.size));
    });
  },
});
