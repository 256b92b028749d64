/**
 * SSLCommerz as a plug-in (gateways/plugin.ts): its settings, its client (client.ts) and its
 * returns (returns.ts judges them): the browser's form posts to
 * `/payment/sslcommerz/{success,fail,cancel}` and its server's IPN to `/payment/sslcommerz/ipn`.
 *
 *   SSLCOMMERZ_BASE_URL (default: the sandbox), SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD,
 *   SSLCOMMERZ_TIMEOUT_MS (default 30000).
 */
import { SESSIONLESS, gatewayPlugin } from '../plugin';
import { SSLCOMMERZ_SANDBOX_URL, SslcommerzGateway } from './client';
import { sslcommerzReturn } from './returns';

const BASE = '/payment/sslcommerz';
const BROWSER_RETURNS = ['success', 'fail', 'cancel'] as const;

/** SSLCommerz posts flat string fields; only these are read, the rest is kept as posted. */
function postedFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>)
      .filter(([, v]) => typeof v === 'string')
      .slice(0, 80)
      .map(([k, v]) => [k.slice(0, 100), (v as string).slice(0, 2000)]),
  );
}

export const sslcommerzPlugin = gatewayPlugin({
  id: 'sslcommerz',
  settings: {
    baseUrl: { env: 'SSLCOMMERZ_BASE_URL', kind: 'url', default: SSLCOMMERZ_SANDBOX_URL },
    storeId: { env: 'SSLCOMMERZ_STORE_ID', kind: 'secret' },
    storePassword: { env: 'SSLCOMMERZ_STORE_PASSWORD', kind: 'secret' },
    timeoutMs: { env: 'SSLCOMMERZ_TIMEOUT_MS', kind: 'ms', default: 30_000 },
  },
  connect: (settings) => new SslcommerzGateway(settings),
  returnUrls: (publicUrl) => ({ success: `${publicUrl}${BASE}/success`, fail: `${publicUrl}${BASE}/fail`, cancel: `${publicUrl}${BASE}/cancel`, ipn: `${publicUrl}${BASE}/ipn` }),
  docs: {
    [`POST ${BASE}/success`]: { summary: "SSLCommerz's return after a payment (form post; redirects)", audience: 'secret', status: 303, produces: 'text/plain' },
    [`POST ${BASE}/fail`]: { summary: "SSLCommerz's return after a failed payment (form post; redirects)", audience: 'secret', status: 303, produces: 'text/plain' },
    [`POST ${BASE}/cancel`]: { summary: "SSLCommerz's return after a cancelled payment (form post; redirects)", audience: 'secret', status: 303, produces: 'text/plain' },
    [`POST ${BASE}/ipn`]: { summary: "SSLCommerz's instant payment notification (form post)", audience: 'secret' },
  },
  routes(app, returns) {
    for (const kind of BROWSER_RETURNS) {
      app.post(`${BASE}/${kind}`, SESSIONLESS, async (request, reply) => {
        const result = await returns.handle((ctx) => sslcommerzReturn(ctx, kind, postedFields(request.body)));
        return reply.redirect(returns.returnUrl(result), 303);
      });
    }
    app.post(`${BASE}/ipn`, SESSIONLESS, async (request) => {
      const result = await returns.handle((ctx) => sslcommerzReturn(ctx, 'ipn', postedFields(request.body)));
      return { status: 200, message: 'IPN received.', payment: result.outcome };
    });
  },
});
