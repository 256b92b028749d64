/** `GET /api/dashboard/`: the back office's totals, for admins only. */
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../accounts/auth';
import type { Services } from '../services';

export const dashboardRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/dashboard/', { preHandler: requireAdmin }, async () => services.dashboard.totals());
};
