/** /robots.txt: the back office and the API stay out of search engines. */
import type { Route } from './+types/robots';

const ADMIN_PATHS = ['/admin', '/admin-', '/update-', '/make-admin', '/order-invoice/', '/api/', '/checkout', '/cart', '/wishlist', '/order', '/set-lang/', '/search'];

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = ['User-agent: *', ...ADMIN_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
