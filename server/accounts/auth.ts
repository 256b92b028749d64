/**
 * Who is asking: `request.user` is set from `Authorization: Bearer|Token <access>` or the
 * session cookie. Who may call which route is checked by http/route-guard.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, type AuthUser, type SessionStore } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The presented session token, and whether it came from the cookie (CSRF checks apply). */
    sessionToken: string | null;
    viaCookie: boolean;
  }
}

/** What the checks need to know of the deployment: the shop's public origin (PUBLIC_URL). */
export interface AuthOptions {
  publicUrl?: string;
}

/**
 * Whether the shop is served over https: PUBLIC_URL says so, or the request came over TLS
 * (directly, or by the X-Forwarded-Proto of a trusted proxy — fastify's trustProxy rule).
 */
export function servedOverHttps(request: FastifyRequest, opts: AuthOptions = {}): boolean {
  return opts.publicUrl?.startsWith('https:') === true || request.protocol === 'https';
}

/** The session cookie's name: `__Host-` over https, so no subdomain or plain-http page can plant or overwrite it. */
export function sessionCookieName(request: FastifyRequest, opts: AuthOptions = {}): string {
  return servedOverHttps(request, opts) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function presentedToken(request: FastifyRequest, opts: AuthOptions = {}): { token: string; viaCookie: boolean } | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^(Bearer|Token)\s+(\S+)$/i.exec(header.trim());
    if (match?.[2]) return { token: match[2], viaCookie: false };
  }
  // Browsers accept a __Host- cookie only when it is Secure and host-only, so it is always
  // believed; the plain name only while the shop is not on https.
  const cookie = request.cookies?.[SECURE_SESSION_COOKIE] ?? (servedOverHttps(request, opts) ? undefined : request.cookies?.[SESSION_COOKIE]);
  return cookie ? { token: cookie, viaCookie: true } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (ASVS 5.0 V3.5.1): a request the cookie authenticates may change state only when the
 * browser says it comes from this site — `Origin`, or failing that `Referer`, names the shop's
 * public origin (PUBLIC_URL) or the host the request was sent to. That host is `Host`, or
 * `X-Forwarded-Host` only when the connection comes from a trusted proxy (fastify's
 * `request.host` under TRUST_PROXY): any client could send the header to match its own Origin.
 * Requests authenticated by an Authorization header can't be forged cross-site and are exempt.
 */
export function isSameOrigin(request: FastifyRequest, opts: AuthOptions = {}): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source || source === 'null') return false;
  let origin: URL;
  try {
    origin = new URL(source);
  } catch {
    return false;
  }
  if (opts.publicUrl && origin.origin === new URL(opts.publicUrl).origin) return true;
  const host = request.host;
  if (!host) return false;
  const withoutDefaultPort = (h: string) => h.trim().toLowerCase().replace(/:(80|443)$/, '');
  return withoutDefaultPort(origin.host) === withoutDefaultPort(host);
}

/** A route's `config`: `sessionless: true` for routes that must not read the session at all. */
export interface RouteAuthConfig {
  sessionless?: boolean;
}

export function installAuthentication(app: FastifyInstance, sessions: SessionStore, opts: AuthOptions = {}) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('viaCookie', false);
  async function authenticate(request: FastifyRequest, presented: { token: string; viaCookie: boolean }): Promise<void> {
    request.user = await sessions.resolve(presented.token);
    if (request.user) {
      request.sessionToken = presented.token;
      request.viaCookie = presented.viaCookie;
    }
    if (request.viaCookie && !SAFE_METHODS.has(request.method) && !isSameOrigin(request, opts)) {
      throw new HttpError(403, 'This request did not come from this site (Origin check failed). Reload the page and try again.');
    }
  }
  // A callback, not an async hook: most requests (a visitor's, a static file's) carry no session
  // and leave at once, without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    // Routes that act for nobody (a payment gateway's return) ignore any session the browser
    // sends along, so neither the user nor the Origin check applies to them.
    if ((request.routeOptions.config as RouteAuthConfig | undefined)?.sessionless) return done();
    const presented = presentedToken(request, opts);
    if (!presented) return done();
    authenticate(request, presented).then(() => done(), done);
  });
}
