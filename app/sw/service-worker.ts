/**
 * The shop's service worker, bundled on its own to <buildDir>/client/sw.js by
 * scripts/build-sw.mjs (never imported by a page). It keeps the app shell and public files so
 * the shop opens on a bad network, and shows the offline page (the shop's phone numbers) when
 * there is none. What it may keep is decided by ./cache-rules.ts: never a personal page, never
 * an API answer, never an answer marked private or no-store.
 */
import { MEDIA_LIMIT, OFFLINE_PATH, PAGE_LIMIT, SHELL_FILES, cacheNames, mayStore, shellAssetsOf, staleCaches, strategyFor } from './cache-rules';

/** Set by the build: a hash of the client build, so each build has its own caches. */
declare const __HAAT_SW_VERSION__: string;

// The worker's own globals, typed here: the project compiles against the DOM library, not WebWorker.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHES = cacheNames(__HAAT_SW_VERSION__);

/** The offline page, fetched without cookies: the kept copy names no signed-in shopper. */
async function precache(): Promise<void> {
  const cache = await caches.open(CACHES.shell);
  const offline = await fetch(OFFLINE_PATH, { credentials: 'omit', cache: 'reload' });
  if (!mayStore(offline)) throw new Error(`the offline page answered ${offline.status}`);
  const assets = shellAssetsOf(await offline.clone().text());
  await cache.put(OFFLINE_PATH, offline);
  await cache.addAll([...new Set([...SHELL_FILES, ...assets])].map((url) => new Request(url, { credentials: 'omit' })));
}

/** Drops the oldest entries above `limit` (Cache Storage keeps insertion order). */
async function trim(cache: Cache, limit: number): Promise<void> {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

async function put(cacheName: string, request: Request, response: Response, limit?: number): Promise<void> {
  if (!mayStore(response)) return;
  const cache = await caches.open(cacheName);
  await cache.put(request.url, response);
  if (limit) await trim(cache, limit);
}

async function offlinePage(): Promise<Response> {
  return (await caches.match(OFFLINE_PATH, { cacheName: CACHES.shell })) ?? Response.error();
}

async function cacheFirst(event: FetchEvent, cacheName: string, limit?: number): Promise<Response> {
  const kept = await caches.match(event.request, { cacheName });
  if (kept) return kept;
  const response = await fetch(event.request);
  event.waitUntil(put(cacheName, event.request, response.clone(), limit));
  return response;
}

async function networkFirst(event: FetchEvent, keep: boolean): Promise<Response> {
  try {
    const response = await fetch(event.request);
    if (keep) event.waitUntil(put(CACHES.pages, event.request, response.clone(), PAGE_LIMIT));
    return response;
  } catch {
    const kept = keep ? await caches.match(event.request.url, { cacheName: CACHES.pages }) : undefined;
    return kept ?? offlinePage();
  }
}

worker.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), __HAAT_SW_VERSION__).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, worker.location.origin);
  if (strategy === 'asset') event.respondWith(cacheFirst(event, CACHES.shell));
  else if (strategy === 'media') event.respondWith(cacheFirst(event, CACHES.media, MEDIA_LIMIT));
  else if (strategy === 'page') event.respondWith(networkFirst(event, true));
  else if (strategy === 'offline-only') event.respondWith(networkFirst(event, false));
  // 'network': not answered here, so the browser fetches it as if there were no worker.
});
