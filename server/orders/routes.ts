/** Checkout and order endpoints (spec §7 "Account and checkout", "Users and orders", "Order status"). */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../accounts/auth';
import { notFound } from '../http/errors';
import { envelope, pageQuery, toPage } from '../http/pagination';
import type { Services } from '../services';
import { ORDER_STATUSES } from '../../domain/orders';
import { STATUS_UPDATED } from './service';

const idParam = z.object({ id: z.coerce.number({ message: 'Not found.' }).int().positive() }).strict();

const orderListQuery = pageQuery
  .extend({
    ordering: z.enum(['-id', 'id']).optional(),
    phone_number: z.string().max(30).optional(),
    search: z.string().max(100).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
  })
  .strict();

const itemListQuery = pageQuery.extend({ order: z.coerce.number().int().positive().optional() }).strict();

/** PUT takes the whole order as the first version sent it, or just `{status}`; only the status is read. */
const statusUpdate = z.object({ status: z.enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}.` }) });

function parseId(request: FastifyRequest) {
  const parsed = idParam.safeParse(request.params);
  if (!parsed.success) throw notFound('Order not found.');
  return parsed.data.id;
}

export const orderRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { orders } = services;

  app.post('/checkout/', { preHandler: requireUser }, async (request) => {
    const header = request.headers['idempotency-key'];
    return orders.checkout(request.user!, request.body ?? {}, Array.isArray(header) ? header[0] : header);
  });

  {
    const url = '/api/order/';
    app.get(url, { preHandler: requireUser }, async (request) => {
      const q = orderListQuery.parse(request.query);
      const page = toPage(q);
      const { count, results } = await orders.listOrders(request.user!, q, page);
      return envelope(request, page, count, results);
    });
  }

  {
    const url = '/api/order/:id/';
    app.get(url, { preHandler: requireUser }, async (request) => {
      const order = await orders.getOrder(request.user!, parseId(request));
      if (!order) throw notFound('Order not found.');
      return order;
    });
    app.put(url, { preHandler: requireAdmin }, async (request) => {
      const { status } = statusUpdate.parse(request.body ?? {});
      const order = await orders.updateStatus(request.user!, parseId(request), status);
      return { status: 200, message: STATUS_UPDATED, order };
    });
  }

  {
    const url = '/api/order/:id/invoice/';
    app.get(url, { preHandler: requireAdmin }, async (request) => {
      const invoice = await orders.invoice(parseId(request));
      if (!invoice) throw notFound('Order not found.');
      return invoice;
    });
  }

  {
    const url = '/api/orderItem/';
    app.get(url, { preHandler: requireUser }, async (request) => {
      const q = itemListQuery.parse(request.query);
      const page = toPage(q);
      const { count, results } = await orders.pageItems(request.user!, q.order, page);
      return envelope(request, page, count, results);
    });
  }
};
