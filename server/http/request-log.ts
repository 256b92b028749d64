/**
 * The request log: one line per request, written once the answer is sent, with the method, the
 * route pattern, the status, the time and the request id (Fastify's own logging wrote two lines
 * a request, the largest single cost of a small answer). The pattern names the handler without
 * the values in the path; for the pages' catch-all and unmatched paths the path is added, never
 * the query string, with a confirmation link's token masked (whoever reads the log must not be
 * able to confirm an order). The level stays LOG_LEVEL's: the lines are `info`.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { maskCodes } from '../../domain/sms-limits';

/** What other log lines that carry the request (a 500's error line) say of it. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskCodes('', request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A route pattern that says nothing of which page or file was asked for. */
const UNNAMED = new Set(['/*', '*']);

/** The request line's fields: method, route pattern (and path where it names nothing), status, time. */
export function requestLine(request: FastifyRequest, reply: FastifyReply): Record<string, unknown> {
  const route = request.routeOptions.url;
  const line: Record<string, unknown> = { method: request.method, route: route ?? null, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
  if (route === undefined || UNNAMED.has(route)) {
    const query = request.url.indexOf('?');
    line.path = maskCodes('', query < 0 ? request.url : request.url.slice(0, query));
  }
  return line;
}

/**
 * Fastify's request logging with its two lines a request ("incoming request", "request
 * completed") made one, written when the answer is sent; the request id is the logger's `reqId`.
 * Error, stream and not-found lines stay Fastify's.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ ...requestLine(request, reply), err: error }, 'request errored');
    else reply.log.info(requestLine(request, reply), 'request');
  }

  // The one line says it (status 404, the path).
  override routeNotFound(): void {}
}
