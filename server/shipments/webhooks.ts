/**
 * The couriers' webhooks, one route per plug-in (its path, its proof: couriers/<id>/webhook.ts).
 * They are sessionless and accepted only with the configured secret, compared in constant time
 * (couriers/webhook-kit.ts); they are only a signal to ask the courier about the parcel they name,
 * read where the plug-in says its body names it.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteAuthConfig } from '../accounts/auth';
import type { RouteDocs } from '../http/route-docs';
import type { CourierPlugin } from './couriers/plugin';
import type { CourierSettingsById } from './couriers';
import type { ShipmentService } from './service';

/** The webhook routes' OpenAPI documentation. */
export function webhookDocs(plugins: readonly CourierPlugin[]): RouteDocs {
  return Object.fromEntries(plugins.map((p) => [`POST ${p.webhook.path}`, { summary: p.webhook.summary, audience: 'secret', body: p.webhook.body, ...(p.webhook.status ? { status: p.webhook.status } : {}) }]));
}

export function registerWebhooks(app: FastifyInstance, plugins: readonly CourierPlugin[], deps: { shipments: Pick<ShipmentService, 'refreshConsignment'>; settings: CourierSettingsById }): void {
  const sessionless = { config: { sessionless: true } satisfies RouteAuthConfig };
  for (const plugin of plugins) {
    const courier = plugin.id;
    app.post(plugin.webhook.path, sessionless, async (request, reply) => {
      if (!plugin.webhook.authorised(request, reply, deps.settings[courier] ?? {})) return reply.code(401).send({ status: 401, message: 'Unauthorized.' });
      let answer: { status: string; message: string };
      try {
        const known = await deps.shipments.refreshConsignment(courier, plugin.webhook.parcel(request.body));
        answer = { status: 'success', message: known ? 'Received.' : 'No such parcel.' };
      } catch (error) {
        request.log.error({ err: error, courier }, 'shipments: webhook could not ask the courier');
        // The courier's status call failed: the poll round asks again later.
        answer = { status: 'success', message: 'Received; the status is read later.' };
      }
      if (plugin.webhook.status) reply.code(plugin.webhook.status);
      return answer;
    });
  }
}
