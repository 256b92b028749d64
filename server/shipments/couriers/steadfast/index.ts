/**
 * Steadfast as a plug-in: its client (client.ts), its webhook (webhook.ts), its loopback fake for
 * tests (fake.ts), and its settings. Absent unless STEADFAST_API_KEY and STEADFAST_SECRET_KEY are set.
 */
import { defineCourier } from '../plugin';
import { STEADFAST_DEFAULT_BASE_URL, SteadfastCourier } from './client';
import { steadfastWebhook } from './webhook';

export const steadfast = defineCourier({
  id: 'steadfast',
  env: {
    apiKey: { env: 'STEADFAST_API_KEY', kind: 'secret' },
    secretKey: { env: 'STEADFAST_SECRET_KEY', kind: 'secret' },
    baseUrl: { env: 'STEADFAST_BASE_URL', kind: 'url', default: STEADFAST_DEFAULT_BASE_URL },
    timeoutMs: { env: 'STEADFAST_TIMEOUT_MS', kind: 'ms', default: 30_000 },
    /** The Bearer token Steadfast sends with its webhooks; unset, they are refused. */
    webhookToken: { env: 'STEADFAST_WEBHOOK_TOKEN', kind: 'optional' },
  },
  client: (s) => new SteadfastCourier(s),
  webhook: steadfastWebhook,
});
