// The storefront's routes. Paths are relative to app/.
import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

export const storeRoutes: RouteConfigEntry[] = [
  index('routes/home.tsx'),
  route('books', 'routes/store/books.tsx'),
  route('electronics', 'routes/store/type-listing.tsx', { id: 'electronics-list' }),
  route('stationary', 'routes/store/type-listing.tsx', { id: 'stationary-list' }),
  route('books/:id', 'routes/store/product.tsx', { id: 'book-detail' }),
  route('electronics/:id', 'routes/store/product.tsx', { id: 'electronics-detail' }),
  route('stationary/:id', 'routes/store/product.tsx', { id: 'stationary-detail' }),
  route('categories', 'routes/store/categories.tsx'),
  route('category/:name', 'routes/store/category.tsx'),
  route('authors', 'routes/store/people.tsx', { id: 'authors' }),
  route('publishers', 'routes/store/people.tsx', { id: 'publishers' }),
  route('authors/:name', 'routes/store/person-books.tsx', { id: 'author-books' }),
  route('publishers/:name', 'routes/store/person-books.tsx', { id: 'publisher-books' }),
  route('search', 'routes/store/search.tsx'),
  // Curated lists (issue 36).
  route('list/:slug', 'routes/store/list.tsx'),
  route('track', 'routes/store/track.tsx'),
  // The one-time link an order's SMS carries (issue 33).
  route('c/:token', 'routes/store/confirm.tsx'),
  route('printing-service', 'routes/store/info.tsx', { id: 'printing-service' }),
  route('custom-order', 'routes/store/info.tsx', { id: 'custom-order' }),
  route('set-lang/:lang', 'routes/store/set-lang.ts'),
  route('sitemap.xml', 'routes/store/sitemap.ts'),
  route('robots.txt', 'routes/store/robots.ts'),
  route('manifest.webmanifest', 'routes/store/manifest.ts'),
  route('offline', 'routes/store/offline.tsx', { id: 'offline' }),
];
