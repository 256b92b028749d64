/**
 * bKash Tokenized Checkout as a plug-in (gateways/plugin.ts): its settings, its client
 * (client.ts) and its return route, `GET /payment/bkash/callback` (returns.ts judges it).
 *
 *   BKASH_BASE_URL (default: the sandbox), BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME,
 *   BKASH_PASSWORD, BKASH_TIMEOUT_MS (default 30000).
 */
import { z } from 'zod';
import { readQuery } from '../../../http/pagination';
import { SESSIONLESS, gatewayPlugin } from '../plugin';
import { BKASH_SANDBOX_URL, BkashGateway } from './client';
import { bkashCallback } from './returns';

const CALLBACK = '/payment/bkash/callback';

/** What bKash appends to the callback URL; anything unreadable is simply not a known payment. */
const text = (max: number) => z.string().max(max).optional().catch(undefined);
const callbackQuery = z.object({ paymentID: text(200), status: text(40) }).loose();

export const bkashPlugin = gatewayPlugin({
  id: 'bkash_online',
  settings: {
    baseUrl: { env: 'BKASH_BASE_URL', kind: 'url', default: BKASH_SANDBOX_URL },
    appKey: { env: 'BKASH_APP_KEY', kind: 'secret' },
    appSecret: { env: 'BKASH_APP_SECRET', kind: 'secret' },
    username: { env: 'BKASH_USERNAME', kind: 'secret' },
    password: { env: 'BKASH_PASSWORD', kind: 'secret' },
    timeoutMs: { env: 'BKASH_TIMEOUT_MS', kind: 'ms', default: 30_000 },
  },
  connect: (settings) => new BkashGateway(settings),
  returnUrls: (publicUrl) => ({ callback: `${publicUrl}${CALLBACK}` }),
  docs: {
    [`GET ${CALLBACK}`]: { summary: "bKash's return after a payment (redirects to the order)", audience: 'secret', query: callbackQuery, status: 303, produces: 'text/plain' },
  },
  routes(app, returns) {
    app.get(CALLBACK, SESSIONLESS, async (request, reply) => {
      const q = readQuery(callbackQuery, request);
      const result = await returns.handle((ctx) => bkashCallback(ctx, q.paymentID ?? '', q.status ?? '', { paymentID: q.paymentID ?? null, status: q.status ?? null }));
      return reply.redirect(returns.returnUrl(result), 303);
    });
  },
});
