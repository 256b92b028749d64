/**
 * Paying orders online. The gateways' returns: bKash sends the browser back to
 * `GET /payment/bkash/callback`; SSLCommerz posts the browser (form-encoded) to
 * `/payment/sslcommerz/{success,fail,cancel}` and its own server to `/payment/sslcommerz/ipn`.
 * They act for nobody, so they are `sessionless`: a session cookie the browser sends along (it
 * does when the gateway is on the same site as the shop) is ignored, and with it the Origin
 * check. None is believed: the service asks the gateway. Browsers are redirected (303) to
 * `/order?order=<id>&payment=<paid|failed|cancelled|pending|review>`.
 *
 * The API: the customer pays again (`POST /api/order/{id}/pay/`); an admin refunds
 * (`POST /api/order/{id}/refund/`) and reviews a risky payment (`POST /api/order/{id}/payment-review/`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireAdmin, requireUser, type RouteAuthConfig } from '../accounts/auth';
import { readId, readQuery } from '../http/pagination';
import type { Services } from '../services';
import type { RouteDocs } from '../http/route-docs';
import { paymentReviewSchema, refundSchema } from '../../domain/payments';

const ORDER_NOT_FOUND = 'Order not found.';

/** What bKash appends to the callback URL; anything unreadable is simply not a known payment. */
const text = (max: number) => z.string().max(max).optional().catch(undefined);
const bkashCallbackQuery = z.object({ paymentID: text(200), status: text(40) }).loose();

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

/** These routes' OpenAPI documentation (server/http/openapi.ts). The gateways' returns are judged by the gateway's own proof, not a session. */
export const paymentDocs: RouteDocs = {
  'GET /payment/bkash/callback': { summary: "bKash's return after a payment (redirects to the order)", audience: 'secret', query: bkashCallbackQuery, status: 303, produces: 'text/plain' },
  'POST /payment/sslcommerz/success': { summary: "SSLCommerz's return after a payment (form post; redirects)", audience: 'secret', status: 303, produces: 'text/plain' },
  'POST /payment/sslcommerz/fail': { summary: "SSLCommerz's return after a failed payment (form post; redirects)", audience: 'secret', status: 303, produces: 'text/plain' },
  'POST /payment/sslcommerz/cancel': { summary: "SSLCommerz's return after a cancelled payment (form post; redirects)", audience: 'secret', status: 303, produces: 'text/plain' },
  'POST /payment/sslcommerz/ipn': { summary: "SSLCommerz's instant payment notification (form post)", audience: 'secret' },
  'POST /api/order/:id/pay/': { summary: 'Start paying an unpaid order again (a gateway URL)', audience: 'signed' },
  'POST /api/order/:id/refund/': { summary: 'Refund an order, in full or in part: through its gateway, or recorded by hand (method, transaction_id) when not paid online', audience: 'admin', body: refundSchema },
  'POST /api/order/:id/payment-review/': { summary: 'Accept or reject a payment held for review', audience: 'admin', body: paymentReviewSchema },
};

export const paymentRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { payments } = services;

  // The gateways' returns, with a form body parser of their own (the rest of the API takes JSON).
  await app.register(async (returns) => {
    returns.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const sessionless = { config: { sessionless: true } satisfies RouteAuthConfig };

    returns.get('/payment/bkash/callback', sessionless, async (request, reply) => {
      const q = readQuery(bkashCallbackQuery, request);
      const result = await payments.bkashCallback(q.paymentID ?? '', q.status ?? '', { paymentID: q.paymentID ?? null, status: q.status ?? null });
      return reply.redirect(payments.returnUrl(result), 303);
    });

    for (const kind of ['success', 'fail', 'cancel'] as const) {
      returns.post(`/payment/sslcommerz/${kind}`, sessionless, async (request, reply) => {
        const result = await payments.sslcommerzReturn(kind, postedFields(request.body));
        return reply.redirect(payments.returnUrl(result), 303);
      });
    }

    returns.post('/payment/sslcommerz/ipn', sessionless, async (request) => {
      const result = await payments.sslcommerzReturn('ipn', postedFields(request.body));
      return { status: 200, message: 'IPN received.', payment: result.outcome };
    });
  });

  app.post('/api/order/:id/pay/', { preHandler: requireUser }, async (request) => {
    return payments.payAgain(request.user!, readId(request, ORDER_NOT_FOUND));
  });

  app.post('/api/order/:id/refund/', { preHandler: requireAdmin }, async (request) => {
    const id = readId(request, ORDER_NOT_FOUND);
    const body = refundSchema.parse(request.body ?? {});
    const refund = await payments.refund(request.user!, id, { amount: body.amount, reason: body.reason, method: body.method, transaction_id: body.transaction_id });
    return { status: 200, message: 'টাকা ফেরত দেওয়া হয়েছে। (Refunded.)', refund, order: await services.orders.getOrder(request.user!, id) };
  });

  app.post('/api/order/:id/payment-review/', { preHandler: requireAdmin }, async (request) => {
    const id = readId(request, ORDER_NOT_FOUND);
    const { accept } = paymentReviewSchema.parse(request.body ?? {});
    const order = await payments.review(request.user!, id, accept);
    return { status: 200, message: accept ? 'পেমেন্ট গ্রহণ করা হয়েছে। (Payment accepted.)' : 'পেমেন্ট বাতিল করে টাকা ফেরত দেওয়া হয়েছে। (Payment rejected and refunded.)', order };
  });
};
