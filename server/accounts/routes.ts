import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services';

export const accountRoutes: FastifyPluginAsync<{ services: Services }> = async (_app, _opts) => {};
