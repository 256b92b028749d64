/**
 * The back office's guard, enforced for every admin route: this walks routes.ts and calls each
 * admin module's loader and action as a visitor (sent to /login?next=…) and as a customer
 * (403). React Router runs a page's loaders side by side, so the layout's refusal alone would
 * not stop a child loader from reading (and, on a client navigation, sending) its data: every
 * loader and action must refuse by itself, before it touches a service. A new admin page that
 * forgets requireAdminPage fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppLoadContext } from 'react-router';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_MESSAGE } from './guard.server';
import { adminRoutes } from './routes';

const APP_DIR = path.resolve(import.meta.dirname, '../..');
const LAYOUT = 'routes/admin/layout.tsx';

interface Entry {
  file: string;
  /** A URL of the route, its parameters filled in. */
  url: string;
  params: Record<string, string>;
}

function walk(entries: RouteConfigEntry[], prefix = ''): Entry[] {
  return entries.flatMap((e) => {
    const routePath = e.path ? `${prefix}/${e.path}` : prefix;
    const params: Record<string, string> = {};
    const url = routePath.replace(/:(\w+)/g, (_m, name: string) => (params[name] = '1'));
    return [{ file: e.file, url: url || '/admin', params }, ...walk(e.children ?? [], routePath)];
  });
}

const entries = walk(adminRoutes);

/** A context whose services may not be touched: the guard must refuse first. */
function contextFor(user: AppLoadContext['user']): AppLoadContext {
  const services = new Proxy({}, {
    get(_t, name) {
      throw new Error(`services.${String(name)} was used before the admin check refused the request`);
    },
  });
  return { user, services } as AppLoadContext;
}

const CUSTOMER = { id: 2, name: 'C', phone_number: '01812345678', is_admin: false, role: 'customer' as const };

type Handler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

async function refusal(handler: Handler, entry: Entry, user: AppLoadContext['user'], method: string): Promise<unknown> {
  const request = new Request(`http://shop.test${entry.url}?page=2`, { method, ...(method === 'POST' ? { body: new FormData() } : {}) });
  try {
    await handler({ request, params: entry.params, context: contextFor(user) });
  } catch (e) {
    return e;
  }
  throw new Error(`${entry.file} answered a ${user ? 'customer' : 'visitor'} instead of refusing`);
}

describe('every admin route refuses visitors and customers', () => {
  it('holds every admin route inside the guarded layout', () => {
    expect(adminRoutes.map((e) => e.file)).toEqual([LAYOUT]);
    expect(entries.length).toBeGreaterThan(15);
  });

  it('lists every route module under routes/admin in routes.ts', () => {
    const listed = new Set(entries.map((e) => e.file));
    const modules = fs
      .readdirSync(path.join(APP_DIR, 'routes/admin'))
      .filter((f) => /\.tsx?$/.test(f) && !/\.(test|server)\.tsx?$/.test(f) && f !== 'routes.ts')
      .map((f) => `routes/admin/${f}`);
    for (const m of modules) expect(listed, `${m} is not in routes/admin/routes.ts`).toContain(m);
  });

  for (const entry of entries) {
    describe(`${entry.url} (${entry.file})`, () => {
      it('sends a visitor to sign in and a customer to the 403 page, from its loader and action', async () => {
        const mod = (await import(path.join(APP_DIR, entry.file))) as { loader?: Handler; action?: Handler };
        const handlers = (['loader', 'action'] as const).filter((k) => mod[k]);
        expect(handlers.length, `${entry.file} has neither a loader nor an action`).toBeGreaterThan(0);
        for (const kind of handlers) {
          const handler = mod[kind] as Handler;
          const method = kind === 'loader' ? 'GET' : 'POST';
          const visitor = (await refusal(handler, entry, null, method)) as Response;
          expect(visitor, `${kind} of ${entry.file} for a visitor`).toBeInstanceOf(Response);
          expect(visitor.status).toBe(302);
          expect(visitor.headers.get('location')).toBe(`/login?next=${encodeURIComponent(`${entry.url}?page=2`)}`);
          const customer = await refusal(handler, entry, CUSTOMER, method);
          expect(customer, `${kind} of ${entry.file} for a customer`).toMatchObject({ init: { status: 403 }, data: { message: FORBIDDEN_MESSAGE } });
        }
      });
    });
  }
});
