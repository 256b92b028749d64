/**
 * Security headers on every answer (filled in by the hardening work).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  void app;
  void config;
}
