/**
 * Who is asking: `request.user` is set from `Authorization: Bearer|Token <access>` or the
 * session cookie. Guards answer 401 to nobody and 403 to a signed-in user without the right.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { SESSION_COOKIE, type AuthUser, type SessionStore } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The presented session token, and whether it came from the cookie (CSRF checks apply). */
    sessionToken: string | null;
    viaCookie: boolean;
  }
}

export function presentedToken(request: FastifyRequest): { token: string; viaCookie: boolean } | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^(Bearer|Token)\s+(\S+)$/i.exec(header.trim());
    if (match?.[2]) return { token: match[2], viaCookie: false };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, viaCookie: true } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (ASVS 5.0 V3.5.1): a request the cookie authenticates may change state only when the
 * browser says it comes from this site — `Origin`, or failing that `Referer`, names the Host.
 * Requests authenticated by an Authorization header can't be forged cross-site and are exempt.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  if (!source || !host || source === 'null') return false;
  const withoutDefaultPort = (h: string) => h.trim().toLowerCase().replace(/:(80|443)$/, '');
  try {
    return withoutDefaultPort(new URL(source).host) === withoutDefaultPort(String(host).split(',')[0]!);
  } catch {
    return false;
  }
}

/** A route's `config`: `sessionless: true` for routes that must not read the session at all. */
export interface RouteAuthConfig {
  sessionless?: boolean;
}

export function installAuthentication(app: FastifyInstance, sessions: SessionStore) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('viaCookie', false);
  app.addHook('onRequest', async (request) => {
    // Routes that act for nobody (a payment gateway's return) ignore any session the browser
    // sends along, so neither the user nor the Origin check applies to them.
    if ((request.routeOptions.config as RouteAuthConfig | undefined)?.sessionless) return;
    const presented = presentedToken(request);
    if (!presented) return;
    request.user = await sessions.resolve(presented.token);
    if (request.user) {
      request.sessionToken = presented.token;
      request.viaCookie = presented.viaCookie;
    }
    if (request.viaCookie && !SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
      throw new HttpError(403, 'This request did not come from this site (Origin check failed). Reload the page and try again.');
    }
  });
}

export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.user) throw new HttpError(401, 'Authentication credentials were not provided.');
}

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.user) throw new HttpError(401, 'Authentication credentials were not provided.');
  if (!request.user.is_admin) throw new HttpError(403, 'You do not have permission to perform this action.');
}
