/**
 * Shipments. The back office books a parcel (`POST /api/order/{id}/shipment/`) or many
 * (`POST /api/shipments/`), lists the couriers (`GET /api/couriers/`, `?check=1` asks each one)
 * and Pathao's places and price (`/api/couriers/pathao/{cities,zones,areas,price}/`, and the order's matched
 * city and zone: `GET /api/order/{id}/shipment/prefill/`). The couriers' webhooks
 * (`POST /webhooks/steadfast`, `POST /webhooks/pathao`) are sessionless and accepted only with
 * the configured secret, compared in constant time; they are only a signal to ask the courier.
 * Anyone tracks an order with its number and phone (`GET /api/track/`), rate-limited.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAdmin, type RouteAuthConfig } from '../accounts/auth';
import { clientAddress } from '../http/client-address';
import { readId, readQuery } from '../http/pagination';
import { HttpError, badRequest } from '../http/errors';
import type { Services } from '../services';
import type { RouteDocs } from '../http/route-docs';
import { PathaoCourier } from './pathao';
import { CourierError } from './courier';
import { bookShipmentSchema, bulkShipmentSchema, courierQuery, trackQuery, type CourierId } from '../../domain/shipments';
import { idSchema } from '../../domain/queries';

const ORDER_NOT_FOUND = 'Order not found.';

/** Constant-time equality of a presented secret with the configured one; never equal when unset. */
export function sameSecret(presented: string | undefined, expected: string | undefined): boolean {
  if (!expected || presented === undefined) return false;
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  // Compared at equal length, so the time does not tell how much matched.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
}

const webhookBody = z
  .object({
    consignment_id: z.union([z.string(), z.number()]).optional().catch(undefined),
    invoice: z.union([z.string(), z.number()]).optional().catch(undefined),
    merchant_order_id: z.union([z.string(), z.number()]).optional().catch(undefined),
  })
  .loose()
  .catch({});

function parcelRef(body: unknown): { consignmentId?: string; orderId?: number } {
  const b = webhookBody.parse(body ?? {});
  const order = idSchema.safeParse(String(b.invoice ?? b.merchant_order_id ?? ''));
  return {
    ...(b.consignment_id !== undefined && String(b.consignment_id) !== '' ? { consignmentId: String(b.consignment_id).slice(0, 100) } : {}),
    ...(order.success ? { orderId: order.data } : {}),
  };
}

/** A courier's failure (an error answer, a timeout) as a 502 with its words, not a 500. */
async function askCourier<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CourierError) throw new HttpError(502, error.message);
    throw error;
  }
}

const priceQuery = z.object({ city: idSchema, zone: idSchema, weight: z.coerce.number().positive().max(50).default(0.5) });
const cityQuery = z.object({ city: idSchema });
const zoneQuery = z.object({ zone: idSchema });
const checkQuery = z.object({ check: z.string().optional() });

/** These routes' OpenAPI documentation (server/http/openapi.ts). */
export const shipmentDocs: RouteDocs = {
  'POST /webhooks/steadfast': { summary: "Steadfast's parcel status webhook (Bearer: the webhook token)", audience: 'secret', body: webhookBody },
  'POST /webhooks/pathao': { summary: "Pathao's parcel status webhook (X-Pathao-Signature)", audience: 'secret', body: webhookBody, status: 202 },
  'POST /api/order/:id/shipment/': { summary: 'Book a parcel with a courier for an order', audience: 'admin', body: bookShipmentSchema },
  'POST /api/shipments/': { summary: 'Book parcels for several orders', audience: 'admin', body: bulkShipmentSchema },
  'GET /api/couriers/': { summary: 'The configured couriers (check=1: ask each if it answers)', audience: 'admin', query: checkQuery },
  'GET /api/couriers/pathao/cities/': { summary: "Pathao's cities", audience: 'admin' },
  'GET /api/couriers/pathao/zones/': { summary: "Pathao's zones of a city", audience: 'admin', query: cityQuery },
  'GET /api/couriers/pathao/areas/': { summary: "Pathao's areas of a zone", audience: 'admin', query: zoneQuery },
  'GET /api/couriers/pathao/price/': { summary: "Pathao's delivery price", audience: 'admin', query: priceQuery },
  'GET /api/order/:id/shipment/prefill/': { summary: "A parcel booking's fields, filled from the order", audience: 'admin', query: courierQuery },
  'GET /api/track/': { summary: 'Track an order by its number and phone', audience: 'public', query: trackQuery },
};

export const shipmentRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { shipments, config } = services;
  const sessionless = { config: { sessionless: true } satisfies RouteAuthConfig };

  function pathao(): PathaoCourier {
    const courier = shipments.courier('pathao');
    if (!(courier instanceof PathaoCourier)) throw badRequest('Pathao is not configured.');
    return courier;
  }

  async function webhook(courier: CourierId, request: FastifyRequest, reply: FastifyReply, authorised: boolean) {
    if (!authorised) return reply.code(401).send({ status: 401, message: 'Unauthorized.' });
    const ref = parcelRef(request.body);
    try {
      const known = await shipments.refreshConsignment(courier, ref);
      return { status: 'success', message: known ? 'Received.' : 'No such parcel.' };
    } catch (error) {
      request.log.error({ err: error, courier }, 'shipments: webhook could not ask the courier');
      // The courier's status call failed: the poll round asks again later.
      return { status: 'success', message: 'Received; the status is read later.' };
    }
  }

  app.post('/webhooks/steadfast', sessionless, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : undefined;
    return webhook('steadfast', request, reply, sameSecret(token, config.steadfastWebhookToken));
  });

  app.post('/webhooks/pathao', sessionless, async (request, reply) => {
    const signature = request.headers['x-pathao-signature'];
    const ok = sameSecret(typeof signature === 'string' ? signature : undefined, config.pathaoWebhookSecret);
    // Pathao's integration check expects this header back (the value its merchant panel shows).
    if (ok && config.pathaoWebhookIntegrationSecret) reply.header('X-Pathao-Merchant-Webhook-Integration-Secret', config.pathaoWebhookIntegrationSecret);
    const answer = await webhook('pathao', request, reply, ok);
    if (ok) reply.code(202);
    return answer;
  });

  app.post('/api/order/:id/shipment/', { preHandler: requireAdmin }, async (request) => {
    const id = readId(request, ORDER_NOT_FOUND);
    const body = bookShipmentSchema.parse(request.body ?? {});
    const order = await shipments.book(request.user!, id, body);
    return {
      status: 200,
      message: 'পার্সেল বুক হয়েছে। (Parcel booked.)',
      courier: order.courier,
      consignment_id: order.consignment_id,
      tracking_code: order.tracking_code,
      shipment_status: order.shipment_status,
      cod_amount: order.cod_amount,
      order,
    };
  });

  app.post('/api/shipments/', { preHandler: requireAdmin }, async (request) => {
    const body = bulkShipmentSchema.parse(request.body ?? {});
    return { results: await shipments.bookMany(request.user!, body.courier, body.orders) };
  });

  app.get('/api/couriers/', { preHandler: requireAdmin }, async (request) => {
    const { check } = readQuery(checkQuery, request);
    return shipments.couriers(check === '1' || check === 'true');
  });

  app.get('/api/couriers/pathao/cities/', { preHandler: requireAdmin }, async () => askCourier(() => pathao().cities()));
  app.get('/api/couriers/pathao/zones/', { preHandler: requireAdmin }, async (request) => askCourier(() => pathao().zones(readQuery(cityQuery, request).city)));
  app.get('/api/couriers/pathao/areas/', { preHandler: requireAdmin }, async (request) => askCourier(() => pathao().areas(readQuery(zoneQuery, request).zone)));
  /** What Pathao will charge for a parcel of `weight` kg to a city and zone (its price plan). */
  app.get('/api/couriers/pathao/price/', { preHandler: requireAdmin }, async (request) => {
    const q = readQuery(priceQuery, request);
    return askCourier(() => pathao().price({ itemWeight: q.weight, cityId: q.city, zoneId: q.zone }));
  });

  app.get('/api/order/:id/shipment/prefill/', { preHandler: requireAdmin }, async (request) => {
    const id = readId(request, ORDER_NOT_FOUND);
    const { courier } = readQuery(courierQuery, request);
    if (courier !== 'pathao') return {};
    const order = await services.orders.shipments.get(id);
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
    const match = await askCourier(() => pathao().matchPlace(order.district, order.upazila_thana));
    return {
      ...(match.city_id ? { recipient_city: match.city_id } : {}),
      ...(match.zone_id ? { recipient_zone: match.zone_id } : {}),
    };
  });

  app.get('/api/track/', async (request) => {
    const q = readQuery(trackQuery, request);
    return shipments.track({ order: q.order, phone: q.phone, ip: clientAddress(request) });
  });
};
