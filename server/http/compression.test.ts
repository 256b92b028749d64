/**
 * Compression and caching headers through the real app: the page adapter (pages, a streamed
 * page, the sitemap), the API (catalogue and personal answers), the client build as
 * scripts/precompress.mjs leaves it, and uploaded media.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { createElement, Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Outlet, ServerRouter, type EntryContext, type ServerBuild } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { miniServerBuild } from '../test/mini-build';
import { loadCatalogFixture } from '../test/catalog-fixture';
import { SECURE_SESSION_COOKIE } from '../accounts/sessions';
import { installCompression, isCompressible, serveStoredFiles } from './compression';

const REPO = path.resolve(import.meta.dirname, '../..');

/** A page of some size: a list of books as a shop's page has. */
const BOOK_LIST = Array.from({ length: 60 }, (_, i) => `Book number ${i}: a story of rivers, rain and the Padma`);

/** The streamed page waits on this until the test opens it. */
let gate: { promise: Promise<string>; open(value: string): void };
function closeGate() {
  let open!: (value: string) => void;
  const promise = new Promise<string>((resolve) => (open = resolve));
  gate = { promise, open };
}
closeGate();

function Deferred() {
  return createElement('p', null, use(gate.promise));
}

/** Renders as app/entry.server.tsx does for a browser: the shell first, the rest as it comes. */
function entry(request: Request, status: number, headers: Headers, context: EntryContext) {
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(createElement(ServerRouter, { context, url: request.url }), {
      onShellReady() {
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
      },
      onShellError: reject,
    });
  });
}

const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from(
  { length: 80 },
  (_, i) => `<url><loc>https://haat.example/books/${i}</loc></url>`,
).join('\n')}\n</urlset>\n`;

function pagesBuild(): ServerBuild {
  const home = () => createElement('main', null, createElement('h1', null, 'হাট'), createElement('ul', null, BOOK_LIST.map((b) => createElement('li', { key: b }, b))));
  const slow = () => createElement('main', null, createElement('h1', null, 'shell-of-the-page'), createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(Deferred)));
  const sitemap = () => new Response(SITEMAP, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
  return miniServerBuild(entry, {
    root: { path: '', module: { default: () => createElement(Outlet) } },
    home: { index: true, module: { default: home } },
    slow: { path: 'slow', module: { default: slow } },
    cart: { path: 'cart', module: { default: home } },
    sitemap: { path: 'sitemap.xml', module: { loader: sitemap } },
  });
}

/** What `vite build` leaves in client/ (names fingerprinted under assets/), before precompression. */
function writeClientBuild(clientDir: string) {
  const assets = path.join(clientDir, 'assets');
  fs.mkdirSync(assets, { recursive: true });
  const js = Array.from({ length: 200 }, (_, i) => `export function f${i}(a){return a.map((x)=>x*${i}).filter(Boolean)}`).join(';\n');
  fs.writeFileSync(path.join(assets, 'entry-abc123.js'), js);
  fs.writeFileSync(path.join(assets, 'root-def456.css'), Array.from({ length: 100 }, (_, i) => `.c${i}{margin:${i}px;color:#333}`).join('\n'));
  // Already compressed: random bytes stand in for a font and a picture.
  fs.writeFileSync(path.join(assets, 'noto-sans-bengali-400-ghi789.woff2'), crypto.randomBytes(4096));
  fs.writeFileSync(path.join(assets, 'hero-jkl012.webp'), crypto.randomBytes(4096));
  // So small that no compressed variant is smaller.
  fs.writeFileSync(path.join(assets, 'empty-mno345.js'), '0');
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${'<rect width="4" height="4" fill="#0a0"/>'.repeat(20)}</svg>`);
  return js;
}

/** The body as sent on the wire, decoded by its Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString();
  expect(encoding).toBeUndefined();
  return raw.toString();
}

function varyTokens(res: LightMyRequestResponse): string[] {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
}

/** What each Accept-Encoding a client may send must get. */
const NEGOTIATION: [string, string | undefined, string | undefined][] = [
  ['br, gzip, deflate (a browser)', 'gzip, deflate, br', 'br'],
  ['gzip only', 'gzip', 'gzip'],
  ['brotli refused with q=0', 'br;q=0, gzip', 'gzip'],
  ['gzip preferred by q-value', 'gzip;q=1, br;q=0.5', 'gzip'],
  ['identity', 'identity', undefined],
  ['no Accept-Encoding header', undefined, undefined],
  ['only encodings the shop does not offer', 'compress, x-unknown', undefined],
  ['everything refused', 'br;q=0, gzip;q=0', undefined],
  ['any (*)', '*', 'gzip'],
];

describe('compression and caching headers', () => {
  let t: TestApp;
  let customer: Signed;
  let app: FastifyInstance;
  let buildDir: string;
  let clientDir: string;
  let js: string;
  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers } });
  /** `url` asked for by a client that takes br and gzip: answered with `file` as it is on disk. */
  const sentAsItIs = async (url: string, file: string) => {
    const res = await get(url, 'br, gzip');
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-encoding'], url).toBeUndefined();
    expect(res.rawPayload, url).toEqual(fs.readFileSync(file));
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    customer = await t.signIn();
    await loadCatalogFixture(t.services.database.db);
    const media = path.join(t.services.config.dataDir, 'media');
    fs.mkdirSync(path.join(media, 'images'), { recursive: true });
    fs.mkdirSync(path.join(media, 'pdfs'), { recursive: true });
    fs.writeFileSync(path.join(media, 'images', 'cover.webp'), crypto.randomBytes(4096));
    // A PDF's text compresses well; it is still sent as it is.
    fs.writeFileSync(path.join(media, 'pdfs', 'catalogue.pdf'), `%PDF-1.4\n${'BT /F1 12 Tf (Haat) Tj ET\n'.repeat(200)}%%EOF\n`);

    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-build-'));
    clientDir = path.join(buildDir, 'client');
    js = writeClientBuild(clientDir);
    execFileSync(process.execPath, [path.join(REPO, 'scripts/precompress.mjs')], { env: { ...process.env, HAAT_BUILD_DIR: buildDir }, stdio: 'pipe' });
    // Added after the build's precompression: must still not be compressed per request.
    fs.writeFileSync(path.join(clientDir, 'assets', 'late-pqr678.js'), js);

    app = await buildApp({ services: t.services, pages: { build: pagesBuild(), clientDir } });
    await app.ready();
  });
  afterAll(async () => {
    gate.open('closed'); // a streamed page still waiting ends, so the server can close
    await app?.close();
    await t?.close();
    if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
  });

  describe('the build writes .br and .gz beside compressible files only, and only when smaller', () => {
    it('text files get both; fonts, images and files too small to gain get none', () => {
      const has = (file: string) => fs.existsSync(path.join(clientDir, file));
      for (const file of ['assets/entry-abc123.js', 'assets/root-def456.css', 'favicon.svg']) {
        expect(has(`${file}.br`), file).toBe(true);
        expect(has(`${file}.gz`), file).toBe(true);
        const raw = fs.readFileSync(path.join(clientDir, file));
        expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(clientDir, `${file}.br`)))).toEqual(raw);
        expect(zlib.gunzipSync(fs.readFileSync(path.join(clientDir, `${file}.gz`)))).toEqual(raw);
      }
      for (const file of ['assets/noto-sans-bengali-400-ghi789.woff2', 'assets/hero-jkl012.webp', 'assets/empty-mno345.js']) {
        expect(has(`${file}.br`), file).toBe(false);
        expect(has(`${file}.gz`), file).toBe(false);
      }
    });
  });

  describe('negotiation by Accept-Encoding', () => {
    it.each(NEGOTIATION)('a page, %s: %s → %s', async (_name, acceptEncoding, expected) => {
      const res = await get('/', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(varyTokens(res)).toContain('accept-encoding');
      const html = decoded(res);
      expect(html).toContain('হাট');
      expect(html).toContain(BOOK_LIST.at(-1));
    });

    it.each(NEGOTIATION)('a JSON API answer, %s: %s → %s', async (_name, acceptEncoding, expected) => {
      const res = await get('/api/product/?page=1', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(varyTokens(res)).toContain('accept-encoding');
      expect(JSON.parse(decoded(res)).results.length).toBeGreaterThan(3);
    });

    it.each(NEGOTIATION)('the sitemap, %s: %s → %s', async (_name, acceptEncoding, expected) => {
      const res = await get('/sitemap.xml', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-encoding']).toBe(expected);
      expect(varyTokens(res)).toContain('accept-encoding');
      expect(decoded(res)).toBe(SITEMAP);
    });

    it.each(NEGOTIATION)('a fingerprinted script is the build’s own file, %s: %s → %s', async (_name, acceptEncoding, expected) => {
      const res = await get('/assets/entry-abc123.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(varyTokens(res)).toContain('accept-encoding');
      const file = { br: '.br', gzip: '.gz' }[expected ?? ''] ?? '';
      // The very bytes precompress.mjs wrote: sent as stored, not compressed again per request.
      expect(res.rawPayload).toEqual(fs.readFileSync(path.join(clientDir, `assets/entry-abc123.js${file}`)));
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(res)).toBe(js);
    });
  });

  it('Vary names Accept-Encoding once, after what the route varies on', async () => {
    const res = await get('/api/product/', 'br');
    expect(varyTokens(res)).toEqual(['authorization', 'cookie', 'accept-encoding']);
    const page = await get('/', 'br');
    expect(varyTokens(page)).toEqual(['accept-encoding']);
  });

  it('a JSON answer below the threshold is sent as it is, still with Vary: Accept-Encoding', async () => {
    const res = await get('/healthz', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
    expect(varyTokens(res)).toContain('accept-encoding');
  });

  it('a HEAD request says the encoding a GET would use and carries no body', async () => {
    const asset = await app.inject({ method: 'HEAD', url: '/assets/entry-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(Number(asset.headers['content-length'])).toBe(fs.statSync(path.join(clientDir, 'assets/entry-abc123.js.br')).size);
    expect(asset.rawPayload.length).toBe(0);
    const page = await app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.rawPayload.length).toBe(0);
  });

  describe('files on disk are never compressed per request', () => {
    it('a script the build did not precompress is sent as it is, even to a client that accepts br', async () => {
      for (const url of ['/assets/late-pqr678.js', '/assets/empty-mno345.js']) await sentAsItIs(url, path.join(clientDir, url));
    });

    it('fonts and images of the build are sent as they are, immutable for a year', async () => {
      for (const url of ['/assets/noto-sans-bengali-400-ghi789.woff2', '/assets/hero-jkl012.webp']) {
        const res = await sentAsItIs(url, path.join(clientDir, url));
        expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      }
    });

    it('uploaded images and PDFs are sent as they are', async () => {
      const media = path.join(t.services.config.dataDir, 'media');
      for (const [url, type] of [
        ['/media/images/cover.webp', 'image/webp'],
        ['/media/pdfs/catalogue.pdf', 'application/pdf'],
      ] as const) {
        const res = await sentAsItIs(url, path.join(media, url.slice('/media/'.length)));
        expect(res.headers['content-type'], url).toBe(type);
        expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      }
    });

    it('a file outside assets/ is sent precompressed too, cached for an hour only', async () => {
      const res = await get('/favicon.svg', 'br');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.rawPayload).toEqual(fs.readFileSync(path.join(clientDir, 'favicon.svg.br')));
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('the .br and .gz files have no URL of their own', () => {
      expect(app.hasRoute({ method: 'GET', url: '/assets/entry-abc123.js' })).toBe(true);
      expect(app.hasRoute({ method: 'GET', url: '/assets/entry-abc123.js.br' })).toBe(false);
      expect(app.hasRoute({ method: 'GET', url: '/assets/entry-abc123.js.gz' })).toBe(false);
    });

    it('each encoding of a file has its own validator, and a 304 answers the one asked for', async () => {
      const br = await get('/assets/entry-abc123.js', 'br');
      const plain = await get('/assets/entry-abc123.js', 'identity');
      expect(br.headers.etag).toBeTruthy();
      expect(br.headers.etag).not.toBe(plain.headers.etag);
      const again = await get('/assets/entry-abc123.js', 'br', { 'if-none-match': String(br.headers.etag) });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('caching', () => {
    it('a public catalogue answer keeps its weak ETag and answers 304 to If-None-Match, whichever encoding', async () => {
      const br = await get('/api/product/?page=1', 'br');
      expect(br.headers['content-encoding']).toBe('br');
      const etag = String(br.headers.etag);
      // Weak: one validator for every encoding of the same answer (RFC 9110 8.8.1).
      expect(etag).toMatch(/^W\/"/);
      expect(br.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      for (const acceptEncoding of ['br', 'gzip', undefined]) {
        const again = await get('/api/product/?page=1', acceptEncoding, { 'if-none-match': etag });
        expect(again.statusCode, acceptEncoding).toBe(304);
        expect(again.rawPayload.length, acceptEncoding).toBe(0);
        expect(again.headers['content-encoding'], acceptEncoding).toBeUndefined();
        expect(again.headers.etag, acceptEncoding).toBe(etag);
        expect(varyTokens(again), acceptEncoding).toContain('accept-encoding');
      }
      const gzip = await get('/api/product/?page=1', 'gzip');
      expect(gzip.headers.etag).toBe(etag);
    });

    it('personal API answers and pages are private, no-store, compressed or not', async () => {
      const me = await get('/api/me/', 'br', customer.headers);
      expect(me.statusCode).toBe(200);
      expect(me.headers['cache-control']).toBe('private, no-store');
      expect(varyTokens(me)).toContain('accept-encoding');
      for (const headers of [{}, { cookie: `${SECURE_SESSION_COOKIE}=${customer.token}` }] as Record<string, string>[]) {
        const cart = await get('/cart', 'br', headers);
        expect(cart.headers['content-encoding']).toBe('br');
        expect(cart.headers['cache-control']).toBe('private, no-store');
      }
      const signedHome = await get('/', 'br', customer.headers);
      expect(signedHome.headers['content-encoding']).toBe('br');
      expect(signedHome.headers['cache-control']).toBe('private, no-store');
    });

    it('a shared page seen by a visitor is not marked private', async () => {
      const res = await get('/', 'br');
      expect(res.headers['cache-control']).toBeUndefined();
    });
  });

  describe('a streamed page', () => {
    let base: string;
    beforeAll(async () => {
      base = await app.listen({ host: '127.0.0.1', port: 0 });
    });

    /** Reads the decoded page; `onText` sees the text so far after every chunk that arrives. */
    function fetchPage(url: string, acceptEncoding: string, onText: (text: string) => void): Promise<{ encoding: string | undefined; text: string }> {
      return new Promise((resolve, reject) => {
        http
          .get(`${base}${url}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
            const encoding = res.headers['content-encoding'];
            const body = encoding === 'br' ? res.pipe(zlib.createBrotliDecompress()) : encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
            let text = '';
            body.on('data', (chunk: Buffer) => {
              text += chunk.toString();
              onText(text);
            });
            body.on('end', () => resolve({ encoding, text }));
            body.on('error', reject);
          })
          .on('error', reject);
      });
    }

    it.each(['br', 'gzip'])('its shell arrives compressed (%s) before the rest is rendered, and the rest follows', async (acceptEncoding) => {
      closeGate();
      // The deferred part is released only once the shell has been read, decoded, off the wire.
      const page = await fetchPage('/slow', acceptEncoding, (text) => {
        if (text.includes('shell-of-the-page')) gate.open('deferred-part');
      });
      expect(page.encoding).toBe(acceptEncoding);
      expect(page.text).toContain('waiting');
      expect(page.text).toContain('deferred-part');
    });
  });
});

describe('serveStoredFiles', () => {
  it('tells setHeaders the original file whichever variant it sends', async () => {
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-build-'));
    const root = path.join(buildDir, 'client');
    fs.mkdirSync(root);
    try {
      fs.writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});\n'.repeat(100));
      execFileSync(process.execPath, [path.join(REPO, 'scripts/precompress.mjs')], { env: { ...process.env, HAAT_BUILD_DIR: buildDir }, stdio: 'pipe' });
      const seen: string[] = [];
      const app = Fastify();
      await installCompression(app);
      await serveStoredFiles(app, { root, prefix: '/', wildcard: false, preCompressed: true, setHeaders: (_reply, filePath) => void seen.push(filePath) });
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const res = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': acceptEncoding } });
        expect(res.statusCode).toBe(200);
      }
      expect(seen).toEqual([path.join(root, 'sw.js'), path.join(root, 'sw.js'), path.join(root, 'sw.js')]);
      await app.close();
    } finally {
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  });
});

describe('compressible types', () => {
  it('text, JSON, XML, SVG and React Router data are compressible', () => {
    for (const type of ['text/html', 'text/html; charset=utf-8', 'application/json; charset=utf-8', 'text/javascript', 'application/javascript', 'text/css', 'image/svg+xml', 'application/xml', 'text/xml', 'application/manifest+json', 'text/plain', 'text/x-script']) {
      expect(isCompressible(type), type).toBe(true);
    }
  });

  it('images, fonts, PDFs and unknown bytes are not', () => {
    for (const type of ['image/webp', 'image/png', 'image/jpeg', 'image/gif', 'font/woff2', 'font/woff', 'application/pdf', 'application/octet-stream', 'text/event-stream', undefined]) {
      expect(isCompressible(type), String(type)).toBe(false);
    }
  });
});
