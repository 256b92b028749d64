/**
 * Compression of answers, chosen by the request's Accept-Encoding: brotli first, then gzip, else
 * none (`identity`, no header, or nothing acceptable). Only text is compressed (pages, JSON,
 * React Router's data requests, the sitemap, robots.txt, SVG); images, fonts and PDFs are
 * already compressed and are sent as they are.
 *
 * Files on disk are never compressed per request: the client build's compressible files are
 * compressed once at build time (scripts/precompress.mjs writes `.br` and `.gz` beside them) and
 * @fastify/static sends the variant the client accepts; uploaded media are images and PDFs.
 * So a file is compressed once, and nothing is compressed twice.
 *
 * Every answer that could have been compressed says `Vary: Accept-Encoding`, also when it was
 * sent as it is (below the threshold, or to a client that accepts no compression), so a shared
 * cache never hands a compressed body to a client that cannot read it, or the other way round.
 * The catalogue's ETags are weak (`W/"…"`), which RFC 9110 allows to stand for every encoding
 * of the same answer, so a 304 on If-None-Match works whichever encoding the copy was sent in.
 */
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';

/** The encodings offered, best first (the build's precompressed files are these two). */
export const ENCODINGS = ['br', 'gzip'] as const;

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for answers compressed per request. Measured on the demo shop's home page
 * (316 KiB of HTML): quality 4 → 27.9 KB in 2.6 ms, 5 → 25.1 KB in 3.9 ms, 6 → 24.6 KB in 4.6 ms,
 * 11 (the build's) → 20.9 KB in 1.4 s; gzip level 6 → 32.8 KB in 12 ms. 5 is the knee.
 */
export const DYNAMIC_BROTLI_QUALITY = 5;

/** The media types worth compressing: text, by type or by structured-syntax suffix. */
const COMPRESSIBLE = new Set([
  'text/html',
  'text/css',
  'text/plain',
  'text/javascript',
  'text/xml',
  // React Router's data requests (`.data`, single fetch's turbo-stream).
  'text/x-script',
  'application/javascript',
  'application/json',
  'application/xml',
  'application/manifest+json',
  'image/svg+xml',
]);

/** Whether answers of this Content-Type are compressed (parameters such as charset ignored). */
export function isCompressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return COMPRESSIBLE.has(type) || type.endsWith('+json') || type.endsWith('+xml');
}

/** Contexts whose routes serve files as stored on disk (see serveStoredFiles). */
const storedFileContexts = new WeakSet<FastifyInstance>();

function hasVaryOn(reply: FastifyReply, name: string): boolean {
  const current = reply.getHeader('vary');
  if (current === undefined) return false;
  const tokens = (Array.isArray(current) ? current.join(',') : String(current)).split(',').map((t) => t.trim().toLowerCase());
  return tokens.includes(name) || tokens.includes('*');
}

/**
 * `Vary: accept-encoding` on every answer that could have been compressed, also an identity one,
 * and on a 304 (it carries the Vary its 200 would). Written in lower case: @fastify/compress
 * looks for exactly that spelling before adding its own.
 */
const varyOnAcceptEncoding: onSendHookHandler = (_request: FastifyRequest, reply: FastifyReply, payload, done) => {
  const type = reply.getHeader('content-type');
  const compressible = reply.statusCode === 304 || isCompressible(typeof type === 'string' ? type : undefined);
  if (compressible && !hasVaryOn(reply, 'accept-encoding')) {
    const current = reply.getHeader('vary');
    reply.header('vary', current === undefined ? 'accept-encoding' : `${Array.isArray(current) ? current.join(', ') : String(current)}, accept-encoding`);
  }
  done(null, payload);
};

function appendOnSend(route: RouteOptions, hook: onSendHookHandler) {
  const current = route.onSend;
  route.onSend = current === undefined ? [hook] : Array.isArray(current) ? [...current, hook] : [current, hook];
}

/**
 * Registers compression for every route declared after it (call it before any route). Routes
 * of serveStoredFiles are left alone.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // Runs before @fastify/compress's own onRoute hook (registered below), so it can opt routes out.
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    if (storedFileContexts.has(this)) {
      route.compress = false;
      return;
    }
    appendOnSend(route, varyOnAcceptEncoding);
  });
  await app.register(fastifyCompress, {
    encodings: [...ENCODINGS],
    threshold: THRESHOLD_BYTES,
    customTypes: (contentType: string) => isCompressible(contentType),
    // Flush after every chunk written, so a streamed page's shell reaches the browser while the
    // rest is still rendering (brotli and gzip would otherwise hold it until their buffer fills).
    // A buffered answer is one write, so this costs it nothing.
    brotliOptions: {
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH, level: 6 },
    // Request bodies are not decompressed: no client of the shop sends them compressed, and a
    // small compressed body can unpack into a huge one.
    globalDecompression: false,
  });
}

/**
 * Serves files as they are stored on disk with @fastify/static, never compressed per request:
 * with `preCompressed`, the build's `.br`/`.gz` beside a file is sent to a client that accepts
 * it (with the original's Content-Type, and `Vary: accept-encoding` on every file). The
 * precompressed files themselves get no route of their own, and `setHeaders` is given the
 * original file's path whichever variant is sent.
 */
export async function serveStoredFiles(app: FastifyInstance, opts: FastifyStaticOptions): Promise<void> {
  await app.register(async (files) => {
    storedFileContexts.add(files);
    const { setHeaders } = opts;
    await files.register(fastifyStatic, {
      ...opts,
      ...(opts.preCompressed
        ? {
            globIgnore: ['**/*.br', '**/*.gz'],
            // setHeaders is told the original's path, whichever variant is sent.
            ...(setHeaders ? { setHeaders: (res, filePath, stat) => setHeaders(res, filePath.replace(/\.(br|gz)$/, ''), stat) } : {}),
          }
        : {}),
    });
  });
}
