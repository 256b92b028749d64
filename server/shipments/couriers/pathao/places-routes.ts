/**
 * Pathao's places and price for the back office's booking form: `/api/couriers/pathao/cities/`,
 * `zones/?city=`, `areas/?zone=` and `price/` (what Pathao charges for a parcel of `weight` kg to
 * a city and zone, its price plan). A courier's failure is a 502 with its words.
 */
import { z } from 'zod';
import { readQuery } from '../../../http/pagination';
import { badRequest } from '../../../http/errors';
import { askCourier } from '../../ask-courier';
import type { Courier } from '../../courier';
import type { CourierRoutes } from '../plugin';
import { PathaoCourier } from './client';
import { idSchema } from '../../../../domain/queries';

const priceQuery = z.object({ city: idSchema, zone: idSchema, weight: z.coerce.number().positive().max(50).default(0.5) });
const cityQuery = z.object({ city: idSchema });
const zoneQuery = z.object({ zone: idSchema });

/** The Pathao client, or a 400 when Pathao is not configured. */
export function configuredPathao(courier: Courier | undefined): PathaoCourier {
  if (!(courier instanceof PathaoCourier)) throw badRequest('Pathao is not configured.');
  return courier;
}

export const pathaoPlacesRoutes: CourierRoutes = {
  docs: {
    'GET /api/couriers/pathao/cities/': { summary: "Pathao's cities", audience: 'staff' },
    'GET /api/couriers/pathao/zones/': { summary: "Pathao's zones of a city", audience: 'staff', query: cityQuery },
    'GET /api/couriers/pathao/areas/': { summary: "Pathao's areas of a zone", audience: 'staff', query: zoneQuery },
    'GET /api/couriers/pathao/price/': { summary: "Pathao's delivery price", audience: 'staff', query: priceQuery },
  },
  register(app, client) {
    const pathao = () => configuredPathao(client());
    app.get('/api/couriers/pathao/cities/', async () => askCourier(() => pathao().cities()));
    app.get('/api/couriers/pathao/zones/', async (request) => askCourier(() => pathao().zones(readQuery(cityQuery, request).city)));
    app.get('/api/couriers/pathao/areas/', async (request) => askCourier(() => pathao().areas(readQuery(zoneQuery, request).zone)));
    app.get('/api/couriers/pathao/price/', async (request) => {
      const q = readQuery(priceQuery, request);
      return askCourier(() => pathao().price({ itemWeight: q.weight, cityId: q.city, zoneId: q.zone }));
    });
  },
};
