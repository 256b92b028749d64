/**
 * The one Fastify instance: the REST API at the paths the first version's clients call,
 * uploaded media, and — when a React Router build is given — the storefront and back-office
 * pages on the same origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { sql } from 'kysely';
import type { ServerBuild } from 'react-router';
import { installErrorHandler } from './http/errors';
import { databaseProbe } from './http/health';
import { compileTrustProxy, installForwardedWarning } from './http/client-address';
import { installInputGuard } from './http/input-guard';
import { installSecurityHeaders, mediaHeaders } from './http/security-headers';
import { mountReactRouter } from './http/react-router';
import { installCompression, serveStoredFiles } from './http/compression';
import { installAuthentication } from './accounts/auth';
import { installMetrics } from './metrics/routes';
import { installAudit } from './audit/capture';
import { installOpenApi } from './http/openapi';
import { ROUTE_MODULES, allRouteDocs } from './route-modules';
import { installRouteGuard } from './http/route-guard';
import type { Services } from './services';
import { OneLineRequestLog, requestForLog } from './http/request-log';

export interface AppOptions {
  services: Services;
  logger?: boolean | { level: string };
  /** The React Router server build and its client folder; without it only the API is served. */
  pages?: { build: ServerBuild; clientDir: string };
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { services } = opts;
  const trust = compileTrustProxy(services.config.trustProxy);
  const app = Fastify({
    // Lines that carry the request mask what must not sit in logs (a confirmation link's token: http/request-log.ts).
    logger: typeof opts.logger === 'object' ? { ...opts.logger, serializers: { req: requestForLog } } : (opts.logger ?? false),
    // One line per request instead of Fastify's two.
    logController: new OneLineRequestLog(),
    // Only a reverse proxy named by TRUST_PROXY may tell us the client's address, host and
    // scheme: the same compiled rule as clientAddress (rate limits depend on it).
    trustProxy: trust,
    // Every route answers with and without its trailing slash (the first version used both).
    // Names in paths (categories, authors) may be 200 characters; the router's default stops at 100.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    // Requests that never finish must not hold a connection for ever.
    requestTimeout: 60_000,
    // Errors Fastify raises before routing (a malformed %-escape in the path…) get our shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply).status(status).send({ status, message: error.message });
    },
  });
  installErrorHandler(app);
  installForwardedWarning(app, trust, services.config.trustProxy);
  installSecurityHeaders(app, services.config);
  installInputGuard(app);
  // Before any route: compression applies to the routes declared after it.
  await installCompression(app);
  await app.register(fastifyCookie);
  installAuthentication(app, services.sessions, { publicUrl: services.config.publicUrl });
  // At the root, before the modules' routes: its hook times every request (GET /metrics, when on).
  installMetrics(app, services);
  // Before the modules' routes (and the audit, which reads what it sets): each route's declared
  // audience becomes its first check as the route is declared.
  installRouteGuard(app, allRouteDocs());
  // Before the modules' routes: it hooks staff writes and sign-ins as each route is declared.
  installAudit(app, services.audit);

  const healthy = databaseProbe(() => sql`select 1`.execute(services.database.db));
  app.get('/healthz', async (_request, reply) => ((await healthy()) ? { status: 'ok' } : reply.status(503).send({ status: 'unavailable' })));

  // One plugin per module; each declares its own paths and guards.
  for (const module of ROUTE_MODULES) await module.mount(app, services);
  // The API's OpenAPI 3.1 document (GET /api/openapi.json) and a page to browse it (GET /api/docs).
  installOpenApi(app);

  const mediaRoot = path.join(services.config.dataDir, 'media');
  fs.mkdirSync(mediaRoot, { recursive: true });
  // Uploaded media (WebP images, PDFs) are sent as they are, never compressed.
  await serveStoredFiles(app, {
    root: mediaRoot,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    setHeaders: (reply, filePath) => mediaHeaders(reply, filePath),
  });

  if (opts.pages) {
    await mountReactRouter(app, { ...opts.pages, services });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ status: 404, message: 'Not found.' }));
  }
  return app;
}
