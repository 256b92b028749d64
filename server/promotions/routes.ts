/** The back office's promotions and coupons (admin only): the run contract's `/api/promotion/` calls. */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { envelope, pageQuery, readId, readQuery, toPage } from '../http/pagination';
import { notFound } from '../http/errors';
import { flagSchema } from '../../domain/queries';
import { PROMOTION_KINDS, promotionPatchSchema, promotionSchema } from '../../domain/promotions';
import type { RouteDocs } from '../http/route-docs';
import { messageAnswer } from '../http/answer-schemas';
import { promotionAnswer, promotionPage } from './answer-schemas';
import { routeModule } from '../http/route-module';
import type { PromotionService } from './service';

const NOT_FOUND = 'Promotion not found.';

const listQuery = pageQuery
  .extend({
    search: z.string().max(100).optional(),
    kind: z.enum(PROMOTION_KINDS).optional(),
    is_active: flagSchema.optional(),
  })
  .strict();

/** These routes' OpenAPI documentation (server/http/openapi.ts), with the schemas the handlers and service parse with. */
const promotionDocs: RouteDocs = {
  'GET /api/promotion/': { summary: 'List promotions and coupons', audience: 'manager', query: listQuery, response: promotionPage },
  'POST /api/promotion/': { summary: 'Create a promotion or coupon', audience: 'manager', body: promotionSchema, status: 201, response: promotionAnswer },
  'GET /api/promotion/:id/': { summary: 'One promotion', audience: 'manager', response: promotionAnswer },
  'PUT /api/promotion/:id/': { summary: 'Change a promotion (the fields sent)', audience: 'manager', body: promotionPatchSchema, response: promotionAnswer },
  'DELETE /api/promotion/:id/': { summary: 'Delete a promotion', audience: 'manager', response: messageAnswer },
};

const routes: FastifyPluginAsync<{ promotions: PromotionService }> = async (app, { promotions }) => {

  app.get('/api/promotion/', async (request) => {
    const q = readQuery(listQuery, request);
    const page = toPage(q);
    const { count, results } = await promotions.list({ search: q.search, kind: q.kind, active: q.is_active }, page);
    return envelope(request, page, count, results);
  });

  app.post('/api/promotion/', async (request, reply) => {
    const promotion = await promotions.create(request.body ?? {});
    return reply.status(201).send(promotion);
  });

  app.get('/api/promotion/:id/', async (request) => {
    const promotion = await promotions.get(readId(request, NOT_FOUND));
    if (!promotion) throw notFound(NOT_FOUND);
    return promotion;
  });

  app.put('/api/promotion/:id/', async (request) => promotions.update(readId(request, NOT_FOUND), request.body ?? {}));

  app.delete('/api/promotion/:id/', async (request) => {
    if (!(await promotions.remove(readId(request, NOT_FOUND)))) throw notFound(NOT_FOUND);
    return { status: 200, message: 'Promotion deleted.' };
  });
};

export const promotionRoutes = routeModule({ docs: promotionDocs, routes });
