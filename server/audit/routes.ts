/** The audit log over HTTP: `GET /api/audit/` (owner), newest first, with filters. */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { envelope, pageQuery, readQuery, toPage } from '../http/pagination';
import type { RouteDocs } from '../http/route-docs';
import { routeModule } from '../http/route-module';
import type { AuditService } from './service';

const moment = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a date (YYYY-MM-DD) or an ISO 8601 time.');

const listQuery = pageQuery
  .extend({
    user: z.coerce.number({ error: 'user must be a user id.' }).int().positive('user must be a user id.').optional(),
    action: z.string().trim().max(200).optional(),
    target: z.string().trim().max(200).optional(),
    from: moment.optional(),
    to: moment.optional(),
    search: z.string().trim().max(200).optional(),
  })
  .strict();

/** These routes' OpenAPI documentation (server/http/openapi.ts). */
const auditDocs: RouteDocs = {
  'GET /api/audit/': { summary: 'The audit log of admin changes and sign-ins', audience: 'owner', query: listQuery },
};

const routes: FastifyPluginAsync<{ audit: AuditService }> = async (app, { audit }) => {
  app.get('/api/audit/', async (request) => {
    const q = readQuery(listQuery, request);
    const page = toPage(q);
    const { count, results } = await audit.list({ user: q.user, action: q.action, target: q.target, search: q.search, from: q.from, to: q.to }, page);
    return envelope(request, page, count, results);
  });
};

export const auditRoutes = routeModule({ docs: auditDocs, routes });
