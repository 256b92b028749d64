/** `GET /api/dashboard/`: the back office's totals, for admins only. */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteDocs } from '../http/route-docs';
import { routeModule } from '../http/route-module';
import type { DashboardService } from './service';

/** These routes' OpenAPI documentation (server/http/openapi.ts). */
const dashboardDocs: RouteDocs = {
  'GET /api/dashboard/': { summary: 'The back office totals', audience: 'staff' },
};

const routes: FastifyPluginAsync<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get('/api/dashboard/', async () => dashboard.totals());
};

export const dashboardRoutes = routeModule({ docs: dashboardDocs, routes });
