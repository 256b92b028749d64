/**
 * Paying orders online. The gateways' returns are each gateway's own routes
 * (gateways/<id>/index.ts), registered here for every plug-in of gateways/index.ts with a form
 * body parser of their own (the rest of the API takes JSON). They act for nobody, so they are
 * sessionless, and none is believed: the service asks the gateway. Browsers are redirected (303)
 * to `/order?order=<id>&payment=<paid|failed|cancelled|pending|review>`.
 *
 * The API: the customer pays again (`POST /api/order/{id}/pay/`); an admin refunds
 * (`POST /api/order/{id}/refund/`) and reviews a risky payment (`POST /api/order/{id}/payment-review/`).
 */
import { readId } from '../http/pagination';
import { routeModule } from '../http/route-module';
import type { OrderService } from '../orders/service';
import type { PaymentService } from './service';
import { GATEWAY_PLUGINS } from './gateways';
import { paymentReviewSchema, refundSchema } from '../../domain/payments';

const ORDER_NOT_FOUND = 'Order not found.';

export const paymentRoutes = routeModule<{ payments: PaymentService; orders: Pick<OrderService, 'getOrder'> }>({
  // The gateways' returns are judged by the gateway's own proof, not a session.
  docs: {
    ...Object.assign({}, ...GATEWAY_PLUGINS.map((plugin) => plugin.docs)),
    'POST /api/order/:id/pay/': { summary: 'Start paying an unpaid order again (a gateway URL)', audience: 'signed' },
    'POST /api/order/:id/refund/': { summary: 'Refund an order, in full or in part: through its gateway, or recorded by hand (method, transaction_id) when not paid online; `return` names the return it is for', audience: 'accountant', body: refundSchema },
    'POST /api/order/:id/payment-review/': { summary: 'Accept or reject a payment held for review', audience: 'accountant', body: paymentReviewSchema },
  },
  async routes(app, { payments, orders }) {
    await app.register(async (returns) => {
      returns.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      for (const plugin of GATEWAY_PLUGINS) {
        plugin.routes(returns, { handle: (run) => payments.handleReturn(plugin.id, run), returnUrl: payments.returnUrl });
      }
    });

    app.post('/api/order/:id/pay/', async (request) => {
      return payments.payAgain(request.user!, readId(request, ORDER_NOT_FOUND));
    });

    app.post('/api/order/:id/refund/', async (request) => {
      const id = readId(request, ORDER_NOT_FOUND);
      const body = refundSchema.parse(request.body ?? {});
      const refund = await payments.refund(request.user!, id, { amount: body.amount, reason: body.reason, method: body.method, transaction_id: body.transaction_id, return: body.return });
      return { status: 200, message: 'টাকা ফেরত দেওয়া হয়েছে। (Refunded.)', refund, order: await orders.getOrder(request.user!, id) };
    });

    app.post('/api/order/:id/payment-review/', async (request) => {
      const id = readId(request, ORDER_NOT_FOUND);
      const { accept } = paymentReviewSchema.parse(request.body ?? {});
      const order = await payments.review(request.user!, id, accept);
      return { status: 200, message: accept ? 'পেমেন্ট গ্রহণ করা হয়েছে। (Payment accepted.)' : 'পেমেন্ট বাতিল করে টাকা ফেরত দেওয়া হয়েছে। (Payment rejected and refunded.)', order };
    });
  },
});
