/**
 * Checkout, orders staff take, the order lists, one order, its status change or edit and its
 * invoice. Paying an order online (pay again, refunds, review, the gateways' returns) is in
 * server/payments/routes.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { clientAddress } from '../http/client-address';
import { badRequest, notFound } from '../http/errors';
import { TooManyRequests } from '../accounts/rate-limit';
import { envelope, pageQuery, readId, readQuery, toPage } from '../http/pagination';
import type { RouteDocs } from '../http/route-docs';
import { routeModule } from '../http/route-module';
import { XLSX_TYPE, sendDownload } from '../http/downloads';
import { idSchema } from '../../domain/queries';
import { ORDER_STATUSES, cartQuoteSchema, checkoutFieldsSchema } from '../../domain/orders';
import { PAYMENT_STATUSES } from '../../domain/payments';
import { PARCEL_STATES } from '../../domain/shipments';
import { COURIER_IDS, type CourierId } from '../../domain/providers';
import { DESK_MESSAGES, ORDER_CONFIRMATIONS, ORDER_SOURCES, orderDateFilter, orderEditSchema, staffOrderSchema } from '../../domain/order-desk';
import { STATUS_UPDATED, type OrderService } from './service';
import { orderAnswer } from './shapes';
import { orderAnswer as orderSchema, orderChangedAnswer, orderItemPage, orderPage, orderWithMessage, placedAnswer, quoteAnswer } from './answer-schemas';
import { STAFF_ORDER_MESSAGES } from './staff-orders';
import { EDIT_MESSAGES, isEditKey, namesAnEdit } from './edits';
import { WALLET_MESSAGES, recordPaymentSchema } from '../../domain/wallet-payments';

const ORDER_NOT_FOUND = 'Order not found.';

const orderListQuery = pageQuery
  .extend({
    ordering: z.enum(['-id', 'id']).optional(),
    phone_number: z.string().max(30).optional(),
    search: z.string().max(100).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    payment_status: z.enum(PAYMENT_STATUSES, { message: `payment_status must be one of ${PAYMENT_STATUSES.join(', ')}.` }).optional(),
    shipment_status: z.enum(PARCEL_STATES, { message: `shipment_status must be one of ${PARCEL_STATES.join(', ')}.` }).optional(),
    // Orders holding money that must go back (a late payment, a cancelled order that was paid).
    refund_due: z.enum(['true', 'false', '1', '0'], { message: 'refund_due must be true or false.' }).transform((v) => v === 'true' || v === '1').optional(),
    // The order desk's filters (issue 33): what waits for confirmation, where it came from, when, with which courier.
    confirmation: z.enum(ORDER_CONFIRMATIONS, { message: `confirmation must be one of ${ORDER_CONFIRMATIONS.join(', ')}.` }).optional(),
    source: z.enum(ORDER_SOURCES, { message: `source must be one of ${ORDER_SOURCES.join(', ')}.` }).optional(),
    courier: z.enum(COURIER_IDS as [CourierId, ...CourierId[]], { message: `courier must be one of ${COURIER_IDS.join(', ')}.` }).optional(),
    ...orderDateFilter,
  })
  .strict();

const itemListQuery = pageQuery.extend({ order: idSchema.optional() }).strict();
/** The orders export (export.ts) takes the list's filters, without its paging and ordering. */
const orderExportQuery = orderListQuery.omit({ page: true, page_size: true, ordering: true });

/** PUT takes the whole order as the first version sent it, or just `{status}`; only the status is read. */
const statusUpdate = z.object({ status: z.enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}.` }) });
/** Or an edit of a Pending order (edits.ts): `lines` and the fields that differ from the order served. */
const orderPut = orderEditSchema.extend({ status: statusUpdate.shape.status.optional() });

/** These routes' OpenAPI documentation (server/http/openapi.ts). Checkout parses with checkoutSchema(settings), these fields plus the shop's current options. */
const orderDocs: RouteDocs = {
  'POST /checkout/': { summary: 'Place an order (Idempotency-Key header: a retry answers the same order)', audience: 'signed', body: checkoutFieldsSchema, response: placedAnswer, refusals: [409, 429] },
  'POST /api/cart/quote/': { summary: 'Price a cart as checkout would (lines, delivery, coupon)', audience: 'public', body: cartQuoteSchema, response: quoteAnswer, refusals: [429] },
  'GET /api/order/': { summary: 'Orders: your own, or all for an admin', audience: 'signed', query: orderListQuery, response: orderPage, operationId: 'listOrders' },
  'GET /api/order/:id/': { summary: 'One order', audience: 'signed', response: orderSchema },
  'POST /api/order/': { summary: 'Take an order for a customer by phone number (staff; Idempotency-Key header as checkout)', audience: 'support', body: staffOrderSchema, status: 201, response: orderWithMessage, refusals: [429] },
  'PUT /api/order/:id/': { summary: "Change an order's status, or edit a Pending order not yet booked (lines, address, delivery: re-priced)", audience: 'support', body: orderPut, response: orderChangedAnswer.extend({ coupon_dropped: z.unknown().optional() }) },
  'GET /api/order/:id/invoice/': { summary: "An order's invoice", audience: 'staff' },
  'GET /api/orderItem/': { summary: 'Order lines: your own, or all for an admin', audience: 'signed', query: itemListQuery, response: orderItemPage },
  'POST /api/order/:id/payments/': { summary: "Record or verify money received by hand (a wallet claim's TrxID verifies it)", audience: 'accountant', body: recordPaymentSchema, status: 201, response: orderWithMessage },
  'POST /api/order/:id/payments/:pid/reject/': { summary: 'Reject a false wallet claim', audience: 'accountant', response: orderChangedAnswer },
  'GET /api/order/export.csv': { summary: "Orders as CSV, one row per line, with the list's filters (UTF-8 with a BOM)", audience: 'accountant', query: orderExportQuery, produces: 'text/csv' },
  'GET /api/order/export.xlsx': { summary: "Orders as XLSX, one row per line, with the list's filters", audience: 'accountant', query: orderExportQuery, produces: XLSX_TYPE },
};

const routes: FastifyPluginAsync<{ orders: OrderService }> = async (app, { orders }) => {
  // 429 answers say when to come back (RFC 9110 Retry-After).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyRequests) void reply.header('retry-after', String(error.retryAfter));
  });

  app.post('/checkout/', async (request) => {
    const header = request.headers['idempotency-key'];
    return orders.checkout(request.user!, request.body ?? {}, Array.isArray(header) ? header[0] : header, { ip: clientAddress(request) });
  });

  // The cart and checkout pages show what checkout will charge; anyone may ask (a coupon's
  // limit per customer is checked for the signed-in customer). Every distinct code tried counts
  // against the caller's address and account: 429 with Retry-After past the limit.
  app.post('/api/cart/quote/', async (request) => orders.quote(request.user ?? null, request.body ?? {}, { ip: clientAddress(request) }));

  app.get('/api/order/', async (request) => {
    const q = readQuery(orderListQuery, request);
    const page = toPage(q);
    const { count, results } = await orders.listOrders(request.user!, q, page);
    return envelope(request, page, count, results);
  });

  // An order staff take by phone (staff-orders.ts): 201 with the order as staff see it.
  app.post('/api/order/', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const placed = await orders.staffOrders.place(request.user!, request.body ?? {}, Array.isArray(header) ? header[0] : header);
    reply.code(201);
    return orderAnswer(placed.order as object, STAFF_ORDER_MESSAGES.created, { order_id: placed.order_id });
  });

  app.get('/api/order/:id/', async (request) => {
    const order = await orders.getOrder(request.user!, readId(request, ORDER_NOT_FOUND));
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  });

  app.put('/api/order/:id/', async (request) => {
    const body = request.body ?? {};
    // Lines, address fields or delivery_option may ask for an edit; otherwise only the status is read, as always.
    const asks = namesAnEdit(body);
    const { status } = asks ? statusUpdate.partial().parse(body) : statusUpdate.parse(body);
    const id = readId(request, ORDER_NOT_FOUND);
    const served = await orders.getOrder(request.user!, id);
    if (!served) throw notFound(ORDER_NOT_FOUND);
    // What the API served may come back and is ignored; any other key is a mistake to report.
    const unknown = Object.keys(body).filter((key) => key !== 'status' && !isEditKey(key) && !Object.hasOwn(served, key));
    if (unknown.length) throw badRequest('Only the status, the lines, the address or the delivery option of an order can be changed.', Object.fromEntries(unknown.map((key) => [key, ['Unknown field.']])));
    const edit = asks ? await orders.edits.read(body, served) : null;
    if (edit) {
      // The status the order has, sent back with the edit, is a served value like the rest.
      if (status !== undefined && status !== served.status) throw badRequest(DESK_MESSAGES.statusWithEdit, { status: [DESK_MESSAGES.statusWithEdit] });
      const { coupon_dropped } = await orders.edits.apply(request.user!, id, edit);
      return { status: 200, message: EDIT_MESSAGES.edited, order: await orders.getOrder(request.user!, id), ...(coupon_dropped ? { coupon_dropped } : {}) };
    }
    if (status === undefined) throw badRequest(DESK_MESSAGES.noEdit);
    const order = await orders.updateStatus(request.user!, id, status);
    return { status: 200, message: STATUS_UPDATED, order };
  });

  // Money received by hand (wallet-payments.ts): 201 with the order as it now is.
  app.post('/api/order/:id/payments/', async (request, reply) => {
    const id = readId(request, ORDER_NOT_FOUND);
    const body = recordPaymentSchema.parse(request.body ?? {});
    await orders.wallet.record(request.user!, id, body);
    reply.code(201);
    return orderAnswer((await orders.getOrder(request.user!, id))!, WALLET_MESSAGES.recorded);
  });

  app.post('/api/order/:id/payments/:pid/reject/', async (request) => {
    const id = readId(request, ORDER_NOT_FOUND);
    const pid = readId(request, WALLET_MESSAGES.claimNotFound, 'pid');
    await orders.wallet.reject(id, pid);
    return { status: 200, message: WALLET_MESSAGES.rejected, order: await orders.getOrder(request.user!, id) };
  });

  app.get('/api/order/:id/invoice/', async (request) => {
    const invoice = await orders.invoice(readId(request, ORDER_NOT_FOUND));
    if (!invoice) throw notFound(ORDER_NOT_FOUND);
    return invoice;
  });

  // The accountant's export (export.ts): the orders the list shows with these filters, a row a line, streamed.
  for (const format of ['csv', 'xlsx'] as const) {
    app.get(`/api/order/export.${format}`, async (request, reply) => sendDownload(reply, { name: 'orders', format }, orders.export[format](readQuery(orderExportQuery, request))));
  }

  app.get('/api/orderItem/', async (request) => {
    const q = readQuery(itemListQuery, request);
    const page = toPage(q);
    const { count, results } = await orders.pageItems(request.user!, q.order, page);
    return envelope(request, page, count, results);
  });
};

export const orderRoutes = routeModule({ docs: orderDocs, routes });
