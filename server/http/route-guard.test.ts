/**
 * The route guard on a small app of its own: a declared level admits its roles and refuses the
 * rest (403) and nobody (401); `signed` admits any signed-in user; `public` adds nothing; HEAD
 * follows GET; and a module that registers a route its docs do not declare stops at start.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from './errors';
import { installRouteGuard } from './route-guard';
import type { RouteDocs } from './route-docs';
import { routeModule } from './route-module';
import { mounted } from '../route-modules';
import type { AuthUser } from '../accounts/sessions';
import type { Services } from '../services';

const DOCS: RouteDocs = {
  'GET /books/': { summary: 'public', audience: 'public' },
  'GET /mine/': { summary: 'signed', audience: 'signed' },
  'POST /prices/': { summary: 'manager+', audience: 'manager' },
  'GET /labels/': { summary: 'packer+', audience: 'packer' },
};

let app: FastifyInstance;
afterEach(() => app?.close());

async function guarded(): Promise<FastifyInstance> {
  app = Fastify();
  installErrorHandler(app);
  app.decorateRequest('user', null);
  // The test's "session": the role named in a header.
  app.addHook('onRequest', async (request) => {
    const role = request.headers['x-role'];
    request.user = typeof role === 'string' ? ({ id: 1, name: 'T', phone_number: '01711000000', is_admin: role !== 'customer', role } as AuthUser) : null;
  });
  installRouteGuard(app, DOCS);
  for (const key of Object.keys(DOCS)) {
    const [method, url] = key.split(' ') as ['GET' | 'POST', string];
    app.route({ method, url, handler: async () => ({ ok: true }) });
  }
  return app;
}

const ask = (method: 'GET' | 'POST' | 'HEAD', url: string, role?: string) => app.inject({ method, url, headers: role ? { 'x-role': role } : {} });

describe('the route guard', () => {
  it('admits the roles of a level, refuses the others 403 and nobody 401', async () => {
    await guarded();
    expect((await ask('POST', '/prices/')).statusCode).toBe(401);
    for (const role of ['customer', 'support', 'packer', 'accountant']) expect((await ask('POST', '/prices/', role)).statusCode, role).toBe(403);
    for (const role of ['manager', 'owner']) expect((await ask('POST', '/prices/', role)).statusCode, role).toBe(200);
    expect((await ask('HEAD', '/labels/', 'accountant')).statusCode).toBe(403);
    expect((await ask('HEAD', '/labels/', 'packer')).statusCode).toBe(200);
  });

  it('signed admits any signed-in user; public asks nothing', async () => {
    await guarded();
    expect((await ask('GET', '/mine/')).statusCode).toBe(401);
    expect((await ask('GET', '/mine/', 'customer')).statusCode).toBe(200);
    expect((await ask('GET', '/books/')).statusCode).toBe(200);
  });

  it('a module route missing from its docs stops the server at start', async () => {
    app = Fastify();
    const sloppy = routeModule<object>({
      docs: { 'GET /declared/': { summary: 'x', audience: 'public' } },
      async routes(scope) {
        scope.get('/declared/', async () => ({}));
        scope.post('/forgotten/', async () => ({}));
      },
    });
    const start = async () => {
      await mounted(sloppy, () => ({})).mount(app, {} as Services);
      await app.ready();
    };
    await expect(start()).rejects.toThrow('POST /forgotten/ is not declared');
  });
});
