/**
 * Steadfast as a plug-in: its client (client.ts), its webhook (webhook.ts), its loopback fake for
 * tests (fake.ts), and its settings. Absent unless STEADFAST_API_KEY and STEADFAST_SECRET_KEY are set.
 */
import { timeoutFrom } from '../../http';
import { defineCourier } from '../plugin';
import { STEADFAST_DEFAULT_BASE_URL, SteadfastCourier } from './client';
import { steadfastWebhook } from './webhook';

export const steadfast = defineCourier({
  id: 'steadfast',
  env: {
    apiKey: { env: 'STEADFAST_API_KEY' },
    secretKey: { env: 'STEADFAST_SECRET_KEY' },
    baseUrl: { env: 'STEADFAST_BASE_URL', default: STEADFAST_DEFAULT_BASE_URL },
    timeoutMs: { env: 'STEADFAST_TIMEOUT_MS', default: '30000' },
    /** The Bearer token Steadfast sends with its webhooks; unset, they are refused. */
    webhookToken: { env: 'STEADFAST_WEBHOOK_TOKEN' },
  },
  client(s) {
    if (!s.apiKey || !s.secretKey) return null;
    return new SteadfastCourier({ baseUrl: s.baseUrl, apiKey: s.apiKey, secretKey: s.secretKey, timeoutMs: timeoutFrom(s.timeoutMs) });
  },
  webhook: steadfastWebhook,
});
