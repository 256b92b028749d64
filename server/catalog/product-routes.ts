/**
 * The public product reads: the filtered list, one product and its related lists, and the
 * shelves of a type, a category, an author and a publisher. The shelves answer a plain array
 * as the first version did, or the envelope when a page is asked for.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteDocs } from '../http/route-docs';
import { envelope, pageQuery, readId, readQuery, toPage, type Page } from '../http/pagination';
import { notFound } from '../http/errors';
import { PRODUCT_TYPES } from '../../domain/catalog';
import { flagSchema, idSchema, searchTerm } from '../../domain/queries';
import { isbnQuery } from '../../domain/isbn';
import { isAdmin, RELATED_PATH, type CachedGet } from './answer-cache';
import { PRODUCT_ORDERINGS, type CatalogService, type Listed } from './service';
import { productAnswer, productPage, productShelf, relatedAnswer } from './answer-schemas';

export const productOrdering = z.enum(PRODUCT_ORDERINGS, { message: `ordering must be one of ${PRODUCT_ORDERINGS.join(', ')}.` });
const productType = z.enum(PRODUCT_TYPES, { message: `type must be one of ${PRODUCT_TYPES.join(', ')}.` });

const productListQuery = pageQuery.extend({
  type: productType.optional(),
  category: idSchema.optional(),
  author: idSchema.optional(),
  publisher: idSchema.optional(),
  is_active: flagSchema.optional(),
  search: searchTerm.optional(),
  isbn: isbnQuery.optional(),
  ordering: productOrdering.optional(),
});
const catalogQuery = pageQuery.extend({ search: searchTerm.optional(), ordering: productOrdering.optional() });
const categoryBooksQuery = pageQuery.extend({ ordering: productOrdering.optional(), author: idSchema.optional(), publisher: idSchema.optional() });
const personBooksQuery = catalogQuery.omit({ search: true });

/** These routes' OpenAPI documentation (server/http/openapi.ts), with the query schemas the handlers read. */
export const productDocs: RouteDocs = {
  'GET /api/product/': { summary: 'Products, filtered, searched and ordered, in pages', audience: 'public', query: productListQuery, response: productPage, operationId: 'listProducts' },
  'GET /api/product/:id/': { summary: 'One product', audience: 'public', response: productAnswer },
  'GET /api/product/:id/related/': { summary: "A product's related lists: more by the author, in the category, bought together", audience: 'public', response: relatedAnswer },
  'GET /all-product/:type/': { summary: 'All products of a type (books, electronics, stationary); the envelope when page is given', audience: 'public', query: catalogQuery, response: productShelf },
  'GET /category-book/:name/': { summary: "A category's products", audience: 'public', query: categoryBooksQuery, response: productShelf },
  'GET /category-all-book/:name/': { summary: "A category's products, its sub-categories' included", audience: 'public', query: categoryBooksQuery, response: productShelf },
  'GET /author-book/:name/': { summary: "An author's products", audience: 'public', query: personBooksQuery, response: productShelf },
  'GET /publisher-book/:name/': { summary: "A publisher's products", audience: 'public', query: personBooksQuery, response: productShelf },
};

function pathName(request: FastifyRequest): string {
  return ((request.params as { name?: string }).name ?? '').normalize('NFC');
}

/** The list envelope; a search that stopped counting at its limit says so (`count_capped`: "10,000+"). */
function listEnvelope<T>(request: FastifyRequest, page: Page, list: Listed<T> & { count_capped?: true }) {
  return list.count_capped ? { ...envelope(request, page, list.count, list.results), count_capped: true } : envelope(request, page, list.count, list.results);
}

/** A shelf's page when `?page=` is given (a plain array otherwise), and how to answer its list. */
function shelfPage(request: FastifyRequest, q: { page?: number | undefined; size?: number | undefined }) {
  const page = q.page !== undefined ? toPage(q) : undefined;
  const answer = <T>(list: Listed<T> & { count_capped?: true }) => (page ? listEnvelope(request, page, list) : list.results);
  return { page, answer };
}

export function productRoutes(get: CachedGet, catalog: CatalogService) {
  get('/api/product/', async (request) => {
    const q = readQuery(productListQuery, request);
    const page = toPage(q);
    const list = await catalog.listProducts(q, page, { admin: isAdmin(request) });
    return listEnvelope(request, page, list);
  });
  get('/api/product/:id/', async (request) => {
    const product = await catalog.getProduct(readId(request, 'Product not found.'), { admin: isAdmin(request) });
    if (!product) throw notFound('Product not found.');
    return product;
  });
  // More by the author, more in the category, bought together: an active product's only.
  get(RELATED_PATH, async (request) => {
    const id = readId(request, 'Product not found.');
    const [product, related] = await Promise.all([catalog.getProduct(id), catalog.related(id)]);
    if (!product) throw notFound('Product not found.');
    return related;
  });

  get('/all-product/:type/', async (request) => {
    const type = productType.safeParse((request.params as { type: string }).type);
    if (!type.success) throw type.error;
    const q = readQuery(catalogQuery, request);
    const { page, answer } = shelfPage(request, q);
    return answer(await catalog.productsOfType(type.data, { search: q.search, ordering: q.ordering, page }, { admin: isAdmin(request) }));
  });

  for (const [path, descendants] of [
    ['/category-book/:name/', false],
    ['/category-all-book/:name/', true],
  ] as const) {
    get(path, async (request) => {
      const q = readQuery(categoryBooksQuery, request);
      const { page, answer } = shelfPage(request, q);
      const list = await catalog.productsOfCategory(pathName(request), { descendants, ordering: q.ordering, page, author: q.author, publisher: q.publisher }, { admin: isAdmin(request) });
      if (!list) throw notFound('Category not found.');
      return answer(list);
    });
  }

  for (const [path, shelf, what] of [
    ['/author-book/:name/', catalog.productsOfAuthor, 'Author'],
    ['/publisher-book/:name/', catalog.productsOfPublisher, 'Publisher'],
  ] as const) {
    get(path, async (request) => {
      const q = readQuery(personBooksQuery, request);
      const { page, answer } = shelfPage(request, q);
      const list = await shelf(pathName(request), { ordering: q.ordering, page }, { admin: isAdmin(request) });
      if (!list) throw notFound(`${what} not found.`);
      return answer(list);
    });
  }
}
