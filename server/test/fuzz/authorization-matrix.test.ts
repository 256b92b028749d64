/**
 * Who may call what, for every route the app has, by every role: the tables below state each API
 * route's and each page's audience as the run contract's permission table gives it, and the test
 * proves that each route declares the same (its RouteDocs; pages in app/routes/admin/screens.server.ts)
 * and keeps to it: staff routes refuse visitors (401; pages send them to /login), customers and
 * every staff role the level does not admit (403), and let the admitted roles through; signed-in
 * routes refuse visitors. A route added without an entry here fails, and so does an entry whose
 * route is gone.
 */
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
// The page route tree is read only to list the pages; the server never imports it.
// eslint-disable-next-line import-x/no-restricted-paths
import pageRoutes from '../../../app/routes';
import { testDialect } from '../database';
import { routeTable } from '../../http/input-guard';
import { isClientFile, fuzzAppWithPages } from './fuzz-app';
import { signInUser } from '../app';
import { allRouteDocs } from '../../route-modules';
import { declaredAudience } from '../../http/route-guard';
import type { Audience } from '../../http/route-docs';
import { isStaffAccess, mayUse, STAFF_ROLES, type StaffAccess, type StaffRole } from '../../../domain/roles';
// eslint-disable-next-line import-x/no-restricted-paths
import { ADMIN_SCREENS } from '../../../app/routes/admin/screens.server';

// Audience: public (anyone); signed (any signed-in user, their own data); a staff level of
// domain/roles.ts (staff, support, packer, accountant, manager, owner, counter); secret (a
// gateway or courier calling back, judged by its own proof).

const API: Record<string, Audience> = {
  'GET /healthz': 'public',
  'GET /metrics': 'secret',
  'GET /api/settings/': 'public',
  'PUT /api/settings/': 'owner',
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
  'POST /create-book/': 'manager',
  'POST /create-electronics/': 'manager',
  'POST /create-stationary/': 'manager',
  'PUT /api/product/:id/': 'manager',
  'DELETE /api/product/:id/': 'manager',
  'GET /api/product/export.csv': 'manager',
  'POST /api/product/import/': 'manager',
  'POST /api/product/bulk-price/': 'manager',
  'GET /api/product/:id/stock-movements/': 'manager',
  'POST /api/stock/receipts/': 'manager',
  'GET /api/stock/receipts/': 'manager',
  'GET /api/stock/receipts/:id/': 'manager',
  'GET /api/stock/low/': 'manager',
  'GET /api/list/': 'manager',
  'POST /api/list/': 'manager',
  'GET /api/list/:id/': 'manager',
  'PUT /api/list/:id/': 'manager',
  'DELETE /api/list/:id/': 'manager',
  'GET /api/list/:slug/products/': 'public',
  'GET /api/pos/catalogue/': 'counter',
  'POST /api/pos/sales/': 'counter',
  'GET /api/pos/sales/:id/receipt': 'counter',
  'GET /api/pos/report/': 'counter',
  'POST /create-author/': 'manager',
  'PUT /api/author/:id/': 'manager',
  'DELETE /api/author/:id/': 'manager',
  'POST /create-publisher/': 'manager',
  'PUT /api/publisher/:id/': 'manager',
  'DELETE /api/publisher/:id/': 'manager',
  'POST /api/category/': 'manager',
  'PUT /category/:name/': 'manager',
  'DELETE /category/:name/': 'manager',
  'PUT /api/category/:id/': 'manager',
  'DELETE /api/category/:id/': 'manager',
  'POST /create-logo/': 'manager',
  'POST /create-banner/': 'manager',
  'DELETE /api/logo/:id/': 'manager',
  'DELETE /api/banner/:id/': 'manager',
  'POST /register_user/': 'public',
  'POST /login/': 'public',
  'POST /logout/': 'public',
  'POST /send_reset_otp/': 'public',
  'POST /verify_otp/': 'public',
  'POST /reset-password/': 'public',
  'POST /makeAdmin/': 'owner',
  'PUT /api/user/:id/': 'owner',
  'POST /api/user/:id/unlock-recovery/': 'support',
  'GET /api/user/': 'signed',
  'GET /api/me/': 'signed',
  'GET /api/sms/': 'support',
  'POST /checkout/': 'signed',
  'GET /api/order/': 'signed',
  'POST /api/order/': 'support',
  'GET /api/order/:id/': 'signed',
  'PUT /api/order/:id/': 'support',
  'GET /api/order/:id/invoice/': 'staff',
  'POST /api/order/:id/payments/': 'accountant',
  'POST /api/order/:id/payments/:pid/reject/': 'accountant',
  'POST /api/order/:id/confirm/': 'support',
  'POST /api/order/:id/returns/': 'support',
  'POST /api/order/:id/return-request/': 'signed',
  'POST /api/order/:id/receive-parcel/': 'packer',
  'POST /api/order/:id/partial-delivery/': 'support',
  'GET /api/returns/': 'support',
  'GET /api/returns/:id/': 'support',
  'POST /api/returns/:id/approve/': 'support',
  'POST /api/returns/:id/reject/': 'support',
  'POST /api/returns/:id/receive/': 'packer',
  'POST /api/returns/:id/exchange/': 'support',
  'GET /api/orderItem/': 'signed',
  'GET /payment/bkash/callback': 'secret',
  'POST /payment/sslcommerz/success': 'secret',
  'POST /payment/sslcommerz/fail': 'secret',
  'POST /payment/sslcommerz/cancel': 'secret',
  'POST /payment/sslcommerz/ipn': 'secret',
  'POST /api/order/:id/pay/': 'signed',
  'POST /api/order/:id/refund/': 'accountant',
  'POST /api/order/:id/payment-review/': 'accountant',
  'POST /webhooks/steadfast': 'secret',
  'POST /webhooks/pathao': 'secret',
  'POST /api/order/:id/shipment/': 'packer',
  'POST /api/shipments/': 'packer',
  'POST /api/order/scan/': 'packer',
  'GET /api/order/labels.pdf': 'packer',
  'GET /api/order/packing-slips.pdf': 'packer',
  'POST /api/order/:id/packed/': 'packer',
  'GET /api/couriers/': 'staff',
  'GET /api/couriers/pathao/cities/': 'staff',
  'GET /api/couriers/pathao/zones/': 'staff',
  'GET /api/couriers/pathao/areas/': 'staff',
  'GET /api/couriers/pathao/price/': 'staff',
  'GET /api/order/:id/shipment/prefill/': 'packer',
  'GET /api/track/': 'public',
  'POST /api/courier-payouts/': 'accountant',
  'GET /api/courier-payouts/': 'accountant',
  'GET /api/courier-payouts/outstanding/': 'accountant',
  'GET /api/courier-payouts/:id/': 'accountant',
  'GET /api/reports/couriers/': 'accountant',
  'GET /api/reports/couriers.csv': 'accountant',
  'GET /api/reports/sales/': 'accountant',
  'GET /api/reports/sales.csv': 'accountant',
  'GET /api/reports/top/': 'accountant',
  'GET /api/reports/top.csv': 'accountant',
  'GET /api/reports/payments/': 'accountant',
  'GET /api/reports/payments.csv': 'accountant',
  'GET /api/reports/margin/': 'accountant',
  'GET /api/reports/margin.csv': 'accountant',
  'GET /api/order/export.csv': 'accountant',
  'GET /api/order/export.xlsx': 'accountant',
  'GET /api/dashboard/': 'staff',
  'POST /api/product/:id/notify/': 'public',
  'GET /api/restock/': 'support',
  'GET /api/audit/': 'owner',
  'GET /api/product/:id/reviews/': 'public',
  'GET /api/product/:id/reviews/mine/': 'signed',
  'POST /api/product/:id/reviews/': 'signed',
  'PUT /api/product/:id/reviews/': 'signed',
  'DELETE /api/product/:id/reviews/': 'signed',
  'PUT /api/product/:id/reviews/:reviewId/': 'signed',
  'DELETE /api/product/:id/reviews/:reviewId/': 'signed',
  'GET /api/review/': 'support',
  'GET /api/review/:id/': 'support',
  'PUT /api/review/:id/': 'support',
  'PATCH /api/review/:id/': 'support',
  'DELETE /api/review/:id/': 'support',
  'GET /api/product/:id/related/': 'public',
  'POST /api/cart/quote/': 'public',
  'GET /api/promotion/': 'manager',
  'POST /api/promotion/': 'manager',
  'GET /api/promotion/:id/': 'manager',
  'PUT /api/promotion/:id/': 'manager',
  'DELETE /api/promotion/:id/': 'manager',
  'GET /media/*': 'public',
  // GET /api/openapi.json (public) has a file extension too; openapi.test.ts checks it answers without signing in.
  'GET /api/docs': 'public',
};

/** Pages by path; `signed` pages send a visitor to sign in, staff pages also give a customer and the roles their level leaves out 403. */
const PAGES: Record<string, 'public' | 'signed' | StaffAccess> = {
  '/': 'public', '/books': 'public', '/electronics': 'public', '/stationary': 'public', '/books/:id': 'public',
  '/electronics/:id': 'public', '/stationary/:id': 'public', '/categories': 'public', '/category/:name': 'public',
  '/authors': 'public', '/publishers': 'public', '/authors/:name': 'public', '/publishers/:name': 'public',
  '/search': 'public', '/track': 'public', '/c/:token': 'public', '/printing-service': 'public', '/custom-order': 'public',
  '/set-lang/:lang': 'public', '/sitemap.xml': 'public', '/robots.txt': 'public', '/cart': 'public',
  '/cart-products': 'public', '/wishlist': 'public', '/register': 'public', '/login': 'public',
  '/forget-password': 'public', '/verify-otp': 'public', '/reset-password': 'public',
  '/manifest.webmanifest': 'public', '/offline': 'public', '/list/:slug': 'public',
  '/checkout': 'signed', '/order': 'signed', '/*': 'public',
  // The back office (the contract: catalogue, promotions and lists manager+; settings, staff and
  // the audit log owner only; reading orders every staff role; reports and payouts accountant+).
  '/admin': 'staff', '/admin-orders': 'staff', '/order-invoice/:id': 'staff', '/admin-couriers': 'staff',
  '/admin-orders/new': 'support', '/admin-returns': 'support', '/admin-customers': 'support', '/admin-restock': 'support', '/admin-reviews': 'support', '/admin-sms': 'support',
  '/admin-payouts': 'accountant', '/admin-reports': 'accountant', '/admin-packing': 'packer', '/admin-pos': 'counter',
  '/admin-logo': 'manager', '/admin-banner': 'manager', '/admin-authors': 'manager', '/update-author/:id': 'manager',
  '/admin-publishers': 'manager', '/update-publisher/:id': 'manager', '/admin-categories': 'manager', '/update-category/:id': 'manager',
  '/admin-books': 'manager', '/update-book/:id': 'manager', '/admin-electronics': 'manager', '/update-electronics/:id': 'manager',
  '/admin-stationary': 'manager', '/update-stationary/:id': 'manager', '/admin-products-import': 'manager',
  '/admin-stock-receipts': 'manager', '/admin-stock-low': 'manager', '/admin-stock-history/:id': 'manager',
  '/admin-promotions': 'manager', '/admin-promotions/new': 'manager', '/admin-promotions/:id': 'manager',
  '/admin-lists': 'manager', '/admin-lists/new': 'manager', '/admin-lists/:id': 'manager',
  '/make-admin': 'owner', '/admin-staff': 'owner', '/admin-settings': 'owner', '/admin-audit': 'owner',
};

function pagePaths(entries: RouteConfigEntry[], prefix = ''): string[] {
  return entries.flatMap((e) => {
    const own = e.index ? prefix || '/' : e.path ? `${prefix}/${e.path}` : prefix;
    return [...(e.path || e.index ? [own] : []), ...pagePaths(e.children ?? [], e.path ? own : prefix)];
  });
}

const fill = (url: string) => url.replace(/:\w+/g, '1').replace('*', 'x');

const staffLevel = (a: string | undefined): StaffAccess | null => (isStaffAccess(a) ? a : null);

describe(`authorisation matrix: every route declares its audience and keeps to it, for every role (${testDialect})`, () => {
  const f = fuzzAppWithPages();
  const staff = {} as Record<StaffRole, Record<string, string>>;
  const staffHeaders = async () => {
    for (const role of STAFF_ROLES) staff[role] ??= (await signInUser(f.services, { role, name: `Matrix ${role}` })).headers;
    return staff;
  };

  // Paths with a file extension are the build's files, except the modules' own (a CSV export, a PDF of labels).
  const declared = allRouteDocs();
  const apiRoutes = () =>
    [...new Set(routeTable(f.app).filter((r) => r.method !== 'HEAD' && r.url !== '/*').map((r) => `${r.method} ${r.url}`))].filter((key) => key in declared || !isClientFile(key.split(' ')[1]!));

  it('every API route has an entry in the table, and every entry a route', () => {
    const routes = apiRoutes();
    expect(routes.filter((r) => !(r in API)), 'routes without an audience').toEqual([]);
    expect(Object.keys(API).filter((r) => !routes.includes(r)), 'entries without a route').toEqual([]);
  });

  it("every module route declares the audience the table gives it (the guard enforces the declaration)", () => {
    const docs = allRouteDocs();
    const differ = Object.entries(API)
      .filter(([key]) => !['GET /healthz', 'GET /metrics', 'GET /media/*', 'GET /api/docs'].includes(key))
      .map(([key, audience]) => {
        const [method, url] = key.split(' ') as [string, string];
        return { key, table: audience, declared: declaredAudience(docs, method, url) };
      })
      .filter((r) => r.table !== r.declared);
    expect(differ).toEqual([]);
  });

  it('every page has an entry in the table, and every entry a page; staff pages declare the same level in screens.server.ts', () => {
    const pages = [...new Set(pagePaths(pageRoutes))];
    expect(pages.filter((p) => !(p in PAGES)), 'pages without an audience').toEqual([]);
    expect(Object.keys(PAGES).filter((p) => !pages.includes(p)), 'entries without a page').toEqual([]);
    const staffPages = Object.entries(PAGES).filter(([, a]) => staffLevel(a));
    expect(Object.fromEntries(ADMIN_SCREENS.map((s) => [s.path, s.access]))).toEqual(Object.fromEntries(staffPages));
  });

  it('staff API routes answer a visitor 401, a customer 403, each role its level leaves out 403 and the roles it admits past the guard', async () => {
    const roles = await staffHeaders();
    for (const key of apiRoutes()) {
      const level = staffLevel(API[key]);
      if (!level) continue;
      const [method, url] = key.split(' ') as [string, string];
      const ask = (headers: Record<string, string>) => f.app.inject({ method: method as 'GET', url: fill(url), headers, ...(method === 'GET' ? {} : { payload: {} }) });
      for (const [who, status] of [['visitor', 401], ['customer', 403]] as const) {
        const res = await ask(f.headers[who]);
        expect(res.statusCode, `${key} as ${who}: ${res.body.slice(0, 200)}`).toBe(status);
        expect(res.json()).toMatchObject({ status });
      }
      for (const role of STAFF_ROLES) {
        const res = await ask(roles[role]);
        if (mayUse(role, level)) expect([401, 403], `${key} as ${role} (admitted): ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${key} as ${role} (refused): ${res.body.slice(0, 200)}`).toBe(403);
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

  it('staff pages send a visitor to /login and answer a customer and the roles their level leaves out 403; signed pages send a visitor to sign in', async (ctx) => {
    if (!f.withPages) return ctx.skip();
    const roles = await staffHeaders();
    for (const [page, audience] of Object.entries(PAGES)) {
      if (audience === 'public') continue;
      const url = fill(page);
      const visitor = await f.app.inject({ method: 'GET', url });
      expect(visitor.statusCode, `${page} as visitor`).toBeGreaterThanOrEqual(300);
      expect(visitor.statusCode, `${page} as visitor`).toBeLessThan(400);
      expect(String(visitor.headers.location), page).toMatch(/^\/(login|register)\?next=/);
      const level = staffLevel(audience);
      if (!level) continue;
      const customer = await f.app.inject({ method: 'GET', url, headers: f.headers.customer });
      expect(customer.statusCode, `${page} as customer`).toBe(403);
      const action = await f.app.inject({ method: 'POST', url, headers: { ...f.headers.customer, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
      // 405: the page has no action at all.
      expect([403, 405], `${page} POST as customer`).toContain(action.statusCode);
      for (const role of STAFF_ROLES) {
        const res = await f.app.inject({ method: 'GET', url, headers: roles[role] });
        if (mayUse(role, level)) expect([401, 403], `${page} as ${role} (admitted)`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${page} as ${role} (refused)`).toBe(403);
      }
    }
  });
});
