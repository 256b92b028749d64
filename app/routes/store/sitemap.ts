/** /sitemap.xml: the storefront's listings, every active product and category, and the live curated lists, for search engines. */
import type { Route } from './+types/sitemap';
import { catalog } from './catalog.server';
import { categoryPath, productPath } from '../../../domain/store-paths';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const c = catalog(context);
  const urls: { loc: string; lastmod?: string }[] = ['/', '/books', '/electronics', '/stationary', '/categories', '/authors', '/publishers'].map((p) => ({ loc: p }));
  const size = 100;
  for (let page = 1; ; page++) {
    const { count, results } = await c.listProducts({ is_active: true }, { page, size, offset: (page - 1) * size });
    for (const p of results) urls.push({ loc: productPath(p), lastmod: p.updated_at.slice(0, 10) });
    if (page * size >= count || !results.length) break;
  }
  for (const list of await context.services.lists.shelf.liveLists()) urls.push({ loc: `/list/${list.slug}`, lastmod: list.updated_at.slice(0, 10) });
  for (let page = 1; ; page++) {
    const { count, results } = await c.listCategories({}, { page, size, offset: (page - 1) * size });
    for (const cat of results) urls.push({ loc: categoryPath(cat.name) });
    if (page * size >= count || !results.length) break;
  }
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.map((u) => `<url><loc>${esc(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n') +
    '\n</urlset>\n';
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
