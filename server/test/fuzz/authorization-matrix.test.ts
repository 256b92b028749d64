/**
 * Who may call what, for every route the app has: the table below declares each API route's and
 * each page's audience, and the test proves it: admin routes refuse visitors (401; pages send
 * them to /login) and customers (403); signed-in routes refuse visitors. A route added without an
 * entry here fails, and so does an entry whose route is gone.
 */
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
// The page route tree is read only to list the pages; the server never imports it.
// eslint-disable-next-line import-x/no-restricted-paths
import pageRoutes from '../../../app/routes';
import { testDialect } from '../database';
import { routeTable } from '../../http/input-guard';
import { isClientFile, fuzzAppWithPages } from './fuzz-app';

/** public: anyone; signed: any signed-in user (their own data); admin; secret: a gateway or courier calling back, judged by its own proof. */
type Audience = 'public' | 'signed' | 'admin' | 'secret';

const API: Record<string, Audience> = {
  'GET /healthz': 'public',
  'GET /metrics': 'secret',
  'GET /api/settings/': 'public',
  'PUT /api/settings/': 'admin',
  'GET /api/product/': 'public',
  'GET /api/product/:id/': 'public',
  'GET /all-product/:type/': 'public',
  'GET /category-book/:name/': 'public',
  'GET /category-all-book/:name/': 'public',
  'GET /author-book/:name/': 'public',
  'GET /publisher-book/:name/': 'public',
  'GET /api/author/': 'public',
  'GET /api/author/:id/': 'public',
  'GET /api/publisher/': 'public',
  'GET /api/publisher/:id/': 'public',
  'GET /api/category/': 'public',
  'GET /api/category/:id/': 'public',
  'GET /api/banner/': 'public',
  'GET /api/logo/': 'public',
  'GET /api/search/': 'public',
  'GET /api/search/suggest/': 'public',
  'POST /create-book/': 'admin',
  'POST /create-electronics/': 'admin',
  'POST /create-stationary/': 'admin',
  'PUT /api/product/:id/': 'admin',
  'DELETE /api/product/:id/': 'admin',
  // GET /api/product/export.csv (admin) has a file extension, so apiRoutes() counts it a client file
  // (fuzz-app.ts isClientFile); bulk-export.test.ts checks its 401 and 403.
  'POST /api/product/import/': 'admin',
  'POST /api/product/bulk-price/': 'admin',
  'POST /create-author/': 'admin',
  'PUT /api/author/:id/': 'admin',
  'DELETE /api/author/:id/': 'admin',
  'POST /create-publisher/': 'admin',
  'PUT /api/publisher/:id/': 'admin',
  'DELETE /api/publisher/:id/': 'admin',
  'POST /api/category/': 'admin',
  'PUT /category/:name/': 'admin',
  'DELETE /category/:name/': 'admin',
  'PUT /api/category/:id/': 'admin',
  'DELETE /api/category/:id/': 'admin',
  'POST /create-logo/': 'admin',
  'POST /create-banner/': 'admin',
  'DELETE /api/logo/:id/': 'admin',
  'DELETE /api/banner/:id/': 'admin',
  'POST /register_user/': 'public',
  'POST /login/': 'public',
  'POST /logout/': 'public',
  'POST /send_reset_otp/': 'public',
  'POST /verify_otp/': 'public',
  'POST /reset-password/': 'public',
  'POST /makeAdmin/': 'admin',
  'POST /api/user/:id/unlock-recovery/': 'admin',
  'GET /api/user/': 'signed',
  'GET /api/me/': 'signed',
  'GET /api/sms/': 'admin',
  'POST /checkout/': 'signed',
  'GET /api/order/': 'signed',
  'POST /api/order/': 'admin',
  'GET /api/order/:id/': 'signed',
  'PUT /api/order/:id/': 'admin',
  'GET /api/order/:id/invoice/': 'admin',
  'POST /api/order/:id/payments/': 'admin',
  'POST /api/order/:id/payments/:pid/reject/': 'admin',
  'POST /api/order/:id/confirm/': 'admin',
  'POST /api/order/:id/returns/': 'admin',
  'POST /api/order/:id/return-request/': 'signed',
  'POST /api/order/:id/receive-parcel/': 'admin',
  'POST /api/order/:id/partial-delivery/': 'admin',
  'GET /api/returns/': 'admin',
  'GET /api/returns/:id/': 'admin',
  'POST /api/returns/:id/approve/': 'admin',
  'POST /api/returns/:id/reject/': 'admin',
  'POST /api/returns/:id/receive/': 'admin',
  'POST /api/returns/:id/exchange/': 'admin',
  'GET /api/orderItem/': 'signed',
  'GET /payment/bkash/callback': 'secret',
  'POST /payment/sslcommerz/success': 'secret',
  'POST /payment/sslcommerz/fail': 'secret',
  'POST /payment/sslcommerz/cancel': 'secret',
  'POST /payment/sslcommerz/ipn': 'secret',
  'POST /api/order/:id/pay/': 'signed',
  'POST /api/order/:id/refund/': 'admin',
  'POST /api/order/:id/payment-review/': 'admin',
  'POST /webhooks/steadfast': 'secret',
  'POST /webhooks/pathao': 'secret',
  'POST /api/order/:id/shipment/': 'admin',
  'POST /api/shipments/': 'admin',
  'GET /api/couriers/': 'admin',
  'GET /api/couriers/pathao/cities/': 'admin',
  'GET /api/couriers/pathao/zones/': 'admin',
  'GET /api/couriers/pathao/areas/': 'admin',
  'GET /api/couriers/pathao/price/': 'admin',
  'GET /api/order/:id/shipment/prefill/': 'admin',
  'GET /api/track/': 'public',
  'POST /api/courier-payouts/': 'admin',
  'GET /api/courier-payouts/': 'admin',
  'GET /api/courier-payouts/outstanding/': 'admin',
  'GET /api/courier-payouts/:id/': 'admin',
  'GET /api/reports/couriers/': 'admin',
  'GET /api/dashboard/': 'admin',
  'POST /api/product/:id/notify/': 'public',
  'GET /api/restock/': 'admin',
  'GET /api/audit/': 'admin',
  'GET /api/product/:id/reviews/': 'public',
  'GET /api/product/:id/reviews/mine/': 'signed',
  'POST /api/product/:id/reviews/': 'signed',
  'PUT /api/product/:id/reviews/': 'signed',
  'DELETE /api/product/:id/reviews/': 'signed',
  'PUT /api/product/:id/reviews/:reviewId/': 'signed',
  'DELETE /api/product/:id/reviews/:reviewId/': 'signed',
  'GET /api/review/': 'admin',
  'GET /api/review/:id/': 'admin',
  'PUT /api/review/:id/': 'admin',
  'PATCH /api/review/:id/': 'admin',
  'DELETE /api/review/:id/': 'admin',
  'GET /api/product/:id/related/': 'public',
  'POST /api/cart/quote/': 'public',
  'GET /api/promotion/': 'admin',
  'POST /api/promotion/': 'admin',
  'GET /api/promotion/:id/': 'admin',
  'PUT /api/promotion/:id/': 'admin',
  'DELETE /api/promotion/:id/': 'admin',
  'GET /media/*': 'public',
  // GET /api/openapi.json (public) has a file extension too; openapi.test.ts checks it answers without signing in.
  'GET /api/docs': 'public',
};

/** Pages by path; `signed` pages send a visitor to sign in, `admin` pages also give a customer 403. */
const PAGES: Record<string, 'public' | 'signed' | 'admin'> = {
  '/': 'public', '/books': 'public', '/electronics': 'public', '/stationary': 'public', '/books/:id': 'public',
  '/electronics/:id': 'public', '/stationary/:id': 'public', '/categories': 'public', '/category/:name': 'public',
  '/authors': 'public', '/publishers': 'public', '/authors/:name': 'public', '/publishers/:name': 'public',
  '/search': 'public', '/track': 'public', '/c/:token': 'public', '/printing-service': 'public', '/custom-order': 'public',
  '/set-lang/:lang': 'public', '/sitemap.xml': 'public', '/robots.txt': 'public', '/cart': 'public',
  '/cart-products': 'public', '/wishlist': 'public', '/register': 'public', '/login': 'public',
  '/forget-password': 'public', '/verify-otp': 'public', '/reset-password': 'public',
  '/manifest.webmanifest': 'public', '/offline': 'public',
  '/checkout': 'signed', '/order': 'signed', '/*': 'public',
  '/admin': 'admin', '/admin-logo': 'admin', '/admin-banner': 'admin', '/admin-authors': 'admin', '/update-author/:id': 'admin',
  '/admin-publishers': 'admin', '/update-publisher/:id': 'admin', '/admin-customers': 'admin', '/make-admin': 'admin',
  '/admin-categories': 'admin', '/update-category/:id': 'admin', '/admin-books': 'admin', '/update-book/:id': 'admin',
  '/admin-electronics': 'admin', '/update-electronics/:id': 'admin', '/admin-stationary': 'admin',
  '/update-stationary/:id': 'admin', '/admin-products-import': 'admin', '/admin-orders': 'admin', '/admin-orders/new': 'admin', '/order-invoice/:id': 'admin', '/admin-settings': 'admin',
  '/admin-sms': 'admin', '/admin-couriers': 'admin', '/admin-returns': 'admin', '/admin-payouts': 'admin', '/admin-restock': 'admin', '/admin-reviews': 'admin', '/admin-audit': 'admin', '/admin-promotions': 'admin', '/admin-promotions/new': 'admin', '/admin-promotions/:id': 'admin',
};

function pagePaths(entries: RouteConfigEntry[], prefix = ''): string[] {
  return entries.flatMap((e) => {
    const own = e.index ? prefix || '/' : e.path ? `${prefix}/${e.path}` : prefix;
    return [...(e.path || e.index ? [own] : []), ...pagePaths(e.children ?? [], e.path ? own : prefix)];
  });
}

const fill = (url: string) => url.replace(/:\w+/g, '1').replace('*', 'x');

describe(`authorisation matrix: every route declares its audience and keeps to it (${testDialect})`, () => {
  const f = fuzzAppWithPages();

  const apiRoutes = () => [...new Set(routeTable(f.app).filter((r) => r.method !== 'HEAD' && r.url !== '/*' && !isClientFile(r.url)).map((r) => `${r.method} ${r.url}`))];

  it('every API route has an entry in the table, and every entry a route', () => {
    const routes = apiRoutes();
    expect(routes.filter((r) => !(r in API)), 'routes without an audience').toEqual([]);
    expect(Object.keys(API).filter((r) => !routes.includes(r)), 'entries without a route').toEqual([]);
  });

  it('every page has an entry in the table, and every entry a page', () => {
    const pages = [...new Set(pagePaths(pageRoutes))];
    expect(pages.filter((p) => !(p in PAGES)), 'pages without an audience').toEqual([]);
    expect(Object.keys(PAGES).filter((p) => !pages.includes(p)), 'entries without a page').toEqual([]);
  });

  it('admin API routes answer a visitor 401 and a customer 403, with the JSON error shape', async () => {
    for (const key of apiRoutes().filter((r) => API[r] === 'admin')) {
      const [method, url] = key.split(' ') as [string, string];
      for (const [who, status] of [['visitor', 401], ['customer', 403]] as const) {
        const res = await f.app.inject({ method: method as 'GET', url: fill(url), headers: f.headers[who], ...(method === 'GET' ? {} : { payload: {} }) });
        expect(res.statusCode, `${key} as ${who}: ${res.body.slice(0, 200)}`).toBe(status);
        expect(res.json()).toMatchObject({ status });
      }
    }
  });

  it('signed-in API routes answer a visitor 401; public ones never ask to sign in', async () => {
    for (const key of apiRoutes().filter((r) => API[r] === 'signed' || API[r] === 'public')) {
      const [method, url] = key.split(' ') as [string, string];
      const res = await f.app.inject({ method: method as 'GET', url: fill(url), ...(method === 'GET' ? {} : { payload: {} }) });
      if (API[key] === 'signed') expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBe(401);
      else expect([401, 403], `${key}: ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
    }
  });

  it('admin pages send a visitor to /login and answer a customer 403; signed pages send a visitor to sign in', async (ctx) => {
    if (!f.withPages) return ctx.skip();
    for (const [page, audience] of Object.entries(PAGES)) {
      if (audience === 'public') continue;
      const url = fill(page);
      const visitor = await f.app.inject({ method: 'GET', url });
      expect(visitor.statusCode, `${page} as visitor`).toBeGreaterThanOrEqual(300);
      expect(visitor.statusCode, `${page} as visitor`).toBeLessThan(400);
      expect(String(visitor.headers.location), page).toMatch(/^\/(login|register)\?next=/);
      if (audience !== 'admin') continue;
      const customer = await f.app.inject({ method: 'GET', url, headers: f.headers.customer });
      expect(customer.statusCode, `${page} as customer`).toBe(403);
      const action = await f.app.inject({ method: 'POST', url, headers: { ...f.headers.customer, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
      // 405: the page has no action at all.
      expect([403, 405], `${page} POST as customer`).toContain(action.statusCode);
    }
  });
});
