import { publicSettings, settingsUpdateSchema } from '../../domain/settings';
import { routeModule } from '../http/route-module';
import type { SettingsService } from './service';
import { settingsAnswer } from './answer-schemas';

export const settingsRoutes = routeModule<{ settings: SettingsService }>({
  docs: {
    'GET /api/settings/': { summary: 'The shop settings (delivery and payment options, contacts)', audience: 'public', response: settingsAnswer },
    'PUT /api/settings/': { summary: 'Change the shop settings (the fields sent)', audience: 'owner', body: settingsUpdateSchema, response: settingsAnswer },
  },
  async routes(app, { settings }) {
    // Staff see every setting; anyone else the public part (STAFF_ONLY_SETTINGS left out).
    app.get('/api/settings/', async (request) => {
      const current = await settings.get();
      return request.user?.is_admin ? current : publicSettings(current);
    });
    app.put('/api/settings/', async (request) => {
      return settings.update(settingsUpdateSchema.parse(request.body ?? {}));
    });
  },
});
