/**
 * /admin-reports (accountant+, issue 35): the days (Dhaka, both included) and grouping in a GET
 * form that works without JavaScript, the totals, net sales over time, the top ten products,
 * authors, publishers and categories, the payment mix, the margin where purchase prices are
 * known and the couriers, each with its table and CSV. The charts are SVG rendered here on the
 * server (decision 0014); the figures are services.reports.overview's (server/reports).
 */
import { Form, Link } from 'react-router';
import type { Route } from './+types/reports';
import { requireAdminPage } from './guard.server';
import { REPORT_GROUPS, TOP_DIMENSIONS, dhakaDayOf, salesReportQuery, type ReportGroup } from '../../../domain/reports';
import { queryValues } from '../../../domain/queries';
import { Button } from '../../components/admin/buttons';
import { FilterInput, FilterSelect } from '../../components/admin/filters';
import { PageTitle, Panel } from '../../components/admin/page';
import { CouriersPanel, MarginPanel, PaymentsPanel, SalesPanel, TopPanel, Totals } from '../../components/admin/reports/panels';
import { quickRanges } from '../../components/admin/reports/links';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const values = queryValues(url.searchParams);
  const asked = Object.fromEntries(['from', 'to', 'group'].filter((k) => k in values).map((k) => [k, values[k]]));
  // A range the API would refuse is said so, and the last 30 days shown instead.
  const parsed = salesReportQuery.safeParse(asked);
  const refused = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid range.');
  const query = parsed.success ? parsed.data : { group: REPORT_GROUPS.includes(asked.group as ReportGroup) ? (asked.group as ReportGroup) : 'day' };
  const report = await context.services.reports.overview(query);
  return { report, refused, quick: quickRanges(dhakaDayOf(Date.now())) };
}

export function meta() {
  return [{ title: 'রিপোর্ট · Reports · Back office' }];
}

const GROUP_CHOICES = [
  ['day', 'দিন · Day'],
  ['week', 'সপ্তাহ · Week (Mon–Sun)'],
  ['month', 'মাস · Month'],
] as const;

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { report, refused, quick } = loaderData;
  const range = { from: report.from, to: report.to, group: report.group };
  return (
    <>
      <PageTitle>রিপোর্ট · Reports</PageTitle>
      <Panel>
        <Form method="get" action="/admin-reports" className="flex flex-wrap items-end gap-2" data-testid="report-range">
          <FilterInput label="থেকে · From" type="date" name="from" defaultValue={report.from} required />
          <FilterInput label="পর্যন্ত · To" type="date" name="to" defaultValue={report.to} required />
          <FilterSelect label="ভাগ · Group by" name="group" all="দিন · Day" defaultValue={report.group === 'day' ? '' : report.group} choices={GROUP_CHOICES.slice(1)} />
          <Button type="submit">দেখুন · Show</Button>
        </Form>
        <nav className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="দ্রুত সময় · Quick ranges">
          {quick.map(([bn, en, href]) => (
            <Link key={en} to={href} className="rounded-full border border-stone-300 bg-white px-3 py-0.5 hover:bg-stone-100">
              {bn} · {en}
            </Link>
          ))}
        </nav>
        {refused && (
          <p className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" role="alert" data-testid="range-refused">
            এই সময় দেখানো যায়নি (The range was not shown): {refused} — গত ৩০ দিন দেখানো হচ্ছে (showing the last 30 days).
          </p>
        )}
        <p className="mt-3 text-xs text-stone-600">
          ঢাকার দিন ধরে, বাতিল অর্ডার বাদে; কাউন্টারের বিক্রি সহ। ফেরত গোনা হয় যেদিন দেওয়া হয়েছে। নিট = বিক্রি − ছাড় + ডেলিভারি − ফেরত। (Dhaka days, Cancelled orders left out, counter sales in; refunds count on the day they were made; net = revenue − discounts + delivery − refunds.)
        </p>
      </Panel>
      <Totals totals={report.sales.totals} />
      <SalesPanel range={range} rows={report.sales.rows} totals={report.sales.totals} />
      <div className="grid gap-x-6 lg:grid-cols-2">
        {TOP_DIMENSIONS.map((by) => (
          <TopPanel key={by} by={by} rows={report.tops[by]} range={range} />
        ))}
      </div>
      <PaymentsPanel rows={report.payments.rows} totals={report.payments.totals} range={range} />
      <MarginPanel rows={report.margin.rows} totals={report.margin.totals} range={range} />
      <CouriersPanel rows={report.couriers.rows} range={range} />
    </>
  );
}
