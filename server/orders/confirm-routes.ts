/**
 * Staff confirm an order before it is booked (issue 33): `POST /api/order/{id}/confirm/`. The
 * buyer's own link (`/c/{token}`) is a page (app/routes/store/confirm.tsx) on the same service.
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../http/errors';
import { readId } from '../http/pagination';
import type { RouteDocs } from '../http/route-docs';
import { routeModule } from '../http/route-module';
import { DESK_MESSAGES, confirmOrderSchema } from '../../domain/order-desk';
import type { OrderService } from './service';
import { orderAnswer } from './shapes';

const ORDER_NOT_FOUND = 'Order not found.';

const confirmDocs: RouteDocs = {
  'POST /api/order/:id/confirm/': {
    summary: 'Confirm a Pending order (a call, or staff): it may then be booked. Confirmed already: 200 unchanged; not Pending: 409',
    audience: 'support',
    body: confirmOrderSchema,
  },
};

const routes: FastifyPluginAsync<{ orders: OrderService }> = async (app, { orders }) => {
  app.post('/api/order/:id/confirm/', async (request) => {
    const id = readId(request, ORDER_NOT_FOUND);
    const body = confirmOrderSchema.parse(request.body ?? {});
    await orders.confirmation.confirm(request.user!, id, body);
    const order = await orders.getOrder(request.user!, id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return orderAnswer(order, DESK_MESSAGES.confirmed);
  });
};

export const confirmRoutes = routeModule({ docs: confirmDocs, routes });
