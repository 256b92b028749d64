/**
 * The public search reads: the header search box (ranked, at most 20) and the suggestions shown
 * as a shopper types (at most 8 products, authors, publishers, categories).
 */
import { z } from 'zod';
import type { RouteDocs } from '../../http/route-docs';
import { readQuery } from '../../http/pagination';
import { searchTerm } from '../../../domain/queries';
import { isAdmin, type CachedGet } from '../answer-cache';
import type { CatalogService } from '../service';
import { productAnswer, suggestAnswer } from '../answer-schemas';

const searchQuery = z.object({ search: searchTerm.optional(), q: searchTerm.optional() });
const suggestQuery = z.object({ q: searchTerm.optional() });

/** These routes' OpenAPI documentation (server/http/openapi.ts), with the query schemas the handlers read. */
export const searchDocs: RouteDocs = {
  'GET /api/search/': { summary: 'The header search: at most 20 products, ranked', audience: 'public', query: searchQuery, response: z.array(productAnswer).max(20) },
  'GET /api/search/suggest/': { summary: 'Suggestions as a shopper types: products, authors, publishers, categories', audience: 'public', query: suggestQuery, response: suggestAnswer },
};

export function searchRoutes(get: CachedGet, catalog: CatalogService) {
  get('/api/search/', async (request) => {
    const q = readQuery(searchQuery, request);
    return catalog.searchProducts(q.search ?? q.q ?? '', undefined, { admin: isAdmin(request) });
  });
  get('/api/search/suggest/', async (request) => {
    const q = readQuery(suggestQuery, request);
    return { results: await catalog.suggest(q.q ?? '') };
  });
}
