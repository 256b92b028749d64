/**
 * Refuses, at the edge, input no handler should ever see (filled in by the hardening work).
 */
import type { FastifyInstance } from 'fastify';

export function installInputGuard(app: FastifyInstance): void {
  void app;
}
