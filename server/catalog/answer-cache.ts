/**
 * The catalogue's answer cache: public catalogue reads kept in memory until the catalogue's
 * content counter moves (triggers of migrations 0102 and 0104; a checkout moves only the stock
 * counters), so a busy shop serves repeated pages with two small queries: the counters, and the
 * current stock of the answer's products. Answers carry an ETag and Cache-Control; admins'
 * answers (inactive products, purchase prices) are never cached or shared.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogService } from './service';

export const isAdmin = (request: FastifyRequest) => !!request.user?.is_admin;

/** Where a cached answer's shelf counts go: the product and the field. */
interface StockSlot {
  id: number;
  field: 'units_stock' | 'units_sold' | 'preorder_available';
  /** The figure when the answer was made, used only if the product has gone since. */
  was: number;
}

interface CachedAnswer {
  /**
   * The JSON, encoded once as UTF-8 and cut where the products' shelf counts go (one more part
   * than slots): serving it copies bytes and writes the digits between them, where a string of
   * Bengali text was encoded again, twice (its length, then its bytes), on every request.
   */
  parts: Buffer[];
  slots: StockSlot[];
  /** The distinct products in the answer, whose counts are read when it is served. */
  ids: number[];
  /** The ETag of the text without the counts. */
  etag: string;
  bytes: number;
  /** When it was made (ms): an answer is remade after MAX_AGE_MS whatever the counters say. */
  madeAt: number;
  /** Set for answers whose order depends on stock: the counter they were made at. */
  stock?: number | undefined;
  availability?: number | undefined;
  /** The answer last served with its shelf counts, served again while the stock counter stands still. */
  filled?: FilledAnswer | undefined;
}

/** An answer's bytes with the shelf counts read at one value of the stock counter. */
interface FilledAnswer {
  stock: number;
  /** When the counts were read (ms): they are read again after FILLED_MAX_AGE_MS whatever the counter says. */
  readAt: number;
  etag: string;
  body: Buffer;
}

/** Hits and misses of every answer cache in this process (the benchmark reads them). */
const cacheStats = { hits: 0, misses: 0 };
export function catalogAnswerCacheStats(): { hits: number; misses: number } {
  return { ...cacheStats };
}

/** A short SHA-1 of an answer, for its ETag; an answer's bytes are hashed as they are sent (not encoded twice). */
const hash = (data: string | Buffer) => crypto.hash('sha1', data, 'base64url').slice(0, 22);

/** A placeholder no catalogue text contains, standing where a shelf count goes while the answer is cached. */
const SLOT = `\u0000stock-${crypto.randomUUID()}\u0000`;
const SLOT_JSON = JSON.stringify(SLOT);

/** The answer as JSON text cut at its products' shelf counts (any object with a numeric id, units_stock and units_sold). */
function toCached(value: unknown): Omit<CachedAnswer, 'stock' | 'availability' | 'madeAt'> {
  const slots: StockSlot[] = [];
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    // Pre-order units left move with checkouts too (docs/preorders.md).
    if ((key === 'units_stock' || key === 'units_sold' || key === 'preorder_available') && typeof v === 'number' && typeof this.id === 'number') {
      slots.push({ id: this.id, field: key, was: v });
      return SLOT;
    }
    return v;
  }) ?? 'null';
  const parts = (slots.length ? text.split(SLOT_JSON) : [text]).map((part) => Buffer.from(part));
  return { parts, slots, ids: [...new Set(slots.map((s) => s.id))], etag: hash(text), bytes: parts.reduce((sum, part) => sum + part.length, 0) };
}

/** The answer's bytes: its parts with the figures (ASCII digits, or `null`) between them. */
function fillSlots(parts: readonly Buffer[], figures: readonly string[]): Buffer {
  let size = 0;
  for (const part of parts) size += part.length;
  for (const figure of figures) size += figure.length;
  const body = Buffer.allocUnsafe(size);
  let at = parts[0]!.copy(body, 0);
  for (let i = 0; i < figures.length; i += 1) {
    at += body.write(figures[i]!, at, 'latin1');
    at += parts[i + 1]!.copy(body, at);
  }
  return body;
}

/** The product page's related lists (related.ts): ranked in stock first, so remade when availability moves. */
export const RELATED_PATH = '/api/product/:id/related/';

/** What an answer's order or content depends on besides the catalogue's content: stock order, or in-stock-first ranking. */
function stockDependence(request: FastifyRequest): 'stock' | 'availability' | null {
  const query = request.query as Record<string, unknown> | undefined;
  if (query?.ordering === '-units_stock') return 'stock';
  // A product's related lists put products in stock first (related.ts).
  if (request.routeOptions.url === RELATED_PATH) return 'availability';
  if ((typeof query?.search === 'string' && query.search.trim()) || (typeof query?.q === 'string' && query.q.trim())) return 'availability';
  return null;
}

/**
 * Answers a public catalogue read from memory while the catalogue's content is unchanged, with
 * an ETag (304 on a matching If-None-Match). Admins get a fresh, private answer.
 *
 * Stock is not part of what is cached: a checkout moves only the stock counters (migration
 * 0104), so it empties nothing. A cached answer's shelf counts (`units_stock`, `units_sold` of
 * each product in it) are read for its products when it is served, in one primary-key query,
 * and its ETag covers them, so a shopper never sees a count older than the last checkout. Only
 * answers ordered by stock (`ordering=-units_stock`) are remade when stock moves, and ranked
 * searches (in-stock first) when a product runs out or comes back.
 */
export function createAnswerCache(catalog: Pick<CatalogService, 'stock'>) {
  const enabled = process.env.HAAT_CATALOG_CACHE !== '0';
  const answers = new Map<string, CachedAnswer>();
  let version = -1;
  let bytes = 0;
  // A bound on memory, not on entries: plain catalogue arrays can be large.
  const MAX_BYTES = 64 * 1024 * 1024;
  const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
  // On PostgreSQL a counter moves just before its commit becomes visible, so a read in that gap
  // can cache the old content under the new counter; an answer's age bounds how long that lasts.
  const MAX_AGE_MS = 60_000;
  // The same gap for shelf counts (a checkout's counter moves just before its stock is seen):
  // counts served from memory are read again after a second, so that gap lasts a second at most.
  const FILLED_MAX_AGE_MS = 1_000;
  // Answers kept with their counts filled in are kept twice; only pages (a list page is ~30 KiB).
  const MAX_FILLED_BYTES = 256 * 1024;

  function store(key: string, entry: CachedAnswer) {
    const old = answers.get(key);
    if (old) {
      answers.delete(key);
      bytes -= old.bytes;
    }
    for (const [k, oldest] of answers) {
      if (bytes + entry.bytes <= MAX_BYTES) break;
      answers.delete(k); // oldest first: a Map keeps insertion order
      bytes -= oldest.bytes;
    }
    answers.set(key, entry);
    bytes += entry.bytes;
  }

  function send(request: FastifyRequest, reply: FastifyReply, etag: string, body: () => string | Buffer) {
    reply.header('etag', etag);
    reply.header('cache-control', 'public, max-age=0, must-revalidate');
    reply.header('vary', 'Authorization, Cookie');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body());
  }

  return async function answer(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
    if (isAdmin(request)) {
      reply.header('cache-control', 'private, no-store');
      return compute();
    }
    if (!enabled) {
      // Encoded once: hashed and sent as the same bytes.
      const body = Buffer.from(JSON.stringify(await compute()));
      return send(request, reply, `W/"${hash(body)}"`, () => body);
    }
    // One round trip: the counters, and the shelf counts of the answer remembered for this URL,
    // unless its counts were read at a stock counter that may still stand (then only the counters,
    // and the counts only if it moved).
    let hit = answers.get(request.url);
    const quick = !!hit?.filled && Date.now() - hit.filled.readAt < FILLED_MAX_AGE_MS;
    let { versions: current, levels } = await catalog.stock.versionsAndLevels(quick ? [] : (hit?.ids ?? []));
    if (quick && current.stock !== hit!.filled!.stock) ({ versions: current, levels } = await catalog.stock.versionsAndLevels(hit!.ids));
    if (current.content !== version) {
      answers.clear();
      bytes = 0;
      version = current.content;
      hit = undefined;
    }
    const depends = stockDependence(request);
    if (hit && ((hit.stock !== undefined && hit.stock !== current.stock) || (hit.availability !== undefined && hit.availability !== current.availability))) hit = undefined;
    if (hit && Date.now() - hit.madeAt > MAX_AGE_MS) hit = undefined;
    if (hit) {
      cacheStats.hits += 1;
    } else {
      cacheStats.misses += 1;
      hit = {
        ...toCached(await compute()),
        madeAt: Date.now(),
        stock: depends === 'stock' ? current.stock : undefined,
        availability: depends === 'availability' ? current.availability : undefined,
      };
      if (version === current.content && hit.bytes <= MAX_ENTRY_BYTES) store(request.url, hit);
      // Just computed: its shelf counts are the ones it read.
      levels.clear();
    }
    const entry = hit;
    if (!entry.slots.length) return send(request, reply, `W/"${entry.etag}"`, () => entry.parts[0]!);
    const filled = entry.filled;
    if (quick && filled && filled.stock === current.stock) return send(request, reply, filled.etag, () => filled.body);
    // The shelf counts as they are now; the ETag covers them.
    const figures = entry.slots.map((slot) => String(levels.get(slot.id)?.[slot.field] ?? slot.was));
    const etag = `W/"${hash(`${entry.etag}:${figures.join(',')}`)}"`;
    const body = fillSlots(entry.parts, figures);
    // Counts read with the counters in one statement belong to that stock counter; counts of an
    // answer just made may be newer than the counter read before it, which only costs a re-read.
    if (entry.bytes <= MAX_FILLED_BYTES && answers.get(request.url) === entry) entry.filled = { stock: current.stock, readAt: Date.now(), etag, body };
    return send(request, reply, etag, () => body);
  };
}

/** Registers a public GET answered through the answer cache. */
export type CachedGet = (path: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => void;
