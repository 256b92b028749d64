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
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
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

/**
 * Headers that only a document (a page, an SVG or PDF opened on its own) acts on. A phone on
 * HTTP/1.1 downloads every header of every script again, uncompressed — about 1 KiB each — so
 * the build's scripts, styles and fonts go without them; `nosniff` and the resource policy stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
  'last-modified',
];

/** A fingerprinted script, stylesheet or font of the client build (never a document: no SVG, no HTML). */
export function isBuiltSubresource(url: string, contentType: unknown): boolean {
  if (!url.startsWith('/assets/') || typeof contentType !== 'string') return false;
  return /^(?:text\/css|(?:text|application)\/javascript|font\/|application\/font-woff)/i.test(contentType);
}

export async function installSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  // MEDIA_DRIVER=s3: pictures (and sample PDFs) come from the bucket's or CDN's origin.
  const media = mediaOrigin(config.media);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (req) => `'nonce-${nonceOf(req as IncomingMessage)}'`],
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

  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', permissionsPolicyFor(request.url));
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const current = reply.getHeader('cache-control');
    const wanted = cacheControlFor(request, typeof current === 'string' ? current : undefined);
    if (wanted) reply.header('cache-control', wanted);
    if (isBuiltSubresource(request.url, reply.getHeader('content-type'))) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return payload;
  });
}
