import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services';

export const catalogRoutes: FastifyPluginAsync<{ services: Services }> = async (_app, _opts) => {};
