/**
 * The couriers' webhooks, one route per plug-in (its path, its proof: couriers/<id>/webhook.ts).
 * They are sessionless and accepted only with the configured secret, compared in constant time
 * (couriers/webhook-secret.ts); they are only a signal to ask the courier about the parcel they name.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RouteAuthConfig } from '../accounts/auth';
import type { RouteDocs } from '../http/route-docs';
import type { CourierPlugin } from './couriers/plugin';
import type { CourierSettingsById } from './couriers';
import type { ShipmentService } from './service';
import { idSchema } from '../../domain/queries';

/** What any courier's webhook may name: the consignment, or our order (Steadfast `invoice`, Pathao `merchant_order_id`). */
const webhookBody = z
  .object({
    consignment_id: z.union([z.string(), z.number()]).optional().catch(undefined),
    invoice: z.union([z.string(), z.number()]).optional().catch(undefined),
    merchant_order_id: z.union([z.string(), z.number()]).optional().catch(undefined),
  })
  .loose()
  .catch({});

function parcelRef(body: unknown): { consignmentId?: string; orderId?: number } {
  const b = webhookBody.parse(body ?? {});
  const order = idSchema.safeParse(String(b.invoice ?? b.merchant_order_id ?? ''));
  return {
    ...(b.consignment_id !== undefined && String(b.consignment_id) !== '' ? { consignmentId: String(b.consignment_id).slice(0, 100) } : {}),
    ...(order.success ? { orderId: order.data } : {}),
  };
}

/** The webhook routes' OpenAPI documentation. */
export function webhookDocs(plugins: readonly CourierPlugin[]): RouteDocs {
  return Object.fromEntries(plugins.map((p) => [`POST ${p.webhook.path}`, { summary: p.webhook.summary, audience: 'secret', body: webhookBody, ...(p.webhook.status ? { status: p.webhook.status } : {}) }]));
}

export function registerWebhooks(app: FastifyInstance, plugins: readonly CourierPlugin[], deps: { shipments: Pick<ShipmentService, 'refreshConsignment'>; settings: CourierSettingsById }): void {
  const sessionless = { config: { sessionless: true } satisfies RouteAuthConfig };
  for (const plugin of plugins) {
    const courier = plugin.id;
    app.post(plugin.webhook.path, sessionless, async (request, reply) => {
      if (!plugin.webhook.authorised(request, reply, deps.settings[courier] ?? {})) return reply.code(401).send({ status: 401, message: 'Unauthorized.' });
      let answer: { status: string; message: string };
      try {
        const known = await deps.shipments.refreshConsignment(courier, parcelRef(request.body));
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
