/**
 * A module's HTTP face, declared once: its routes (a Fastify plugin given only the services it
 * calls, never the whole container) and their OpenAPI documentation. server/route-modules.ts
 * lists every module with the services it is handed; app.ts mounts that list and
 * http/openapi.ts documents it, so the two can never disagree about which routes exist.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteDocs } from './route-docs';

export interface RouteModule<Deps extends object> {
  /** These routes' OpenAPI documentation, keyed "METHOD /path/" exactly as each route is declared. */
  docs: RouteDocs;
  /** Registers the routes; `deps` holds just the services they call. */
  routes: FastifyPluginAsync<Deps>;
}

/** Declares a module's routes; the type parameter names the services they may use. */
export function routeModule<Deps extends object>(m: RouteModule<Deps>): RouteModule<Deps> {
  return m;
}
