/**
 * The reports against the figures worked out by hand from a fixed data set
 * (server/test/report-fixtures.ts): Dhaka days (an order placed at 23:30 UTC counts on the next
 * day), a cancelled order that counts nowhere (nor its refund), refunds by hand and through a
 * gateway on the day they were made, discounts and delivery, a counter sale, a product with a
 * purchase price and one without; the CSVs with their BOM, totals and neutralised cells.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedApp, type Signed, type TestApp } from '../test/app';
import { testDialect } from '../test/database';
import { EXPECTED_SALES_BY_DAY, EXPECTED_SALES_TOTALS, FORMULA_TITLE, REPORT_RANGE, insertReportShop, type ReportShop } from '../test/report-fixtures';
import { dhakaDayOf } from '../../domain/reports';

describe(`the reports (${testDialect})`, () => {
  let t: TestApp;
  let admin: Signed;
  let shop: ReportShop;
  beforeAll(async () => {
    ({ t, admin } = await openSignedApp());
    shop = await insertReportShop(t.services.database.db);
  });
  afterAll(() => t.close());

  const range = `from=${REPORT_RANGE.from}&to=${REPORT_RANGE.to}`;
  const get = (url: string) => t.app.inject({ url, headers: admin.headers });
  const json = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('sums sales by Dhaka day, with refunds on the day they were made and net = revenue − discounts + delivery − refunds', async () => {
    const body = await json(`/api/reports/sales/?${range}&group=day`);
    expect(body.rows).toEqual(EXPECTED_SALES_BY_DAY);
    expect(body.totals).toEqual(EXPECTED_SALES_TOTALS);
    expect(body).toMatchObject({ ...REPORT_RANGE, group: 'day' });
  });

  it('adds the days into ISO weeks and months, with the same totals', async () => {
    const weeks = await json(`/api/reports/sales/?${range}&group=week`);
    expect(weeks.rows).toEqual([
      { period: '2026-W47', orders: 3, units: 7, revenue: 1450, discounts: 50, delivery: 180, refunds: 100, net: 1480 },
      { period: '2026-W48', orders: 2, units: 2, revenue: 350, discounts: 0, delivery: 60, refunds: 360, net: 50 },
    ]);
    expect(weeks.totals).toEqual(EXPECTED_SALES_TOTALS);
    expect((await json(`/api/reports/sales/?${range}&group=month`)).rows).toEqual([{ period: '2026-11', ...EXPECTED_SALES_TOTALS }]);
  });

  it('fills the days with no orders with zeros, and counts the order placed at 23:59 in Dhaka on its own day', async () => {
    const body = await json('/api/reports/sales/?from=2026-11-18&to=2026-11-20');
    expect(body.rows.map((r: { period: string; orders: number; revenue: number }) => [r.period, r.orders, r.revenue])).toEqual([
      ['2026-11-18', 0, 0],
      ['2026-11-19', 1, 400],
      ['2026-11-20', 1, 600],
    ]);
  });

  it('covers the last 30 Dhaka days when no dates are given', async () => {
    const body = await json('/api/reports/sales/');
    expect(body.rows).toHaveLength(30);
    expect(body.to).toBe(dhakaDayOf(Date.now()));
    expect(body.rows.at(-1).period).toBe(body.to);
  });

  it('ranks products, authors, publishers and categories by revenue, leaving out what a product has none of', async () => {
    const { a, b, c } = shop.products;
    const { x, y, p1, c1, c2, c3 } = shop.people;
    expect((await json(`/api/reports/top/?${range}&by=product`)).rows).toEqual([
      { id: a, name: 'Book A', units: 4, revenue: 1200 },
      { id: b, name: 'Book B', units: 1, revenue: 400 },
      { id: c, name: FORMULA_TITLE, units: 4, revenue: 200 },
    ]);
    expect((await json(`/api/reports/top/?${range}&by=author`)).rows).toEqual([
      { id: x, name: 'Author X', units: 4, revenue: 1200 },
      { id: y, name: 'Author Y', units: 1, revenue: 400 },
    ]);
    expect((await json(`/api/reports/top/?${range}&by=publisher`)).rows).toEqual([{ id: p1, name: 'Publisher P1', units: 5, revenue: 1600 }]);
    expect((await json(`/api/reports/top/?${range}&by=category`)).rows).toEqual([
      { id: c1, name: 'Novels C1', units: 4, revenue: 1200 },
      { id: c2, name: 'Poems C2', units: 1, revenue: 400 },
      { id: c3, name: 'Pens C3', units: 4, revenue: 200 },
    ]);
    expect((await json(`/api/reports/top/?${range}&limit=1`)).rows.map((r: { id: number }) => r.id)).toEqual([a]);
  });

  it('works out the margin over the lines whose product has a purchase price, at today’s price', async () => {
    expect(await json(`/api/reports/margin/?${range}`)).toEqual({
      ...REPORT_RANGE,
      rows: [
        { type: 'books', revenue: 1600, covered_revenue: 1200, cost: 800, margin: 400, margin_rate: 0.3333, coverage: 0.75 },
        { type: 'stationary', revenue: 200, covered_revenue: 200, cost: 120, margin: 80, margin_rate: 0.4, coverage: 1 },
      ],
      totals: { revenue: 1800, covered_revenue: 1400, cost: 920, margin: 480, margin_rate: 0.3429, coverage: 0.7778 },
    });
  });

  it('splits the orders by payment option, largest amount first, with what was paid less refunds', async () => {
    const body = await json(`/api/reports/payments/?${range}`);
    expect(body.rows).toEqual([
      { option: 'cod', label: 'ক্যাশ অন ডেলিভারি', orders: 2, amount: 970, paid: 610, share: 0.4874 },
      { option: 'bkash', label: 'বিকাশ পেমেন্ট', orders: 1, amount: 670, paid: 0, share: 0.3367 },
      expect.objectContaining({ option: 'sslcommerz', orders: 1, amount: 300, paid: 200, share: 0.1508 }),
      { option: 'cash', label: 'cash', orders: 1, amount: 50, paid: 50, share: 0.0251 },
    ]);
    expect(body.totals).toEqual({ orders: 5, amount: 1990, paid: 860 });
  });

  it('answers each report as CSV: a BOM, the header, the rows and a totals row', async () => {
    const res = await get(`/api/reports/sales.csv?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-by-day_2026-11-20_2026-11-24.csv"');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.slice(1).trim().split('\n')).toEqual([
      'period,orders,units,revenue,discounts,delivery,refunds,net',
      '2026-11-20,1,2,600,50,60,0,610',
      '2026-11-21,1,4,550,0,120,0,670',
      '2026-11-22,1,1,300,0,0,100,200',
      '2026-11-23,1,1,300,0,60,0,360',
      '2026-11-24,1,1,50,0,0,360,-310',
      'Total,5,9,1800,50,240,460,1530',
    ]);
    for (const name of ['top', 'payments', 'margin', 'couriers']) {
      const csv = await get(`/api/reports/${name}.csv?${range}`);
      expect(csv.statusCode, `${name}: ${csv.body}`).toBe(200);
      expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    }
  });

  it('neutralises a cell a spreadsheet would run as a formula, and keeps negative figures numbers', async () => {
    const top = (await get(`/api/reports/top.csv?${range}&by=product`)).body;
    expect(top).toContain(`3,${shop.products.c},"'=HYPERLINK(""http://evil.example"",""Pen"")",4,200`);
    expect((await get(`/api/reports/sales.csv?${range}`)).body).toContain(',-310\n');
  });

  it('refuses a bad grouping, a range backwards or a bad limit with a message for the field', async () => {
    const group = await get('/api/reports/sales/?group=year');
    expect(group.statusCode).toBe(400);
    expect(group.json().errors.group).toBeTruthy();
    const backwards = await get('/api/reports/sales.csv?from=2026-11-24&to=2026-11-20');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to).toEqual(['`from` must be on or before `to`.']);
    expect((await get('/api/reports/top/?limit=500')).statusCode).toBe(400);
    expect((await get('/api/reports/margin/?from=yesterday')).statusCode).toBe(400);
  });

  it('is for the accountant, the manager and the owner: other staff, a customer and a visitor are refused', async () => {
    const [accountant, manager, packer, support, customer] = await Promise.all([t.signIn({ role: 'accountant' }), t.signIn({ role: 'manager' }), t.signIn({ role: 'packer' }), t.signIn({ role: 'support' }), t.signIn()]);
    for (const url of ['/api/reports/sales/', '/api/reports/top/', '/api/reports/payments/', '/api/reports/margin/', '/api/reports/sales.csv', '/api/reports/couriers.csv']) {
      for (const who of [accountant, manager]) expect((await t.app.inject({ url, headers: who.headers })).statusCode, url).toBe(200);
      for (const who of [packer, support, customer]) expect((await t.app.inject({ url, headers: who.headers })).statusCode, url).toBe(403);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});
