/** The shop's global hooks one by one, for `npm run bench -- --overhead --hooks` (overhead.ts). */
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { loadConfig } from '../../server/config';
import { installSecurityHeaders } from '../../server/http/security-headers';
import { installInputGuard } from '../../server/http/input-guard';
import { installCompression } from '../../server/http/compression';
import { installAuthentication } from '../../server/accounts/auth';
import { installMetrics } from '../../server/metrics/routes';
import type { SessionStore } from '../../server/accounts/sessions';

/** Each global hook of server/app.ts alone, as the shop installs it (before the route). */
export const HOOKS: Record<string, (app: FastifyInstance) => Promise<void> | void> = {
  'security headers': (app) => installSecurityHeaders(app, loadConfig({})),
  'input guard': (app) => installInputGuard(app),
  compression: (app) => installCompression(app),
  'cookies + session lookup': async (app) => {
    await app.register(fastifyCookie);
    // A visitor presents no token, so the store is never asked.
    installAuthentication(app, { resolve: async () => null } as unknown as SessionStore);
  },
  'metrics (METRICS_TOKEN set)': (app) =>
    installMetrics(app, {
      config: { metricsToken: 'bench' },
      database: { poolUse: () => ({ total: 1, idle: 1, waiting: 0 }) },
      orders: { countByPaymentStatus: async () => ({}) },
      payments: { countAttemptsByStatus: async () => ({}) },
      sms: { countByStatus: async () => ({}) },
    } as unknown as Parameters<typeof installMetrics>[1]),
};

