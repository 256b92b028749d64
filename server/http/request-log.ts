/**
 * What the request log line says of a request: Fastify's own fields, with the one-time
 * confirmation link's token masked (whoever reads the log must not be able to confirm an order).
 */
import type { FastifyRequest } from 'fastify';
import { maskCodes } from '../../domain/sms-limits';

export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskCodes('', request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
