import type { FastifyPluginAsync } from 'fastify';
import { settingsUpdateSchema } from '../../domain/settings';
import { requireAdmin } from '../accounts/auth';
import type { Services } from '../services';

export const settingsRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get('/api/settings/', async () => services.settings.get());
  app.put('/api/settings/', { preHandler: requireAdmin }, async (request) => {
    return services.settings.update(settingsUpdateSchema.parse(request.body ?? {}));
  });
};
