import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, pageQuery, readQuery, toPage } from '../http/pagination';
import { normalizePhone } from '../../domain/phone';
import type { RouteDocs } from '../http/route-docs';
import { routeModule } from '../http/route-module';
import type { SmsService } from './service';

const smsQuery = pageQuery
  .extend({
    phone_number: z.string().trim().max(20).optional(),
    status: z.enum(['pending', 'sending', 'sent', 'failed'], { error: 'status must be pending, sending, sent or failed.' }).optional(),
  })
  .strict();

/** These routes' OpenAPI documentation (server/http/openapi.ts). */
const notificationDocs: RouteDocs = {
  'GET /api/sms/': { summary: 'The SMS messages sent', audience: 'support', query: smsQuery },
};

const routes: FastifyPluginAsync<{ sms: SmsService }> = async (app, { sms }) => {
  /** The SMS outbox for admins, newest first: what was sent to whom, and what failed. */
  const list = async (request: FastifyRequest) => {
    const q = readQuery(smsQuery, request);
    const page = toPage(q);
    const phone = q.phone_number ? (normalizePhone(q.phone_number) ?? q.phone_number) : undefined;
    const { count, results } = await sms.list({ phone_number: phone, status: q.status }, page);
    return envelope(request, page, count, results);
  };
  app.get('/api/sms/', list);
};

export const notificationRoutes = routeModule({ docs: notificationDocs, routes });
