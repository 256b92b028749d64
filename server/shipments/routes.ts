/**
 * Shipments. The back office books a parcel (`POST /api/order/{id}/shipment/`) or many
 * (`POST /api/shipments/`), lists the couriers (`GET /api/couriers/`, `?check=1` asks each one)
 * and fills a booking's courier fields from the order (`GET /api/order/{id}/shipment/prefill/`).
 * Each courier plug-in (couriers/<id>/) adds its webhook (webhooks.ts) and any routes of its own
 * (Pathao's places and price). Anyone tracks an order with its number and phone
 * (`GET /api/track/`), rate-limited.
 */
import { z } from 'zod';
import { clientAddress } from '../http/client-address';
import { readId, readQuery } from '../http/pagination';
import { HttpError } from '../http/errors';
import { routeModule } from '../http/route-module';
import { trackAnswer } from './answer-schemas';
import type { OrderShipments } from '../orders/service';
import { COURIER_PLUGINS, courierPlugin, type CourierSettingsById } from './couriers';
import { askCourier } from './ask-courier';
import { registerWebhooks, webhookDocs } from './webhooks';
import type { ShipmentService } from './service';
import { bookShipmentSchema, bulkShipmentSchema, courierQuery, trackQuery } from '../../domain/shipments';

const ORDER_NOT_FOUND = 'Order not found.';

const checkQuery = z.object({ check: z.string().optional() });

export const shipmentRoutes = routeModule<{ shipments: ShipmentService; orders: Pick<OrderShipments, 'get'>; couriers: CourierSettingsById }>({
  docs: {
    ...webhookDocs(COURIER_PLUGINS),
    'POST /api/order/:id/shipment/': { summary: 'Book a parcel with a courier for an order', audience: 'packer', body: bookShipmentSchema },
    'POST /api/shipments/': { summary: 'Book parcels for several orders', audience: 'packer', body: bulkShipmentSchema },
    'GET /api/couriers/': { summary: 'The configured couriers (check=1: ask each if it answers)', audience: 'staff', query: checkQuery },
    ...Object.fromEntries(COURIER_PLUGINS.flatMap((p) => Object.entries(p.routes?.docs ?? {}))),
    'GET /api/order/:id/shipment/prefill/': { summary: "A parcel booking's fields, filled from the order", audience: 'packer', query: courierQuery },
    'GET /api/track/': { summary: 'Track an order by its number and phone', audience: 'public', query: trackQuery, response: trackAnswer, refusals: [429] },
  },
  async routes(app, { shipments, orders, couriers }) {
    registerWebhooks(app, COURIER_PLUGINS, { shipments, settings: couriers });
    for (const plugin of COURIER_PLUGINS) plugin.routes?.register(app, () => shipments.courier(plugin.id));

    app.post('/api/order/:id/shipment/', async (request) => {
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

    app.post('/api/shipments/', async (request) => {
      const body = bulkShipmentSchema.parse(request.body ?? {});
      return { results: await shipments.bookMany(request.user!, body.courier, body.orders) };
    });

    app.get('/api/couriers/', async (request) => {
      const { check } = readQuery(checkQuery, request);
      return shipments.couriers(check === '1' || check === 'true');
    });

    // Only a courier that needs its own fields (Pathao's city and zone) fills any.
    app.get('/api/order/:id/shipment/prefill/', async (request) => {
      const id = readId(request, ORDER_NOT_FOUND);
      const { courier } = readQuery(courierQuery, request);
      const prefill = courier ? courierPlugin(courier).prefill : undefined;
      if (!courier || !prefill) return {};
      const order = await orders.get(id);
      if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
      return askCourier(() => prefill(shipments.courier(courier), { district: order.district, upazila: order.upazila_thana }));
    });

    app.get('/api/track/', async (request) => {
      const q = readQuery(trackQuery, request);
      return shipments.track({ order: q.order, phone: q.phone, ip: clientAddress(request) });
    });
  },
});
