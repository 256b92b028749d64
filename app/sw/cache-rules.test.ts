/**
 * The service worker's rules: nothing about one person is ever kept (personal pages, the API,
 * answers marked private or no-store, non-GET), fingerprinted assets are kept, public page
 * navigations go to the network first and fall back to the offline page.
 */
import { describe, expect, it } from 'vitest';
import { isPersonalPath as serverIsPersonal } from '../../domain/personal-paths';
import { cacheNames, isPersonalPath, mayStore, shellAssetsOf, staleCaches, strategyFor, type ResponseLike } from './cache-rules';

const ORIGIN = 'https://haat.example';
const get = (path: string, mode = 'no-cors') => ({ method: 'GET', url: ORIGIN + path, mode });
const nav = (path: string) => get(path, 'navigate');
const answer = (headers: Record<string, string> = {}, init: Partial<ResponseLike> = {}): ResponseLike => ({
  status: 200,
  type: 'basic',
  redirected: false,
  headers: new Headers(headers),
  ...init,
});

const PERSONAL_PAGES = [
  '/order',
  '/order/12',
  '/checkout',
  '/cart',
  '/wishlist',
  '/track',
  '/login',
  '/logout',
  '/register',
  '/forget-password',
  '/verify-otp',
  '/reset-password',
  '/admin',
  '/admin/orders',
  '/admin-orders',
  '/update-product/3',
  '/make-admin',
  '/order-invoice/7',
  '/payment/bkash/return',
];

describe('personal pages are never kept', () => {
  it('every personal page navigation is network-only (the offline page when the network is gone), never stored', () => {
    for (const path of PERSONAL_PAGES) {
      expect(strategyFor(nav(path), ORIGIN), path).toBe('offline-only');
      expect(strategyFor(nav(`${path}?next=/x`), ORIGIN), path).toBe('offline-only');
    }
  });

  it("their page data (React Router's .data requests) is left to the network", () => {
    for (const path of ['/order.data', '/cart.data', '/admin/orders.data', '/checkout.data']) expect(strategyFor(get(path), ORIGIN), path).toBe('network');
  });

  it("mirrors the server's personal paths (server/http/security-headers.ts) for every page path", () => {
    for (const path of [...PERSONAL_PAGES, '/books', '/books/3', '/', '/categories', '/authors/x', '/offline', '/orders-of-the-day']) {
      if (serverIsPersonal(path)) expect(isPersonalPath(path), path).toBe(true);
    }
    expect(isPersonalPath('/books')).toBe(false);
    expect(isPersonalPath('/ordering')).toBe(false);
  });

  it("a shopper's search words are not kept either", () => {
    expect(strategyFor(nav('/search?q=রবীন্দ্রনাথ'), ORIGIN)).toBe('offline-only');
  });
});

describe('the API is never kept', () => {
  it('any /api/ request, public catalogue or personal, goes to the network untouched', () => {
    for (const path of ['/api/product/', '/api/product/3/', '/api/settings/', '/api/order/', '/api/me/', '/api/cart/']) {
      expect(strategyFor(get(path), ORIGIN), path).toBe('network');
      expect(strategyFor(nav(path), ORIGIN), path).toBe('network');
    }
  });
});

describe('only GET from this origin', () => {
  it('POST, PUT, DELETE and HEAD are never answered by the worker', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD']) {
      expect(strategyFor({ method, url: `${ORIGIN}/books`, mode: 'navigate' }, ORIGIN)).toBe('network');
      expect(strategyFor({ method, url: `${ORIGIN}/assets/root-abc.css`, mode: 'no-cors' }, ORIGIN)).toBe('network');
    }
  });

  it('another origin (a payment gateway, a font host) is left alone', () => {
    expect(strategyFor({ method: 'GET', url: 'https://sandbox.bka.sh/checkout', mode: 'navigate' }, ORIGIN)).toBe('network');
    expect(strategyFor({ method: 'GET', url: 'https://cdn.example/assets/x.js', mode: 'no-cors' }, ORIGIN)).toBe('network');
  });

  it('the worker script itself is never answered from a cache', () => {
    expect(strategyFor(get('/sw.js'), ORIGIN)).toBe('network');
  });
});

describe('what is kept', () => {
  it('fingerprinted build assets and public files are cache-first', () => {
    for (const path of ['/assets/root-BQ3x1.css', '/assets/entry.client-Dk2.js', '/assets/noto-sans-bengali-400.woff2', '/favicon.svg', '/icons/icon-192.png', '/placeholder-book.svg']) {
      expect(strategyFor(get(path), ORIGIN), path).toBe('asset');
    }
  });

  it('the web manifest is not: it follows the shop settings, which change without a build', () => {
    expect(strategyFor(get('/manifest.webmanifest'), ORIGIN)).toBe('network');
  });

  it('uploaded media is cache-first in its own capped cache', () => {
    expect(strategyFor(get('/media/images/cover.webp'), ORIGIN)).toBe('media');
  });

  it('public page navigations are network-first (kept, with the offline page as the last resort)', () => {
    for (const path of ['/', '/books', '/books/3', '/category/উপন্যাস', '/offline', '/printing-service']) expect(strategyFor(nav(path), ORIGIN), path).toBe('page');
  });

  it('page data requests for public pages are not kept (they change with every visit)', () => {
    expect(strategyFor(get('/books.data'), ORIGIN)).toBe('network');
    expect(strategyFor(get('/__manifest?paths=%2Fbooks'), ORIGIN)).toBe('network');
  });
});

describe('which answers may be stored', () => {
  it('a plain public 200 may be stored', () => {
    expect(mayStore(answer({ 'cache-control': 'public, max-age=31536000, immutable' }))).toBe(true);
    expect(mayStore(answer())).toBe(true);
  });

  it('an answer marked private or no-store never is (any signed-in page: the server marks them so)', () => {
    for (const cc of ['private, no-store', 'private', 'no-store', 'Private', 'max-age=0, no-store', 'no-cache, private']) expect(mayStore(answer({ 'cache-control': cc })), cc).toBe(false);
  });

  it('errors, redirects, partial answers and opaque answers never are', () => {
    for (const status of [201, 204, 206, 301, 404, 500]) expect(mayStore(answer({}, { status })), String(status)).toBe(false);
    expect(mayStore(answer({}, { redirected: true }))).toBe(false);
    expect(mayStore(answer({}, { type: 'opaque', status: 0 }))).toBe(false);
    expect(mayStore(answer({}, { type: 'opaqueredirect', status: 0 }))).toBe(false);
    expect(mayStore(answer({}, { type: 'cors' }))).toBe(false);
  });

  it('an answer that varies on everything never is', () => {
    expect(mayStore(answer({ vary: '*' }))).toBe(false);
    expect(mayStore(answer({ vary: 'Accept-Encoding' }))).toBe(true);
  });
});

describe('the shell the offline page needs', () => {
  it("takes the page's stylesheets, fonts and public icons, and nothing personal, scripted or foreign", () => {
    const html =
      '<link rel="stylesheet" href="/assets/root-BQ3x1.css"/><link rel="icon" href="/favicon.svg"/><link rel="manifest" href="/manifest.webmanifest"/>' +
      '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/><a href="/cart">cart</a><a href="/order">orders</a><a href="/books">books</a>' +
      '<img src="https://cdn.example/x.png"/><script src="/assets/entry.client-Dk2.js"></script><link rel="preload" href="/assets/font-1.woff2"/>';
    expect(shellAssetsOf(html).sort()).toEqual(['/assets/font-1.woff2', '/assets/root-BQ3x1.css', '/favicon.svg', '/icons/apple-touch-icon.png'].sort());
  });
});

describe('caches per build', () => {
  it("on activate, the caches of earlier builds are dropped, this build's and other code's kept", () => {
    const now = Object.values(cacheNames('b2'));
    expect(staleCaches(['haat-shell-b1', 'haat-pages-b1', 'haat-media-b1', ...now, 'someone-else'], 'b2').sort()).toEqual(['haat-media-b1', 'haat-pages-b1', 'haat-shell-b1']);
  });
});
