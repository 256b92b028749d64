/**
 * Curated lists (issue 36): the back office's `/api/list/` calls (manager+) and the shoppers'
 * `GET /api/list/{slug}/products/`, a live list's active products in its order, in the list
 * envelope. Thin: read, call the service, answer.
 */
import { envelope, pageQuery, readId, readQuery, toPage } from '../http/pagination';
import { notFound } from '../http/errors';
import { routeModule } from '../http/route-module';
import type { RouteDocs } from '../http/route-docs';
import { messageAnswer } from '../http/answer-schemas';
import { searchTerm } from '../../domain/queries';
import { LIST_MESSAGES, listPatchSchema, listSchema } from '../../domain/lists';
import type { ListService } from './service';

const listQuery = pageQuery.extend({ search: searchTerm.optional() }).strict();

const listDocs: RouteDocs = {
  'GET /api/list/': { summary: 'Curated lists, newest first (search by title or slug)', audience: 'manager', query: listQuery },
  'POST /api/list/': { summary: 'Make a curated list: titles, slug, products in order, start and end', audience: 'manager', body: listSchema, status: 201 },
  'GET /api/list/:id/': { summary: 'One curated list', audience: 'manager' },
  'PUT /api/list/:id/': { summary: 'Change a curated list (the fields sent; `products` replaces the order)', audience: 'manager', body: listPatchSchema },
  'DELETE /api/list/:id/': { summary: 'Delete a curated list (its products stay)', audience: 'manager', response: messageAnswer },
  'GET /api/list/:slug/products/': { summary: "A live list's active products in its order; 404 when the list is off, not started or ended", audience: 'public', query: pageQuery },
};

export const listRoutes = routeModule<{ lists: ListService }>({
  docs: listDocs,
  async routes(app, { lists }) {
    app.get('/api/list/', async (request) => {
      const q = readQuery(listQuery, request);
      const page = toPage(q);
      const { count, results } = await lists.list({ search: q.search }, page);
      return envelope(request, page, count, results);
    });

    app.post('/api/list/', async (request, reply) => reply.status(201).send(await lists.create(request.body ?? {})));

    app.get('/api/list/:id/', async (request) => {
      const list = await lists.get(readId(request, LIST_MESSAGES.notFound));
      if (!list) throw notFound(LIST_MESSAGES.notFound);
      return list;
    });

    app.put('/api/list/:id/', async (request) => lists.update(readId(request, LIST_MESSAGES.notFound), request.body ?? {}));

    app.delete('/api/list/:id/', async (request) => {
      if (!(await lists.remove(readId(request, LIST_MESSAGES.notFound)))) throw notFound(LIST_MESSAGES.notFound);
      return { status: 200, message: 'List deleted.' };
    });

    app.get('/api/list/:slug/products/', async (request) => {
      const page = toPage(readQuery(pageQuery, request));
      const found = await lists.shelf.page(String((request.params as { slug?: unknown }).slug ?? ''), page);
      if (!found) throw notFound(LIST_MESSAGES.notFound);
      return envelope(request, page, found.count, found.results);
    });
  },
});
