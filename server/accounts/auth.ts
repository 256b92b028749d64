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

export function installAuthentication(app: FastifyInstance, sessions: SessionStore) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('viaCookie', false);
  app.addHook('onRequest', async (request) => {
    const presented = presentedToken(request);
    if (!presented) return;
    request.user = await sessions.resolve(presented.token);
    if (request.user) {
      request.sessionToken = presented.token;
      request.viaCookie = presented.viaCookie;
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
