/**
 * Catalogue reads, at the paths and in the shapes clients of the first version use, every one
 * answered through the answer cache (answer-cache.ts): products and their shelves
 * (product-routes.ts), authors, publishers, categories, banners and logos (directory-routes.ts),
 * and the search box (search/routes.ts).
 */
import { routeModule } from '../http/route-module';
import { createAnswerCache, type CachedGet } from './answer-cache';
import { directoryDocs, directoryRoutes } from './directory-routes';
import { productDocs, productRoutes } from './product-routes';
import { searchDocs, searchRoutes } from './search/routes';
import type { CatalogService } from './service';

export const catalogRoutes = routeModule<{ catalog: CatalogService }>({
  docs: { ...productDocs, ...directoryDocs, ...searchDocs },
  async routes(app, { catalog }) {
    // One cache for all of them: one memory bound, emptied at once when the catalogue changes.
    const answer = createAnswerCache(catalog);
    const get: CachedGet = (path, handler) => {
      app.get(path, (request, reply) => answer(request, reply, () => handler(request, reply)));
    };
    productRoutes(get, catalog);
    directoryRoutes(get, catalog);
    searchRoutes(get, catalog);
  },
});
