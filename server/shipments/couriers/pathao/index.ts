/**
 * Pathao as a plug-in: its client (client.ts), its webhook (webhook.ts), its places and price
 * routes (places-routes.ts), its loopback fake for tests (fake.ts), and its settings. Absent
 * unless the client id and secret, the merchant login and the store id are all set. A booking
 * needs Pathao's city and zone, filled from the order's district and upazila by name.
 */
import { defineCourier } from '../plugin';
import { PATHAO_DEFAULT_BASE_URL, PathaoCourier } from './client';
import { pathaoWebhook } from './webhook';
import { configuredPathao, pathaoPlacesRoutes } from './places-routes';

export const pathao = defineCourier({
  id: 'pathao',
  env: {
    clientId: { env: 'PATHAO_CLIENT_ID', kind: 'secret' },
    clientSecret: { env: 'PATHAO_CLIENT_SECRET', kind: 'secret' },
    username: { env: 'PATHAO_USERNAME', kind: 'secret' },
    password: { env: 'PATHAO_PASSWORD', kind: 'secret' },
    storeId: { env: 'PATHAO_STORE_ID', kind: 'secret' },
    baseUrl: { env: 'PATHAO_BASE_URL', kind: 'url', default: PATHAO_DEFAULT_BASE_URL },
    timeoutMs: { env: 'PATHAO_TIMEOUT_MS', kind: 'ms', default: 30_000 },
    /** What Pathao sends as X-PATHAO-Signature; unset, its webhooks are refused. */
    webhookSecret: { env: 'PATHAO_WEBHOOK_SECRET', kind: 'optional' },
    /** Echoed to Pathao when it checks the webhook URL (optional). */
    webhookIntegrationSecret: { env: 'PATHAO_WEBHOOK_INTEGRATION_SECRET', kind: 'optional' },
  },
  client: (s, opts) => new PathaoCourier({ ...s, toEnglish: opts.toEnglish }),
  webhook: pathaoWebhook,
  async prefill(client, place) {
    const match = await configuredPathao(client).matchPlace(place.district, place.upazila);
    return {
      ...(match.city_id ? { recipient_city: match.city_id } : {}),
      ...(match.zone_id ? { recipient_zone: match.zone_id } : {}),
    };
  },
  routes: pathaoPlacesRoutes,
});
