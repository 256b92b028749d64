/**
 * /admin-reports through the real page adapter and entry.server: the page arrives with its
 * charts already drawn as SVG (titled and described for screen readers, figures in Bengali
 * digits), every table, and a CSV link a report carrying the screen's days; a range the API
 * would refuse is said so. The figures are the fixed data set's (server/test/report-fixtures.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UNSAFE_withComponentProps, type ServerBuild } from 'react-router';
import { createTestApp, type Signed, type TestApp } from '../../../server/test/app';
import { testDialect } from '../../../server/test/database';
import { miniServerBuild } from '../../../server/test/mini-build';
import { startPagesApp, type PagesApp } from '../../../server/test/pages-app';
import { insertReportShop, REPORT_RANGE } from '../../../server/test/report-fixtures';
import * as root from '../../root';
import handleRequest from '../../entry.server';
import * as reports from './reports';

function pagesBuild(): ServerBuild {
  return miniServerBuild(handleRequest, {
    root: { path: '', module: root },
    reports: { path: 'admin-reports', module: { ...reports, default: UNSAFE_withComponentProps(reports.default as Parameters<typeof UNSAFE_withComponentProps>[0]) } },
  });
}

describe(`the reports page (${testDialect})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let pages: PagesApp | undefined;
  let admin: Signed;
  beforeAll(async () => {
    t = await createTestApp();
    await insertReportShop(t.services.database.db);
    admin = await t.signIn({ admin: true });
    pages = await startPagesApp(t, pagesBuild());
    app = pages.app;
  });
  afterAll(() => (pages ? pages.close() : t?.close()));

  const page = (query: string) => app.inject({ method: 'GET', url: `/admin-reports${query}`, headers: admin.headers });

  it('renders the sales chart and the top-ten bars as SVG on the server, titled and described, with their tables and CSV links', async () => {
    const res = await page(`?from=${REPORT_RANGE.from}&to=${REPORT_RANGE.to}`);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const html = res.body;
    // The sales chart: a column a day, the loss day red, axis marks in taka with Bengali digits.
    const sales = /<svg[^>]*data-testid="sales-chart"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
    expect(sales).toMatch(/role="img"/);
    expect(sales).toMatch(/<title id="[^"]+">নিট বিক্রি \(Net sales\)<\/title>/);
    expect(sales).toMatch(/<desc id="[^"]+">২০২৬-১১-২০|<desc id="[^"]+">2026-11-20 থেকে 2026-11-24, 5টি সময়কাল। মোট নিট ৳ ১,৫৩০/);
    expect(sales.match(/<rect /g)).toHaveLength(5);
    expect(sales).toContain('fill="#b91c1c"');
    expect(sales).toContain('<title>2026-11-24: −৳ ৩১০</title>');
    expect(sales).toContain('২০ নভে');
    expect(sales).toMatch(/৳ ৬০০</);
    // Four top-ten charts, each bar labelled with its name and figure.
    for (const by of ['product', 'author', 'publisher', 'category']) expect(html, by).toContain(`data-testid="top-${by}-chart"`);
    const authors = /<svg[^>]*data-testid="top-author-chart"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
    expect(authors).toContain('Author X');
    expect(authors).toContain('৳ ১,২০০');
    // The tables and the CSVs for the same days.
    expect(html).toContain('data-testid="sales-table"');
    expect(html).toContain('data-testid="margin-table"');
    expect(html).toContain('href="/api/reports/sales.csv?from=2026-11-20&amp;to=2026-11-24&amp;group=day"');
    expect(html).toContain('href="/api/reports/top.csv?from=2026-11-20&amp;to=2026-11-24&amp;by=author&amp;limit=10"');
    for (const name of ['payments', 'margin', 'couriers']) expect(html).toContain(`href="/api/reports/${name}.csv?from=2026-11-20&amp;to=2026-11-24"`);
    // The totals and the range form, filled in.
    expect(html).toMatch(/data-testid="report-totals"[\s\S]*৳ ১,৫৩০/);
    expect(html).toMatch(/<form [^>]*data-testid="report-range"[^>]*action="\/admin-reports" method="get">/);
    expect(html).toContain('value="2026-11-20"');
  });

  it('groups by week when asked, and says so when a range is refused (showing the last 30 days instead)', async () => {
    const weeks = await page(`?from=${REPORT_RANGE.from}&to=${REPORT_RANGE.to}&group=week`);
    expect(weeks.body).toContain('সপ্তাহ ৪৭');
    const refused = await page('?from=2026-11-24&to=2026-11-20');
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('data-testid="range-refused"');
    expect(refused.body).toContain('`from` must be on or before `to`.');
  });

  it('sends a visitor to sign in', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin-reports' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?next=%2Fadmin-reports');
  });
});
