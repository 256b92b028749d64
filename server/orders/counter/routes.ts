/**
 * The counter's calls (issue 36), all for the counter's sellers (level `counter`: packer+ and
 * support): the catalogue's counter fields with a version the screen asks again with (304 when
 * unchanged), a sale, its receipt page, and the day's report.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { readId, readQuery } from '../../http/pagination';
import type { RouteDocs } from '../../http/route-docs';
import { routeModule } from '../../http/route-module';
import { cspNonce } from '../../http/security-headers';
import { COUNTER_MESSAGES, counterSaleSchema } from '../../../domain/counter';
import { isCalendarDay } from '../../../domain/order-desk';
import type { Counter } from './service';
import type { CounterCatalogue } from '../../catalog/counter-items';
import { receiptPage } from './receipt';

const reportQuery = z.object({ day: z.string({ error: COUNTER_MESSAGES.day }).regex(/^\d{4}-\d{2}-\d{2}$/, COUNTER_MESSAGES.day).refine(isCalendarDay, COUNTER_MESSAGES.day) }).strict();
const receiptQuery = z.object({ print: z.enum(['0', '1']).optional() }).strict();

const docs: RouteDocs = {
  'GET /api/pos/catalogue/': { summary: "The counter's copy of the catalogue: every active product's id, titles, ISBN key, price and stock as rows; ETag (If-None-Match: 304)", audience: 'counter' },
  'POST /api/pos/sales/': { summary: 'A counter sale: Delivered and paid, stock taken; the same client_ref answers the same sale; sold_at for a sale made offline', audience: 'counter', body: counterSaleSchema, status: 201 },
  'GET /api/pos/sales/:id/receipt': { summary: "A counter sale's receipt, for an 80 mm printer (?print=1 opens the print dialog)", audience: 'counter', query: receiptQuery, produces: 'text/html' },
  'GET /api/pos/report/': { summary: "The day's counter sales: count, total, cash expected, by method, by seller, short sales, sales with a staff note to check", audience: 'counter', query: reportQuery },
};

interface CounterRouteDeps {
  counter: Counter;
  catalogue: { version(): Promise<string>; list(): Promise<CounterCatalogue> };
}

const etagOf = (version: string) => `"pos-${version}"`;

const routes: FastifyPluginAsync<CounterRouteDeps> = async (app, { counter, catalogue }) => {
  app.get('/api/pos/catalogue/', async (request, reply) => {
    // The screen sends the version it holds: unchanged counters answer 304 without reading a product.
    if (request.headers['if-none-match'] === etagOf(await catalogue.version())) return reply.code(304).send();
    const list = await catalogue.list();
    return reply.header('etag', etagOf(list.version)).send(list);
  });

  app.post('/api/pos/sales/', async (request, reply) => {
    const sale = await counter.sell(request.user!, request.body ?? {});
    const order = sale.order;
    reply.code(201);
    return { ...order, order, replayed: sale.replayed, message: order.stock_short ? COUNTER_MESSAGES.soldShort : order.staff_note ? COUNTER_MESSAGES.soldChecked : COUNTER_MESSAGES.sold };
  });

  app.get('/api/pos/sales/:id/receipt', async (request, reply) => {
    const id = readId(request, COUNTER_MESSAGES.notFound);
    const q = readQuery(receiptQuery, request);
    const data = await counter.receipt(id);
    if (!data) throw notFound(COUNTER_MESSAGES.notFound);
    return reply.type('text/html; charset=utf-8').send(receiptPage(data, { nonce: cspNonce(request), print: q.print === '1' }));
  });

  app.get('/api/pos/report/', async (request) => counter.report(readQuery(reportQuery, request).day));
};

export const counterRoutes = routeModule({ docs, routes });
