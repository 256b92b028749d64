/**
 * Capturing what to audit, in one place: staff writes (POST/PUT/PATCH/DELETE routes declared for
 * a staff level; http/route-guard.ts) and the account calls that sign in, fail to, sign out and reset a password.
 * Only those routes get hooks (attached when each route is declared), so every other request
 * pays nothing; an audited route asked by a non-admin pays one check.
 *
 * The row is written after the answer has gone, for 2xx only, in its own small insert — not in
 * the service's transaction, which a generic hook cannot join. A failure to write it is logged
 * and never turns the admin's success into a failure.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAuditedStaffRoute } from '../http/route-guard';
import { clientAddress } from '../http/client-address';
import { clean, createdObject, diff, resourceOf, type Changes } from './changes';
import type { AuditService } from './service';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ACCOUNT_PATHS = new Set(['/login/', '/logout/', '/reset-password/']);

interface Capture {
  before?: unknown;
  /** The answer's body, kept for a create's id and fields (and the signed-in user's id). */
  payload?: string;
}
const captures = new WeakMap<FastifyRequest, Capture>();

/** A route's hooks of one kind with `hook` after them (ours are all async and take what they use). */
function appended<H>(existing: H | H[] | undefined, hook: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>): H[] {
  return [...(Array.isArray(existing) ? existing : existing ? [existing] : []), hook as H];
}

/** The URL of `pattern` with this request's parameters. */
function fill(pattern: string, request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** What a route addresses: `product:12` for `/api/product/:id/`, `category:Fiction` for `/category/:name/`, `settings`. */
function targetOf(pattern: string, request: FastifyRequest): string {
  const param = /:(\w+)/.exec(pattern)?.[1];
  if (!param) return resourceOf(pattern);
  return `${resourceOf(pattern)}:${String((request.params as Record<string, unknown> | undefined)?.[param] ?? '')}`;
}

function parse(payload: string | undefined): unknown {
  if (!payload) return null;
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

export function installAudit(app: FastifyInstance, audit: AuditService): void {
  const readable = new Set<string>();

  /**
   * The GET that shows the resource a write addresses: the same path (`PUT /api/product/:id/`),
   * or for an action on one resource its parent (`POST /api/order/:id/refund/` → the order). A
   * create (a POST without a parameter) has none: `GET` of its path is a list.
   */
  function twinOf(method: string, pattern: string): string | null {
    const addressesOne = pattern.includes(':');
    if (readable.has(pattern) && (addressesOne || method !== 'POST')) return pattern;
    if (method === 'POST' && addressesOne) {
      const parent = pattern.replace(/[^/]+\/?$/, '');
      if (parent.includes(':') && readable.has(parent)) return parent;
    }
    return null;
  }

  /** The resource as this admin sees it now, or null. */
  async function read(request: FastifyRequest, url: string): Promise<unknown> {
    const headers: Record<string, string> = {};
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    if (request.headers.cookie) headers.cookie = request.headers.cookie;
    try {
      const res = await app.inject({ method: 'GET', url, headers });
      return res.statusCode === 200 ? parse(res.body) : null;
    } catch (error) {
      // The record loses its "before"; the admin's write goes on.
      request.log.error({ err: error }, 'audit: could not read %s', url);
      return null;
    }
  }

  const keepPayload = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 300 && typeof payload === 'string') {
      const capture = captures.get(request) ?? {};
      capture.payload = payload;
      captures.set(request, capture);
    }
    return payload;
  };

  // Rows still being written when the server stops are finished before the database closes.
  app.addHook('onClose', async () => audit.idle());

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.includes('GET')) readable.add(route.url);
    const method = methods.find((m) => WRITES.has(m));
    if (!method) return;
    const pattern = route.url;

    if (ACCOUNT_PATHS.has(pattern) && method === 'POST') {
      route.onSend = appended(route.onSend, keepPayload);
      route.onResponse = appended(route.onResponse, (async (request: FastifyRequest, reply: FastifyReply) => {
        const entry = accountEntry(pattern, request, reply.statusCode, captures.get(request)?.payload);
        if (entry) audit.later(() => audit.append(entry));
      }));
      return;
    }
    if (!isAuditedStaffRoute(route)) return;

    // After the route guard: only staff allowed this route get this far.
    route.preHandler = appended(route.preHandler, (async (request: FastifyRequest) => {
      const twin = twinOf(method, pattern);
      captures.set(request, { before: twin ? await read(request, fill(twin, request)) : undefined });
    }));
    route.onSend = appended(route.onSend, keepPayload);
    route.onResponse = appended(route.onResponse, (async (request: FastifyRequest, reply: FastifyReply) => {
      const capture = captures.get(request);
      if (!capture || !request.user?.is_admin || reply.statusCode < 200 || reply.statusCode >= 300) return;
      const userId = request.user.id;
      const role = request.user.role;
      const address = clientAddress(request);
      audit.later(async () => {
        const twin = twinOf(method, pattern);
        let target: string | null = null;
        let changes: Changes;
        if (twin) {
          target = targetOf(twin, request);
          const after = method === 'DELETE' ? null : await read(request, fill(twin, request));
          changes = diff(capture.before, after);
        } else {
          const created = createdObject(parse(capture.payload));
          if (created) target = `${created.key ?? resourceOf(pattern)}:${String(created.object.id)}`;
          else if (pattern.includes(':')) target = targetOf(pattern, request);
          // A create: its fields as "after"; any other write without a readable twin: what was
          // sent (with its query: `?dry_run=1` says nothing changed).
          const body = request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
          changes = diff(null, created ? created.object : clean({ ...(request.query as Record<string, unknown>), ...body }));
        }
        await audit.append({ userId, role, action: `${method} ${pattern}`, target, changes, address });
      });
    }));
  });
}

/** The row for a sign-in, failed sign-in, sign-out or password reset; the password is never read. */
function accountEntry(pattern: string, request: FastifyRequest, status: number, payload: string | undefined) {
  const address = clientAddress(request);
  const body = (request.body ?? {}) as Record<string, unknown>;
  const phone = typeof body.phone_number === 'string' ? `phone:${body.phone_number.slice(0, 20)}` : null;
  if (pattern === '/login/') {
    if (status === 200) {
      const user = (parse(payload) as { user?: { id?: unknown } } | null)?.user;
      const userId = typeof user?.id === 'number' ? user.id : null;
      return { userId, action: 'sign_in', target: userId === null ? phone : `user:${userId}`, changes: {} as Changes, address };
    }
    // Wrong password, unknown number, too many tries: all worth seeing; a malformed call (400) too.
    if (status >= 400 && status < 500) return { userId: null, action: 'sign_in_failed', target: phone, changes: { status: [null, status] } as Changes, address };
    return null;
  }
  if (status !== 200) return null;
  if (pattern === '/logout/') return request.user ? { userId: request.user.id, action: 'sign_out', target: `user:${request.user.id}`, changes: {}, address } : null;
  return { userId: null, action: 'password_reset', target: phone, changes: {}, address };
}
