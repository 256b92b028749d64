/**
 * Returns and exchanges (issue 34): staff open, list, decide, receive and exchange returns and
 * record partial deliveries; a customer asks for a return of their own order (JSON, or a
 * multipart form with up to three photos). Staff's writes on an order answer "the order"
 * (`orderAnswer`); writes on a return answer the return.
 */
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { envelope, pageQuery, readId, readQuery, toPage } from '../../http/pagination';
import type { RouteDocs } from '../../http/route-docs';
import { routeModule } from '../../http/route-module';
import { idSchema } from '../../../domain/queries';
import { RETURN_STATES, exchangeSchema, partialDeliverySchema, receiveSchema, returnDecisionSchema, returnRequestSchema, staffReturnSchema } from '../../../domain/returns';
import type { OrderService } from '../service';
import { orderAnswer } from '../shapes';
import { RETURN_ANSWERS } from './service';
import { EXCHANGE_MESSAGES } from './exchange';
import { RETURN_FORM_LIMITS, readReturnRequest } from './photos';
import { orderDateFilter } from '../../../domain/order-desk';

const returnListQuery = pageQuery
  .extend({
    status: z.enum(RETURN_STATES, { message: `status must be one of ${RETURN_STATES.join(', ')}.` }).optional(),
    order: idSchema.optional(),
    ordering: z.enum(['-id', 'id']).optional(),
    /** Received on this Dhaka day. */
    received_on: orderDateFilter.from,
  })
  .strict();

/** The customer's form: the request's fields, and up to three photos (files named `photos`). */
const requestForm = returnRequestSchema.extend({ photos: z.array(z.string()).max(3).optional().describe('Up to 3 photos (JPEG, PNG, WebP or GIF, 2 MB each), as files named photos') });

const returnDocs: RouteDocs = {
  'POST /api/order/:id/returns/': { summary: 'Open an approved return of a Delivered order (the goods are on their way back; stock moves when received)', audience: 'support', body: staffReturnSchema, status: 201 },
  'POST /api/order/:id/return-request/': { summary: 'Ask for a return of your own Delivered order within return_days (JSON, or multipart with up to 3 photos)', audience: 'signed', form: requestForm, status: 201 },
  'POST /api/order/:id/receive-parcel/': { summary: "The order's parcel came back: its approved returns are received (resellable units back in stock once, damaged written off); 409 when none is on its way", audience: 'packer', body: receiveSchema },
  'POST /api/order/:id/partial-delivery/': { summary: 'Record a partial delivery: the order becomes Delivered with what was collected, the rest a return in transit', audience: 'support', body: partialDeliverySchema },
  'GET /api/returns/': { summary: 'Returns, newest first (ordering=id: oldest first), by status and order', audience: 'support', query: returnListQuery },
  'GET /api/returns/:id/': { summary: 'One return', audience: 'support' },
  'POST /api/returns/:id/approve/': { summary: "Approve a customer's return request (the customer gets one SMS)", audience: 'support', body: returnDecisionSchema },
  'POST /api/returns/:id/reject/': { summary: "Reject a customer's return request with a reason (the customer gets one SMS)", audience: 'support', body: returnDecisionSchema },
  'POST /api/returns/:id/receive/': { summary: 'The goods of an approved return arrived: resellable units back in stock once, damaged ones written off', audience: 'packer', body: receiveSchema },
  'POST /api/returns/:id/exchange/': { summary: 'Place a new order in exchange for a return: its credit is a verified exchange payment; difference_due is what is left (negative: owed to the customer)', audience: 'support', body: exchangeSchema, status: 201 },
};

export const returnRoutes = routeModule<{ orders: OrderService }>({
  docs: returnDocs,
  async routes(app, { orders }) {
    // Multipart only here (the customer's photos), with this form's own limits.
    await app.register(fastifyMultipart, { limits: RETURN_FORM_LIMITS });
    const { returns } = orders;
    const orderId = (request: Parameters<typeof readId>[0]) => readId(request, RETURN_ANSWERS.orderNotFound);
    const returnId = (request: Parameters<typeof readId>[0]) => readId(request, RETURN_ANSWERS.notFound);
    const theOrder = async (user: NonNullable<Parameters<OrderService['getOrder']>[0]>, id: number) => {
      const order = await orders.getOrder(user, id);
      if (!order) throw notFound(RETURN_ANSWERS.orderNotFound);
      return order;
    };

    app.post('/api/order/:id/returns/', async (request, reply) => {
      const created = await returns.create(request.user!, orderId(request), request.body ?? {});
      reply.code(201);
      return { ...created, message: RETURN_ANSWERS.created };
    });

    app.post('/api/order/:id/return-request/', async (request, reply) => {
      const id = orderId(request);
      const form = await readReturnRequest(request);
      const requested = await returns.request(request.user!, id, form);
      reply.code(201);
      return { ...requested, message: RETURN_ANSWERS.requested };
    });

    app.post('/api/order/:id/receive-parcel/', async (request) => {
      const id = orderId(request);
      await returns.receiveParcel(request.user!, id, request.body ?? {});
      return orderAnswer(await theOrder(request.user!, id), RETURN_ANSWERS.received);
    });

    app.post('/api/order/:id/partial-delivery/', async (request) => {
      const id = orderId(request);
      await returns.partialDelivery(request.user!, id, request.body ?? {});
      return orderAnswer(await theOrder(request.user!, id), RETURN_ANSWERS.partial);
    });

    app.get('/api/returns/', async (request) => {
      const q = readQuery(returnListQuery, request);
      const page = toPage(q);
      const { count, results } = await returns.list(q, page);
      return envelope(request, page, count, results);
    });

    app.get('/api/returns/:id/', async (request) => {
      const found = await returns.get(returnId(request));
      if (!found) throw notFound(RETURN_ANSWERS.notFound);
      return found;
    });

    for (const [path, approve] of [['approve', true], ['reject', false]] as const) {
      app.post(`/api/returns/:id/${path}/`, async (request) => {
        const decided = await returns.decide(request.user!, returnId(request), approve, request.body ?? {});
        return { ...decided, message: approve ? RETURN_ANSWERS.approved : RETURN_ANSWERS.rejected };
      });
    }

    app.post('/api/returns/:id/receive/', async (request) => {
      const received = await returns.receive(request.user!, returnId(request), request.body ?? {});
      return { ...received, message: RETURN_ANSWERS.received };
    });

    app.post('/api/returns/:id/exchange/', async (request, reply) => {
      const { order_id } = await returns.exchange(request.user!, returnId(request), request.body ?? {});
      reply.code(201);
      return orderAnswer(await theOrder(request.user!, order_id), EXCHANGE_MESSAGES.created, { order_id });
    });
  },
});
