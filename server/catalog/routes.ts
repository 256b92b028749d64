/**
 * Catalogue reads, at the paths and in the shapes clients of the first version use. Public
 * answers carry an ETag and Cache-Control, and are kept in memory until the catalogue's change
 * counter moves (triggers of migration 0102), so a busy shop serves repeated pages without
 * touching the database beyond reading the counter. Admins' answers (inactive products,
 * purchase prices) are never cached or shared.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services';
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

function pathName(request: FastifyRequest): string {
  return ((request.params as { name?: string }).name ?? '').normalize('NFC');
}

const isAdmin = (request: FastifyRequest) => !!request.user?.is_admin;

interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * Answers a public catalogue read from memory while the catalogue is unchanged, with an ETag
 * (304 on a matching If-None-Match). Admins get a fresh, private answer.
 */
function createAnswerCache(services: Services) {
  const enabled = process.env.HAAT_CATALOG_CACHE !== '0';
  const answers = new Map<string, CachedAnswer>();
  let version = -1;
  let bytes = 0;
  // A bound on memory, not on entries: plain catalogue arrays can be large.
  const MAX_BYTES = 64 * 1024 * 1024;
  const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

  return async function answer(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
    if (isAdmin(request)) {
      reply.header('cache-control', 'private, no-store');
      return compute();
    }
    const current = await services.catalog.version();
    if (current !== version) {
      answers.clear();
      bytes = 0;
      version = current;
    }
    let hit = enabled ? answers.get(request.url) : undefined;
    if (!hit) {
      const body = JSON.stringify(await compute());
      const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
      hit = { body, etag };
      if (enabled && version === current && body.length <= MAX_ENTRY_BYTES) {
        for (const [key, old] of answers) {
          if (bytes + body.length <= MAX_BYTES) break;
          answers.delete(key); // oldest first: a Map keeps insertion order
          bytes -= old.body.length;
        }
        answers.set(request.url, hit);
        bytes += body.length;
      }
    }
    reply.header('etag', hit.etag);
    reply.header('cache-control', 'public, max-age=0, must-revalidate');
    reply.header('vary', 'Authorization, Cookie');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === hit.etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(hit.body);
  };
}

export const catalogRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { catalog } = services;
  const answer = createAnswerCache(services);

  /** Registers a public GET answered through the answer cache. */
  function get(app: FastifyInstance, path: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
    app.get(path, (request, reply) => answer(request, reply, () => handler(request, reply)));
  }

  /** The catalogue routes answer a plain array, or the envelope when a page is asked for. */
  const arrayOrEnvelope = <T>(request: FastifyRequest, q: { page?: number | undefined }, page: Page | undefined, list: Listed<T>) =>
    q.page !== undefined && page ? envelope(request, page, list.count, list.results) : list.results;

  // Products
  get(app, '/api/product/', async (request) => {
    const q = readQuery(productListQuery, request);
    const page = toPage(q);
    const list = await catalog.listProducts(q, page, { admin: isAdmin(request) });
    return envelope(request, page, list.count, list.results);
  });
  get(app, '/api/product/:id/', async (request) => {
    const product = await catalog.getProduct(readId(request, 'Product not found.'), { admin: isAdmin(request) });
    if (!product) throw notFound('Product not found.');
    return product;
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
    const q = readQuery(z.object({ search: searchTerm.optional(), q: searchTerm.optional() }), request);
    return catalog.searchProducts(q.search ?? q.q ?? '', undefined, { admin: isAdmin(request) });
  });

  // Suggestions as a shopper types: at most 8 products, authors, publishers, categories.
  get(app, '/api/search/suggest/', async (request) => {
    const q = readQuery(z.object({ q: searchTerm.optional() }), request);
    return { results: await catalog.suggest(q.q ?? '') };
  });
};
