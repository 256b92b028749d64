/**
 * Every module's routes, in the order the app mounts them, each with the services it is handed
 * (and nothing else). app.ts mounts this list; http/openapi.ts documents it.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteDocs } from './http/route-docs';
import type { RouteModule } from './http/route-module';
import type { Services } from './services';
import { settingsRoutes } from './settings/routes';
import { catalogRoutes, catalogDocs } from './catalog/routes';
import { catalogAdminRoutes, catalogAdminDocs } from './catalog/admin-routes';
import { accountRoutes, accountDocs } from './accounts/routes';
import { notificationRoutes, notificationDocs } from './notifications/routes';
import { orderRoutes, orderDocs } from './orders/routes';
import { paymentRoutes, paymentDocs } from './payments/routes';
import { shipmentRoutes, shipmentDocs } from './shipments/routes';
import { promotionRoutes, promotionDocs } from './promotions/routes';
import { dashboardRoutes, dashboardDocs } from './dashboard/routes';
import { restockRoutes, restockDocs } from './restock/routes';
import { reviewRoutes, reviewDocs } from './reviews/routes';
import { auditRoutes, auditDocs } from './audit/routes';

export interface MountedModule {
  docs: RouteDocs;
  mount(app: FastifyInstance, services: Services): PromiseLike<unknown>;
}

/** A module and the services its routes are given, picked from the container. */
function mounted<Deps extends object>(m: RouteModule<Deps>, pick: (s: Services) => Deps): MountedModule {
  return { docs: m.docs, mount: (app, services) => app.register(m.routes, pick(services)) };
}

/** A module not yet declared with routeModule: its plugin still takes the whole container. TODO(issue 31): none left. */
function legacy(routes: (app: FastifyInstance, opts: { services: Services }) => Promise<void>, docs: RouteDocs): MountedModule {
  return { docs, mount: (app, services) => app.register(routes, { services }) };
}

export const ROUTE_MODULES: readonly MountedModule[] = [
  mounted(settingsRoutes, (s) => ({ settings: s.settings })),
  legacy(catalogRoutes, catalogDocs),
  legacy(catalogAdminRoutes, catalogAdminDocs),
  legacy(accountRoutes, accountDocs),
  legacy(notificationRoutes, notificationDocs),
  legacy(orderRoutes, orderDocs),
  legacy(paymentRoutes, paymentDocs),
  legacy(shipmentRoutes, shipmentDocs),
  legacy(promotionRoutes, promotionDocs),
  legacy(dashboardRoutes, dashboardDocs),
  legacy(restockRoutes, restockDocs),
  legacy(reviewRoutes, reviewDocs),
  legacy(auditRoutes, auditDocs),
];
