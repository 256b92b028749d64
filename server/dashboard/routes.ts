/** `GET /api/dashboard/`: the back office's totals, for admins only. */
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../accounts/auth';
import type { Services } from '../services';
import type { RouteDocs } from '../http/route-docs';

/** These routes' OpenAPI documentation (server/http/openapi.ts). */
export const dashboardDocs: RouteDocs = {
  'GET /api/dashboard/': { summary: 'The back office totals', audience: 'admin' },
};

export const dashboardRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/dashboard/', { preHandler: requireAdmin }, async () => services.dashboard.totals());
};
