/**
 * Security headers on every answer (pages, API, media), and Cache-Control for personal answers.
 *
 * Pages run React Router's inline scripts, so the Content-Security-Policy allows scripts from
 * this origin plus one nonce per request (the page adapter hands it to the renderer); never
 * 'unsafe-inline' for scripts. Styles may be inline (style attributes, the back office's
 * <style> blocks): that is the only relaxation.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { mediaOrigin, type Config } from '../config';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../accounts/sessions';
import { isPersonalPath } from '../../domain/personal-paths';

const nonces = new WeakMap<IncomingMessage, string>();

/** Made on first use, whether helmet (the header) or the page adapter (the scripts) asks first. */
function nonceOf(raw: IncomingMessage): string {
  let nonce = nonces.get(raw);
  if (!nonce) {
    nonce = crypto.randomBytes(16).toString('base64');
    nonces.set(raw, nonce);
  }
  return nonce;
}

/** This request's script nonce (the same one the Content-Security-Policy header names). */
export function cspNonce(request: FastifyRequest): string {
  return nonceOf(request.raw);
}

/** Powerful browser features the shop never uses, off for every page and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');


/** The counter screen scans barcodes with the device's camera (issue 36): this origin may ask for it there, nowhere else. */
export function permissionsPolicyFor(url: string): string {
  return /^\/admin-pos(?:[/?.#]|$)/.test(url) ? PERMISSIONS_POLICY.replace('camera=()', 'camera=(self)') : PERMISSIONS_POLICY;
}

/** The request carries a session (the page cookie or an API token). */
function hasSession(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  const cookie = request.headers.cookie;
  return !!cookie && cookie.split(';').some((part) => [SESSION_COOKIE, SECURE_SESSION_COOKIE].includes(part.split('=')[0]!.trim()));
}

/**
 * `private, no-store` for a personal path, and for any answer to a signed-in request unless
 * the route chose public caching itself (the catalogue's ETagged answers, fingerprinted
 * assets, media, sitemap): those carry nothing about the person asking.
 */
export function cacheControlFor(request: FastifyRequest, current: string | undefined): string | undefined {
  if (isPersonalPath(request.url)) return 'private, no-store';
  if (hasSession(request) && !/^\s*public\b/i.test(current ?? '')) return 'private, no-store';
  return undefined;
}

/**
 * Uploaded media: a key is random and never reused, so a file at a URL never changes. The
 * browser must take each file for what its extension says; a PDF is shown under its own name.
 */
export function mediaHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('cache-control', 'public, max-age=31536000, immutable');
  reply.header('x-content-type-options', 'nosniff');
  const lower = filePath.toLowerCase();
  // Documents a browser may open on their own (a PDF's scripts, an SVG's) run in a sandbox.
  if (lower.endsWith('.pdf') || lower.endsWith('.svg')) reply.header('content-security-policy', 'sandbox');
  if (lower.endsWith('.pdf')) {
    const name = path.basename(filePath).replace(/["\\\r\n]/g, '_');
    reply.header('content-disposition', `inline; filename="${name}"`);
  }
}

/** An answer a browser may show as a document of its own: a page, an SVG, a PDF, XML. */
export function isDocument(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^\s*(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|application\/pdf|(?:text|application)\/xml)\b/i.test(contentType);
}

/** A fingerprinted script, stylesheet or font of the client build (never a document: no SVG, no HTML). */
export function isBuiltSubresource(url: string, contentType: unknown): boolean {
  if (!url.startsWith('/assets/') || typeof contentType !== 'string') return false;
  return /^(?:text\/css|(?:text|application)\/javascript|font\/|application\/font-woff)/i.test(contentType);
}

type HeaderList = [name: string, value: string][];

/** Stands for the request's nonce in the policy helmet writes once; replaced per page. */
const NONCE_MARK = 'HAAT-NONCE-MARK';

/**
 * The headers helmet writes for `options`, read once at start: @fastify/helmet rebuilt its whole
 * configuration on every request (a third of a small answer's time).
 */
function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers: HeaderList = [];
  const res = { setHeader: (name: string, value: unknown) => headers.push([name.toLowerCase(), String(value)]), removeHeader: () => undefined };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Which headers each kind of answer carries. Documents (pages, and SVGs or PDFs opened on their
 * own) get the page policies: the Content-Security-Policy with this request's nonce,
 * Permissions-Policy, COOP, framing and referrer rules. Everything else (JSON, scripts, styles,
 * fonts, images) gets only what a browser acts on for a resource: `nosniff`, the resource policy
 * and, over https, HSTS. A phone on HTTP/1.1 downloads every header of every answer again,
 * uncompressed.
 */
export function securityHeaderSets(config: Pick<Config, 'publicUrl' | 'media'>) {
  const https = new URL(config.publicUrl).protocol === 'https:';
  // MEDIA_DRIVER=s3: pictures (and sample PDFs) come from the bucket's or CDN's origin.
  const media = mediaOrigin(config.media);
  const all = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'nonce-${NONCE_MARK}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: for the CSS icons (SVG masks) and fonts Vite inlines; blob: for upload previews.
        imgSrc: ["'self'", 'data:', 'blob:', ...(media ? [media] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Online payments send the browser to the gateway with location.assign, not a form post.
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only a shop served over https can promise browsers to come back over https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  const RESOURCE = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);
  const policy = all.find(([name]) => name === 'content-security-policy')![1];
  const [before, after] = policy.split(NONCE_MARK) as [string, string];
  return {
    /** Every document header but the two made per request (the policy's nonce, Permissions-Policy by path). */
    document: all.filter(([name]) => name !== 'content-security-policy'),
    resource: all.filter(([name]) => RESOURCE.has(name)),
    policy: (nonce: string) => before + nonce + after,
  };
}

export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const sets = securityHeaderSets(config);
  // A callback, not an async hook: it runs on every answer.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    const current = reply.getHeader('cache-control');
    const wanted = cacheControlFor(request, typeof current === 'string' ? current : undefined);
    if (wanted) reply.header('cache-control', wanted);
    const type = reply.getHeader('content-type');
    if (isDocument(type)) {
      // A route's own header wins (the confirmation page's Referrer-Policy, media's `sandbox`
      // policy for a PDF or SVG opened on its own), as when these were set before the handler.
      for (const [name, value] of sets.document) if (!reply.hasHeader(name)) reply.header(name, value);
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', sets.policy(nonceOf(request.raw)));
      if (!reply.hasHeader('permissions-policy')) reply.header('permissions-policy', permissionsPolicyFor(request.url));
    } else {
      for (const [name, value] of sets.resource) if (!reply.hasHeader(name)) reply.header(name, value);
      // The build's files carry a Last-Modified the fingerprint makes useless.
      if (isBuiltSubresource(request.url, type)) reply.removeHeader('last-modified');
    }
    done(null, payload);
  });
}
