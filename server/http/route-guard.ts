/**
 * Who may call each route, checked in one place: every module declares each route's audience
 * once, in its RouteDocs (path, audience, request schemas), and this hook puts the matching
 * check first in the route's preHandlers as the route is declared. A staff level admits the
 * roles domain/roles.ts gives it; `signed` admits any signed-in user; `public` and `secret`
 * (a gateway or courier with its own proof) add nothing. Nobody signed in gets 401, a user
 * without the role 403.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, preHandlerHookHandler } from 'fastify';
import { isStaffAccess, mayUse, ROLE_MESSAGES, type StaffAccess } from '../../domain/roles';
import { HttpError } from './errors';
import type { Audience, RouteDocs } from './route-docs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's declared audience (set by the route guard from the module's docs). */
    audience?: Audience;
    /** Declared as a POST that only reads: the audit leaves it out. */
    readOnly?: boolean;
  }
}

const NOBODY = 'Authentication credentials were not provided.';

async function signedIn(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.user) throw new HttpError(401, NOBODY);
}

/** The check for one staff level: made once per level, so every route of a level shares it. */
function staffCheck(access: StaffAccess) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw new HttpError(401, NOBODY);
    if (!mayUse(request.user.role, access)) throw new HttpError(403, ROLE_MESSAGES.forbidden);
  };
}

const CHECKS = new Map<Audience, preHandlerHookHandler>();
function checkFor(audience: Audience): preHandlerHookHandler | null {
  if (audience === 'public' || audience === 'secret') return null;
  let check = CHECKS.get(audience);
  if (!check) {
    check = (audience === 'signed' ? signedIn : staffCheck(audience as StaffAccess)) as preHandlerHookHandler;
    CHECKS.set(audience, check);
  }
  return check;
}

/** The audience a route declares: HEAD follows its GET. */
export function declaredAudience(docs: RouteDocs, method: string, url: string): Audience | undefined {
  return docs[`${method === 'HEAD' ? 'GET' : method} ${url}`]?.audience;
}

/** Whether a declared route is a staff write the audit records (staff only, and not declared read-only). */
export const isAuditedStaffRoute = (route: Pick<RouteOptions, 'config'>) => isStaffAccess(route.config?.audience) && !route.config?.readOnly;

/** Installs the guard for every route declared after it; `docs` are all modules' RouteDocs. */
export function installRouteGuard(app: FastifyInstance, docs: RouteDocs): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const doc = methods.map((m) => docs[`${m === 'HEAD' ? 'GET' : m} ${route.url}`]).find((d) => d !== undefined);
    if (!doc) return;
    const { audience } = doc;
    route.config = { ...route.config, audience, ...(doc.readOnly ? { readOnly: true } : {}) };
    const check = checkFor(audience);
    if (!check) return;
    const existing = route.preHandler;
    route.preHandler = [check, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
  });
}
