/**
 * The stock screens through the real page adapter and entry.server: /admin-stock-receipts (the
 * form and the receipts with their lines), /admin-stock-low (fastest sellers first),
 * /admin-stock-history/:id (the movements with reason, reference and who), and the product edit
 * form's threshold field and link to the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UNSAFE_withComponentProps, type ServerBuild } from 'react-router';
import { createTestApp, type Signed, type TestApp } from '../../../server/test/app';
import { testDialect } from '../../../server/test/database';
import { miniServerBuild } from '../../../server/test/mini-build';
import { startPagesApp, type PagesApp } from '../../../server/test/pages-app';
import { checkoutBody, insertProduct } from '../../../server/test/orders-fixtures';
import * as root from '../../root';
import handleRequest from '../../entry.server';
import * as receipts from './stock-receipts';
import * as low from './stock-low';
import * as history from './stock-history';
import * as productEdit from './product-edit';

type PageModule = { default: unknown };
const page = (path: string, module: PageModule) => ({ path, module: { ...module, default: UNSAFE_withComponentProps(module.default as Parameters<typeof UNSAFE_withComponentProps>[0]) } });

function pagesBuild(): ServerBuild {
  return miniServerBuild(handleRequest, {
    root: { path: '', module: root },
    receipts: page('admin-stock-receipts', receipts),
    low: page('admin-stock-low', low),
    history: page('admin-stock-history/:id', history),
    'update-book': page('update-book/:id', productEdit),
  });
}

describe(`the stock screens (${testDialect})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let pages: PagesApp | undefined;
  let owner: Signed;
  let himu: number;
  let pen: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signIn({ admin: true, name: 'Shop Owner' });
    const db = t.services.database.db;
    himu = await insertProduct(db, { title: 'Himu', units_stock: 6 });
    pen = await insertProduct(db, { title: 'Gel pen', units_stock: 0, type: 'stationary' });
    const customer = await t.signIn();
    const res = await t.app.inject({ method: 'POST', url: '/checkout/', headers: customer.headers, payload: checkoutBody([{ product: himu, quantity: 4 }]) });
    expect(res.statusCode, res.body).toBe(200);
    await t.services.stock.receipts.create(owner.userId, { supplier: 'অন্যপ্রকাশ', reference: 'CH-77', lines: [{ product: pen, quantity: 1, unit_cost: 12 }] });
    pages = await startPagesApp(t, pagesBuild());
    app = pages.app;
  });
  afterAll(() => (pages ? pages.close() : t?.close()));

  const get = (url: string) => app.inject({ method: 'GET', url, headers: owner.headers });

  it('/admin-stock-receipts: the form to record one, and each receipt with its lines, cost and who recorded it', async () => {
    const res = await get('/admin-stock-receipts');
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.body).toContain('data-testid="receipt-form"');
    const row = /<tr data-testid="receipt-row"[\s\S]*?<\/tr>/.exec(res.body)?.[0] ?? '';
    expect(row).toContain('অন্যপ্রকাশ');
    expect(row).toContain('CH-77');
    expect(row).toContain(`href="/admin-stock-history/${pen}"`);
    expect(row).toContain('Gel pen');
    expect(row).toContain('৳ 12');
    expect(row).toContain('Shop Owner');
  });

  it('/admin-stock-low: the low products, fastest seller first, with days left', async () => {
    const res = await get('/admin-stock-low');
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const rows = [...res.body.matchAll(/<tr data-testid="low-stock-row" data-product-id="(\d+)"[\s\S]*?<\/tr>/g)];
    expect(rows.map((r) => Number(r[1]))).toEqual([himu, pen]);
    // Himu: 2 left after 4 sold in 30 days: 15 days.
    expect(rows[0]![0]).toMatch(/<td>15<\/td>/);
  });

  it('/admin-stock-history/:id: the movements newest first with reason, reference (the order linked) and who; 404 for an unknown product', async () => {
    const res = await get(`/admin-stock-history/${himu}`);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const rows = [...res.body.matchAll(/<tr data-testid="stock-movement">([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('-4');
    expect(rows[0]).toContain('বিক্রি (Sale)');
    expect(rows[0]).toMatch(/href="\/order-invoice\/\d+"/);
    expect(rows[1]).toContain('+6');
    expect(rows[1]).toContain('সমন্বয় (Adjustment)');
    expect((await get('/admin-stock-history/99999999')).statusCode).toBe(404);
  });

  it("the product edit form has the low-stock threshold (empty: the shop's default) and links to the stock history", async () => {
    const res = await get(`/update-book/${himu}`);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.body).toMatch(/name="low_stock_threshold"[^>]*value=""/);
    expect(res.body).toContain(`href="/admin-stock-history/${himu}"`);
  });
});
