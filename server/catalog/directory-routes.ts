/**
 * The public reads of the catalogue's directory: authors, publishers and categories (a list
 * and one), and the home page's banners and logos, each list in the envelope like every
 * /api/<resource>/ list.
 */
import { z } from 'zod';
import type { RouteDocs } from '../http/route-docs';
import { envelope, pageQuery, readId, readQuery, toPage } from '../http/pagination';
import { notFound } from '../http/errors';
import { searchTerm } from '../../domain/queries';
import type { CachedGet } from './answer-cache';
import { PERSON_ORDERINGS, type CatalogService } from './service';
import { pageOf } from '../http/answer-schemas';
import { bannerAnswer, categoryAnswer, logoAnswer, personAnswer } from './answer-schemas';

const personOrdering = z.enum(PERSON_ORDERINGS, { message: `ordering must be one of ${PERSON_ORDERINGS.join(', ')}.` });
const personQuery = pageQuery.extend({ search: searchTerm.optional(), ordering: personOrdering.optional() });
const categoryQuery = pageQuery.extend({ search: searchTerm.optional(), name: searchTerm.optional() });

/** These routes' OpenAPI documentation (server/http/openapi.ts), with the query schemas the handlers read. */
export const directoryDocs: RouteDocs = {
  'GET /api/author/': { summary: 'Authors', audience: 'public', query: personQuery, response: pageOf(personAnswer) },
  'GET /api/author/:id/': { summary: 'One author', audience: 'public', response: personAnswer },
  'GET /api/publisher/': { summary: 'Publishers', audience: 'public', query: personQuery, response: pageOf(personAnswer) },
  'GET /api/publisher/:id/': { summary: 'One publisher', audience: 'public', response: personAnswer },
  'GET /api/category/': { summary: 'Categories', audience: 'public', query: categoryQuery, response: pageOf(categoryAnswer) },
  'GET /api/category/:id/': { summary: 'One category', audience: 'public', response: categoryAnswer },
  'GET /api/banner/': { summary: 'Banners', audience: 'public', query: pageQuery, response: pageOf(bannerAnswer) },
  'GET /api/logo/': { summary: 'Logos', audience: 'public', query: pageQuery, response: pageOf(logoAnswer) },
};

export function directoryRoutes(get: CachedGet, catalog: CatalogService) {
  // Authors and publishers
  for (const [base, list, one, what] of [
    ['/api/author/', catalog.listAuthors, catalog.getAuthor, 'Author'],
    ['/api/publisher/', catalog.listPublishers, catalog.getPublisher, 'Publisher'],
  ] as const) {
    get(base, async (request) => {
      const q = readQuery(personQuery, request);
      const page = toPage(q);
      const result = await list({ search: q.search, ordering: q.ordering }, page);
      return envelope(request, page, result.count, result.results);
    });
    get(`${base}:id/`, async (request) => {
      const person = await one(readId(request, `${what} not found.`));
      if (!person) throw notFound(`${what} not found.`);
      return person;
    });
  }

  // Categories
  get('/api/category/', async (request) => {
    const q = readQuery(categoryQuery, request);
    const page = toPage(q);
    const result = await catalog.listCategories({ search: q.search, name: q.name?.normalize('NFC') }, page);
    return envelope(request, page, result.count, result.results);
  });
  get('/api/category/:id/', async (request) => {
    const category = await catalog.getCategory(readId(request, 'Category not found.'));
    if (!category) throw notFound('Category not found.');
    return category;
  });

  // Banners and logos: short lists, in the envelope like every /api/<resource>/ list.
  for (const [base, load] of [
    ['/api/banner/', catalog.listBanners],
    ['/api/logo/', catalog.listLogos],
  ] as const) {
    get(base, async (request) => {
      const page = toPage(readQuery(pageQuery, request));
      const all = await load();
      return envelope(request, page, all.length, all.slice(page.offset, page.offset + page.size));
    });
  }
}
