/**
 * What the service worker (./service-worker.ts) may keep, as pure functions: the worker only
 * carries them out. The rule of the shop: nothing about one person is ever written to the
 * browser's Cache Storage. Personal paths are the server's own list (domain/personal-paths.ts:
 * the server marks those answers `private, no-store` too, and any answer seen with a session);
 * the API is never cached at all.
 */
import { isPersonalPath as isPersonal } from '../../domain/personal-paths';

/** A shopper's search words stay out of storage too. */
const SEARCH = /^\/search(\/|$)/;

/** The offline page: precached on install, shown for a navigation the network cannot answer. */
export const OFFLINE_PATH = '/offline';

/** Files from public/ the shell needs offline (the build copies them, so they change only with a build). */
export const SHELL_FILES = ['/favicon.svg', '/icons/icon-192.png'];

/** How many visited pages and media files the worker keeps (oldest dropped first). */
export const PAGE_LIMIT = 25;
export const MEDIA_LIMIT = 60;

/**
 * - `asset`: fingerprinted build output (`/assets/…`) and public/ files: cache first, kept.
 * - `media`: uploaded images (`/media/…`, keys never reused): cache first, at most MEDIA_LIMIT.
 * - `page`: a public page navigation: network first; offline, the kept copy or the offline page.
 * - `offline-only`: a navigation that is never kept (personal, search): network; offline, the offline page.
 * - `network`: everything else (API, non-GET, other origins, page data): the worker stays out of it.
 */
export type Strategy = 'asset' | 'media' | 'page' | 'offline-only' | 'network';

export interface RequestLike {
  method: string;
  url: string;
  /** `navigate` for a page navigation. */
  mode: string;
}

/** Never kept: the server's personal paths (domain/personal-paths.ts), and searches. */
export function isPersonalPath(pathname: string): boolean {
  return isPersonal(pathname) || SEARCH.test(pathname.replace(/\.data$/, ''));
}

// Not the web manifest: it is built from the shop's settings, which change without a build.
const PUBLIC_FILE = /^\/(favicon\.svg|placeholder-[a-z]+\.svg|icons\/[\w-]+\.png)$/;

export function strategyFor(request: RequestLike, origin: string): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  const path = url.pathname;
  if (path.startsWith('/api/') || path === '/sw.js') return 'network';
  if (request.mode === 'navigate') {
    return isPersonalPath(path) ? 'offline-only' : 'page';
  }
  if (isPersonalPath(path)) return 'network';
  if (path.startsWith('/assets/') || PUBLIC_FILE.test(path)) return 'asset';
  if (path.startsWith('/media/')) return 'media';
  // React Router's page data (`*.data`, `/__manifest`) and anything else: not kept.
  return 'network';
}

export interface ResponseLike {
  status: number;
  /** `basic` (same origin), `opaque`, `opaqueredirect`, `cors`… */
  type: string;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

/** An answer the worker may store: a plain 200 from this origin that no header marks as one person's. */
export function mayStore(response: ResponseLike): boolean {
  if (response.status !== 200 || response.redirected) return false;
  if (response.type !== 'basic' && response.type !== 'default') return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|[\s,])(private|no-store)\b/.test(cacheControl)) return false;
  if ((response.headers.get('vary') ?? '').includes('*')) return false;
  return true;
}

/**
 * The same-origin stylesheets, icons and images a page's HTML names (`href`/`src` under
 * `/assets/` or public files), for precaching what the offline page needs to look right.
 */
export function shellAssetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\b(?:href|src)="(\/[^"#?]*)"/g)) {
    const path = match[1]!;
    if ((path.startsWith('/assets/') && /\.(css|woff2?|png|svg|webp)$/.test(path)) || PUBLIC_FILE.test(path)) found.add(path);
  }
  return [...found];
}

/** The worker's caches for one build: everything under another version is deleted on activate. */
export function cacheNames(version: string): { shell: string; pages: string; media: string } {
  return { shell: `haat-shell-${version}`, pages: `haat-pages-${version}`, media: `haat-media-${version}` };
}

/** The caches that belong to no current name of ours (old builds); caches of other origins' code are not ours to judge. */
export function staleCaches(existing: string[], version: string): string[] {
  const current = Object.values(cacheNames(version));
  return existing.filter((name) => name.startsWith('haat-') && !current.includes(name));
}
