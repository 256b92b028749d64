import type { FastifyPluginAsync } from 'fastify';
import { publicSettings, settingsUpdateSchema } from '../../domain/settings';
import { requireAdmin } from '../accounts/auth';
import type { Services } from '../services';
import type { RouteDocs } from '../http/route-docs';

/** These routes' OpenAPI documentation (server/http/openapi.ts). */
export const settingsDocs: RouteDocs = {
  'GET /api/settings/': { summary: 'The shop settings (delivery and payment options, contacts)', audience: 'public' },
  'PUT /api/settings/': { summary: 'Change the shop settings (the fields sent)', audience: 'admin', body: settingsUpdateSchema },
};

export const settingsRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  // Staff see every setting; anyone else the public part (STAFF_ONLY_SETTINGS left out).
  app.get('/api/settings/', async (request) => {
    const settings = await services.settings.get();
    return request.user?.is_admin ? settings : publicSettings(settings);
  });
  app.put('/api/settings/', { preHandler: requireAdmin }, async (request) => {
    return services.settings.update(settingsUpdateSchema.parse(request.body ?? {}));
  });
};
