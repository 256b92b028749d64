/**
 * Catalogue reads, at the paths and in the shapes clients of the first version use. Public
 * answers carry an ETag and Cache-Control, and are kept in memory until the catalogue's content
 * counter moves (triggers of migrations 0102 and 0104; a checkout moves only the stock counters),
 * so a busy shop serves repeated pages with two small queries: the counters, and the current
 * stock of the answer's products. Admins' answers (inactive products,
 * purchase prices) are never cached or shared.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services';
import type { RouteDocs } from '../http/route-docs';
import { envelope, pageQuery, readId, readQuery, toPage, type Page } from '../http/pagination';
import { notFound } from '../http/errors';
import { PRODUCT_TYPES } from '../../domain/catalog';
import { flagSchema, idSchema, searchTerm } from '../../domain/queries';
import { PERSON_ORDERINGS, PRODUCT_ORDERINGS, type Listed } from './service';

const productOrdering = z.enum(PRODUCT_ORDERINGS, { message: `ordering must be one of ${PRODUCT_ORDERINGS.join(', ')}.` });
const personOrdering = z.enum(PERSON_ORDERINGS, { message: `ordering must be one of ${PERSON_ORDERINGS.join(', ')}.` });
const productType = z.enum(PRODUCT_TYPES, { message: `type must be one of ${PRODUCT_TYPES.join(', ')}.` });

const productListQuery = pageQuery.extend({
  type: productType.optional(),
  category: idSchema.optional(),
  author: idSchema.optional(),
  publisher: idSchema.optional(),
  is_active: flagSchema.optional(),
  search: searchTerm.optional(),
  ordering: productOrdering.optional(),
});
const catalogueQuery = pageQuery.extend({ search: searchTerm.optional(), ordering: productOrdering.optional() });
const categoryBooksQuery = pageQuery.extend({ ordering: productOrdering.optional(), author: idSchema.optional(), publisher: idSchema.optional() });
const personQuery = pageQuery.extend({ search: searchTerm.optional(), ordering: personOrdering.optional() });
const categoryQuery = pageQuery.extend({ search: searchTerm.optional(), name: searchTerm.optional() });

const searchQuery = z.object({ search: searchTerm.optional(), q: searchTerm.optional() });
const suggestQuery = z.object({ q: searchTerm.optional() });

/** These routes' OpenAPI documentation (server/http/openapi.ts), with the query schemas the handlers read. */
export const catalogDocs: RouteDocs = {
  'GET /api/product/': { summary: 'Products, filtered, searched and ordered, in pages', audience: 'public', query: productListQuery },
  'GET /api/product/:id/': { summary: 'One product', audience: 'public' },
  'GET /api/product/:id/related/': { summary: "A product's related lists: more by the author, in the category, bought together", audience: 'public' },
  'GET /all-product/:type/': { summary: 'All products of a type (books, electronics, stationary); the envelope when page is given', audience: 'public', query: catalogueQuery },
  'GET /category-book/:name/': { summary: "A category's products", audience: 'public', query: categoryBooksQuery },
  'GET /category-all-book/:name/': { summary: "A category's products, its sub-categories' included", audience: 'public', query: categoryBooksQuery },
  'GET /author-book/:name/': { summary: "An author's products", audience: 'public', query: catalogueQuery.omit({ search: true }) },
  'GET /publisher-book/:name/': { summary: "A publisher's products", audience: 'public', query: catalogueQuery.omit({ search: true }) },
  'GET /api/author/': { summary: 'Authors', audience: 'public', query: personQuery },
  'GET /api/author/:id/': { summary: 'One author', audience: 'public' },
  'GET /api/publisher/': { summary: 'Publishers', audience: 'public', query: personQuery },
  'GET /api/publisher/:id/': { summary: 'One publisher', audience: 'public' },
  'GET /api/category/': { summary: 'Categories', audience: 'public', query: categoryQuery },
  'GET /api/category/:id/': { summary: 'One category', audience: 'public' },
  'GET /api/banner/': { summary: 'Banners', audience: 'public', query: pageQuery },
  'GET /api/logo/': { summary: 'Logos', audience: 'public', query: pageQuery },
  'GET /api/search/': { summary: 'The header search: at most 20 products, ranked', audience: 'public', query: searchQuery },
  'GET /api/search/suggest/': { summary: 'Suggestions as a shopper types: products, authors, publishers, categories', audience: 'public', query: suggestQuery },
};

function pathName(request: FastifyRequest): string {
  return ((request.params as { name?: string }).name ?? '').normalize('NFC');
}

const isAdmin = (request: FastifyRequest) => !!request.user?.is_admin;

/** Where a cached answer's shelf counts go: the product and the field. */
interface StockSlot {
  id: number;
  field: 'units_stock' | 'units_sold';
  /** The figure when the answer was made, used only if the product has gone since. */
  was: number;
}

interface CachedAnswer {
  /** The JSON text, cut where the products' shelf counts go (one more part than slots). */
  parts: string[];
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
    if ((key === 'units_stock' || key === 'units_sold') && typeof v === 'number' && typeof this.id === 'number') {
      slots.push({ id: this.id, field: key, was: v });
      return SLOT;
    }
    return v;
  }) ?? 'null';
  const parts = slots.length ? text.split(SLOT_JSON) : [text];
  return { parts, slots, ids: [...new Set(slots.map((s) => s.id))], etag: hash(text), bytes: text.length };
}

/** The product page's related lists (related.ts). */
const RELATED_PATH = '/api/product/:id/related/';

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
function createAnswerCache(services: Services) {
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
    // One round trip: the counters, and the shelf counts of the answer remembered for this URL.
    let hit = answers.get(request.url);
    const { versions: current, levels } = await services.catalog.stock.versionsAndLevels(hit?.ids ?? []);
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
    // The shelf counts as they are now; the ETag covers them.
    const figures = entry.slots.map((slot) => String(levels.get(slot.id)?.[slot.field] ?? slot.was));
    const etag = `W/"${hash(`${entry.etag}:${figures.join(',')}`)}"`;
    return send(request, reply, etag, () => {
      let body = entry.parts[0]!;
      for (let i = 0; i < figures.length; i += 1) body += figures[i]! + entry.parts[i + 1]!;
      return body;
    });
  };
}

export const catalogRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { catalog } = services;
  const answer = createAnswerCache(services);

  /** Registers a public GET answered through the answer cache. */
  function get(app: FastifyInstance, path: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
    app.get(path, (request, reply) => answer(request, reply, () => handler(request, reply)));
  }

  /** The list envelope; a search that stopped counting at its limit says so (`count_capped`: "10,000+"). */
  const listEnvelope = <T>(request: FastifyRequest, page: Page, list: Listed<T> & { count_capped?: true }) =>
    list.count_capped ? { ...envelope(request, page, list.count, list.results), count_capped: true } : envelope(request, page, list.count, list.results);

  /** The catalogue routes answer a plain array, or the envelope when a page is asked for. */
  const arrayOrEnvelope = <T>(request: FastifyRequest, q: { page?: number | undefined }, page: Page | undefined, list: Listed<T> & { count_capped?: true }) =>
    q.page !== undefined && page ? listEnvelope(request, page, list) : list.results;

  // Products
  get(app, '/api/product/', async (request) => {
    const q = readQuery(productListQuery, request);
    const page = toPage(q);
    const list = await catalog.listProducts(q, page, { admin: isAdmin(request) });
    return listEnvelope(request, page, list);
  });
  get(app, '/api/product/:id/', async (request) => {
    const product = await catalog.getProduct(readId(request, 'Product not found.'), { admin: isAdmin(request) });
    if (!product) throw notFound('Product not found.');
    return product;
  });
  // More by the author, more in the category, bought together: an active product's only.
  get(app, RELATED_PATH, async (request) => {
    const id = readId(request, 'Product not found.');
    const [product, related] = await Promise.all([catalog.getProduct(id), catalog.related(id)]);
    if (!product) throw notFound('Product not found.');
    return related;
  });

  get(app, '/all-product/:type/', async (request) => {
    const type = productType.safeParse((request.params as { type: string }).type);
    if (!type.success) throw type.error;
    const q = readQuery(catalogueQuery, request);
    const page = q.page !== undefined ? toPage(q) : undefined;
    const list = await catalog.productsOfType(type.data, { search: q.search, ordering: q.ordering, page }, { admin: isAdmin(request) });
    return arrayOrEnvelope(request, q, page, list);
  });

  for (const [path, descendants] of [
    ['/category-book/:name/', false],
    ['/category-all-book/:name/', true],
  ] as const) {
    get(app, path, async (request) => {
      const q = readQuery(categoryBooksQuery, request);
      const page = q.page !== undefined ? toPage(q) : undefined;
      const list = await catalog.productsOfCategory(pathName(request), { descendants, ordering: q.ordering, page, author: q.author, publisher: q.publisher }, { admin: isAdmin(request) });
      if (!list) throw notFound('Category not found.');
      return arrayOrEnvelope(request, q, page, list);
    });
  }

  get(app, '/author-book/:name/', async (request) => {
    const q = readQuery(catalogueQuery.omit({ search: true }), request);
    const page = q.page !== undefined ? toPage(q) : undefined;
    const list = await catalog.productsOfAuthor(pathName(request), { ordering: q.ordering, page }, { admin: isAdmin(request) });
    if (!list) throw notFound('Author not found.');
    return arrayOrEnvelope(request, q, page, list);
  });

  get(app, '/publisher-book/:name/', async (request) => {
    const q = readQuery(catalogueQuery.omit({ search: true }), request);
    const page = q.page !== undefined ? toPage(q) : undefined;
    const list = await catalog.productsOfPublisher(pathName(request), { ordering: q.ordering, page }, { admin: isAdmin(request) });
    if (!list) throw notFound('Publisher not found.');
    return arrayOrEnvelope(request, q, page, list);
  });

  // Authors and publishers
  for (const [base, list, one, what] of [
    ['/api/author/', catalog.listAuthors, catalog.getAuthor, 'Author'],
    ['/api/publisher/', catalog.listPublishers, catalog.getPublisher, 'Publisher'],
  ] as const) {
    get(app, base, async (request) => {
      const q = readQuery(personQuery, request);
      const page = toPage(q);
      const result = await list({ search: q.search, ordering: q.ordering }, page);
      return envelope(request, page, result.count, result.results);
    });
    get(app, `${base}:id/`, async (request) => {
      const person = await one(readId(request, `${what} not found.`));
      if (!person) throw notFound(`${what} not found.`);
      return person;
    });
  }

  // Categories
  get(app, '/api/category/', async (request) => {
    const q = readQuery(categoryQuery, request);
    const page = toPage(q);
    const result = await catalog.listCategories({ search: q.search, name: q.name?.normalize('NFC') }, page);
    return envelope(request, page, result.count, result.results);
  });
  get(app, '/api/category/:id/', async (request) => {
    const category = await catalog.getCategory(readId(request, 'Category not found.'));
    if (!category) throw notFound('Category not found.');
    return category;
  });

  // Banners and logos: short lists, in the envelope like every /api/<resource>/ list.
  for (const [base, load] of [
    ['/api/banner/', catalog.listBanners],
    ['/api/logo/', catalog.listLogos],
  ] as const) {
    get(app, base, async (request) => {
      const page = toPage(readQuery(pageQuery, request));
      const all = await load();
      return envelope(request, page, all.length, all.slice(page.offset, page.offset + page.size));
    });
  }

  // The header search box: ranked, at most 20.
  get(app, '/api/search/', async (request) => {
    const q = readQuery(searchQuery, request);
    return catalog.searchProducts(q.search ?? q.q ?? '', undefined, { admin: isAdmin(request) });
  });

  // Suggestions as a shopper types: at most 8 products, authors, publishers, categories.
  get(app, '/api/search/suggest/', async (request) => {
    const q = readQuery(suggestQuery, request);
    return { results: await catalog.suggest(q.q ?? '') };
  });
};
