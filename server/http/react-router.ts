/**
 * Mounts the React Router server build in Fastify: every request no API route took becomes a
 * Web Request for React Router's handler (pages, loaders, form actions), and its Response is
 * streamed back. The client bundle is served from build/client with long-lived caching for
 * fingerprinted assets, precompressed at build time.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { errorBody } from './errors';
import { clientAddress } from './client-address';
import { cspNonce } from './security-headers';
import { serveStoredFiles } from './compression';

/** The request header app/entry.server.tsx reads this request's script nonce from. */
export const CSP_NONCE_HEADER = 'x-haat-csp-nonce';

export interface ReactRouterOptions {
  build: ServerBuild;
  clientDir: string;
  /** What the page loaders and actions are handed (app/load-context.ts): the whole container, as pages read every module. */
  services: AppLoadContext['services'];
}

/** React Router's single-fetch data request: `/path.data` (before any query string). */
export function isDataRequest(url: string): boolean {
  const query = url.indexOf('?');
  return (query < 0 ? url : url.slice(0, query)).endsWith('.data');
}

/**
 * The page request as a Web Request. Its URL is on the shop's public origin (PUBLIC_URL), never
 * on the Host or X-Forwarded-Host the client sent, so absolute links a loader builds from
 * `request.url` (sitemap, robots.txt, canonical links) cannot be pointed at another site.
 */
function toWebRequest(request: FastifyRequest, controller: AbortController, origin: string): Request {
  const url = `${origin}${request.url.startsWith('/') ? request.url : `/${request.url}`}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  // Set here, never taken from the client: the nonce the page's scripts must carry. A data
  // request (`/books.data`, a loader's or action's answer to a page already open) is no document.
  headers.delete(CSP_NONCE_HEADER);
  if (!isDataRequest(request.url)) headers.set(CSP_NONCE_HEADER, cspNonce(request));
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  // A POST/PUT/DELETE without a body has none to hand on (React Router would fail reading it).
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body instanceof Readable) {
    init.body = Readable.toWeb(request.body as Readable) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as WebReadableStream));
}

/** The pages `npm run build` made under `buildDir`: the React Router server build and the client folder. */
export async function loadPages(buildDir: string): Promise<{ build: ServerBuild; clientDir: string }> {
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  return { build, clientDir: path.join(buildDir, 'client') };
}

export async function mountReactRouter(app: FastifyInstance, opts: ReactRouterOptions) {
  // Compressible files are sent as the build's .br/.gz when the client accepts one (scripts/precompress.mjs).
  await serveStoredFiles(app, {
    root: path.resolve(opts.clientDir),
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/; the rest (favicon…) may change.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      // The service worker: browsers must ask for a new one on every check, or a build ships late.
      if (filePath === path.join(path.resolve(opts.clientDir), 'sw.js')) reply.header('cache-control', 'no-cache');
    },
  });

  const handle = createRequestHandler(opts.build, 'production');
  await app.register(async (pages) => {
    // React Router reads the raw body itself (form actions), so this scope parses nothing.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        if (request.url.startsWith('/api/')) {
          return reply.status(404).send(errorBody(404, 'Not found.'));
        }
        const controller = new AbortController();
        reply.raw.on('close', () => controller.abort());
        const response = await handle(toWebRequest(request, controller, opts.services.config.publicUrl), {
          services: opts.services,
          user: request.user,
          // The client's address under the trusted-proxy rules (per-address limits in loaders).
          ip: clientAddress(request),
        });
        return sendWebResponse(reply, response);
      },
    });
  });
}
