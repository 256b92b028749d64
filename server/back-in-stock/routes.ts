/**
 * Back-in-stock requests over HTTP: a shopper asks on a sold-out product's page
 * (`POST /api/product/{id}/notify/`), admins see what is waited for most (`GET /api/restock/`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { TooManyRequests } from '../accounts/rate-limit';
import { clientAddress } from '../http/client-address';
import { envelope, pageQuery, readId, readQuery, toPage } from '../http/pagination';
import { BACK_IN_STOCK_MESSAGES, backInStockRequestSchema } from '../../domain/back-in-stock';
import type { RouteDocs } from '../http/route-docs';
import { routeModule } from '../http/route-module';
import type { BackInStockService } from './service';

const listQuery = pageQuery.strict();

/** These routes' OpenAPI documentation (server/http/openapi.ts). */
const backInStockDocs: RouteDocs = {
  'POST /api/product/:id/notify/': { summary: 'Ask to be told when an out-of-stock product is back (a visitor gives a phone number)', audience: 'public', body: backInStockRequestSchema, refusals: [429] },
  'GET /api/restock/': { summary: 'Back-in-stock requests by product', audience: 'support', query: listQuery },
};

const routes: FastifyPluginAsync<{ backInStock: BackInStockService }> = async (app, { backInStock }) => {
  // 429 answers say when to come back (RFC 9110 Retry-After).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyRequests) void reply.header('retry-after', String(error.retryAfter));
  });

  app.post('/api/product/:id/notify/', async (request, reply) => {
    const id = readId(request, BACK_IN_STOCK_MESSAGES.notFound);
    const input = backInStockRequestSchema.parse(request.body ?? {});
    const answer = await backInStock.ask(id, input, { user: request.user, ip: clientAddress(request) });
    return reply.status(answer.status).send(answer);
  });

  app.get('/api/restock/', async (request) => {
    const page = toPage(readQuery(listQuery, request));
    const { count, results } = await backInStock.waitingList(page);
    return envelope(request, page, count, results);
  });
};

export const backInStockRoutes = routeModule({ docs: backInStockDocs, routes });
