/**
 * Every module's routes, in the order the app mounts them, each with the services it is handed
 * (and nothing else). app.ts mounts this list; http/openapi.ts documents it.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteDocs } from './http/route-docs';
import { declaredAudience } from './http/route-guard';
import type { RouteModule } from './http/route-module';
import type { Services } from './services';
import { settingsRoutes } from './settings/routes';
import { catalogRoutes } from './catalog/routes';
import { catalogAdminRoutes } from './catalog/admin-routes';
import { accountRoutes } from './accounts/routes';
import { notificationRoutes } from './notifications/routes';
import { orderRoutes } from './orders/routes';
import { confirmRoutes } from './orders/confirm-routes';
import { returnRoutes } from './orders/returns/routes';
import { paymentRoutes } from './payments/routes';
import { shipmentRoutes } from './shipments/routes';
import { payoutRoutes } from './shipments/payout-routes';
import { promotionRoutes } from './promotions/routes';
import { dashboardRoutes } from './dashboard/routes';
import { backInStockRoutes } from './back-in-stock/routes';
import { reviewRoutes } from './reviews/routes';
import { auditRoutes } from './audit/routes';
import { packingRoutes } from './packing/routes';
import { stockRoutes } from './stock/routes';
import { reportRoutes } from './reports/routes';
import { counterRoutes } from './orders/counter/routes';
import { listRoutes } from './lists/routes';

export interface MountedModule {
  docs: RouteDocs;
  mount(app: FastifyInstance, services: Services): PromiseLike<unknown>;
}

/**
 * A module and the services its routes are given, picked from the container. A route the module
 * registers without declaring it in its docs stops the server at start: an undeclared route would
 * have no audience for the route guard to check.
 */
export function mounted<Deps extends object>(m: RouteModule<Deps>, pick: (s: Services) => Deps): MountedModule {
  return {
    docs: m.docs,
    mount: (app, services) =>
      app.register(async (scope) => {
        scope.addHook('onRoute', (route) => {
          const undeclared = [route.method].flat().filter((method) => !declaredAudience(m.docs, method, route.url));
          if (undeclared.length) throw new Error(`${undeclared.join(',')} ${route.url} is not declared in its module's RouteDocs (audience, schemas)`);
        });
        await scope.register(m.routes, pick(services));
      }),
  };
}

export const ROUTE_MODULES: readonly MountedModule[] = [
  mounted(settingsRoutes, (s) => ({ settings: s.settings })),
  mounted(catalogRoutes, (s) => ({ catalog: s.catalog })),
  mounted(catalogAdminRoutes, (s) => ({ catalog: s.catalog })),
  mounted(accountRoutes, (s) => ({ accounts: s.accounts, auth: { publicUrl: s.config.publicUrl } })),
  mounted(notificationRoutes, (s) => ({ sms: s.sms })),
  mounted(orderRoutes, (s) => ({ orders: s.orders })),
  mounted(confirmRoutes, (s) => ({ orders: s.orders })),
  mounted(returnRoutes, (s) => ({ orders: s.orders })),
  mounted(paymentRoutes, (s) => ({ payments: s.payments, orders: s.orders })),
  mounted(shipmentRoutes, (s) => ({ shipments: s.shipments, orders: s.orders.shipments, couriers: s.config.couriers })),
  mounted(payoutRoutes, (s) => ({ shipments: s.shipments })),
  mounted(promotionRoutes, (s) => ({ promotions: s.promotions })),
  mounted(dashboardRoutes, (s) => ({ dashboard: s.dashboard })),
  mounted(backInStockRoutes, (s) => ({ backInStock: s.backInStock })),
  mounted(reviewRoutes, (s) => ({ reviews: s.reviews })),
  mounted(auditRoutes, (s) => ({ audit: s.audit })),
  mounted(packingRoutes, (s) => ({ packing: s.packing })),
  mounted(stockRoutes, (s) => ({ stock: s.stock })),
  mounted(reportRoutes, (s) => ({ reports: s.reports })),
  mounted(listRoutes, (s) => ({ lists: s.lists })),
  mounted(counterRoutes, (s) => ({ counter: s.orders.counter, catalogue: s.catalog.counterItems })),
];

/** Every module's route documentation in one table (the route guard and the OpenAPI document read it). */
export function allRouteDocs(): RouteDocs {
  return Object.assign({}, ...ROUTE_MODULES.map((m) => m.docs)) as RouteDocs;
}
