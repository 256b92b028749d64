/**
 * GET /metrics for Prometheus, off unless METRICS_TOKEN is set (then 404, like any unknown path)
 * and answered only to `Authorization: Bearer <METRICS_TOKEN>`. With it on, every answered
 * request is timed by its route pattern.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { createMetrics, type MetricsSources } from './metrics';
import type { RouteDocs } from '../http/route-docs';

/** Constant-time: both sides are hashed to the same length first, so neither length nor content leaks. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** Client files (the build's /assets/…, /icons/…, /favicon.svg) are one route each: counted together. API paths never end in an extension. */
const isClientFile = (url: string) => url.startsWith('/assets/') || /^\/[^:*]+\.\w+$/.test(url);

/**
 * The route label: Fastify's route pattern, never the raw URL (its ids and queries would make
 * unbounded series). Pages, all served by React Router under `/*`, are `page`; client files
 * `static`; a request no route took `unmatched`.
 */
export function routeLabel(url: string | undefined): string {
  if (url === undefined) return 'unmatched';
  if (url === '/*') return 'page';
  return isClientFile(url) ? 'static' : url;
}

/** These routes' OpenAPI documentation (server/http/openapi.ts). */
export const metricsDocs: RouteDocs = {
  'GET /metrics': { summary: 'Prometheus metrics (Bearer: the metrics token; 404 when off)', audience: 'secret', produces: 'text/plain' },
};

export function installMetrics(app: FastifyInstance, services: MetricsSources & { config: Pick<Config, 'metricsToken'> }) {
  const token = services.config.metricsToken;
  const metrics = token ? createMetrics(services) : undefined;

  if (metrics) {
    // Patterns are few and fixed: each is labelled once, then a request costs one lookup and one observe.
    const labels = new Map<string | undefined, string>();
    app.addHook('onResponse', (request, reply, done) => {
      const url = request.routeOptions.url;
      let route = labels.get(url);
      if (route === undefined) labels.set(url, (route = routeLabel(url)));
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  // Sessionless: the Authorization header holds the metrics token, not a session's.
  app.get('/metrics', { config: { sessionless: true } }, async (request, reply) => {
    if (!metrics || !token) return reply.status(404).send({ status: 404, message: 'Not found.' });
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
    if (!match?.[1] || !sameToken(match[1], token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ status: 401, message: 'মেট্রিকসের টোকেন মেলেনি (The metrics token is missing or wrong).' });
    }
    const text = await metrics.scrape();
    // Asked with an Authorization header, the answer is already `private, no-store` (security-headers.ts).
    return reply.header('content-type', metrics.contentType).send(text);
  });
}
