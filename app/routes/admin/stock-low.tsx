/**
 * /admin-stock-low (managers and owners): active products at or under their low-stock threshold
 * (their own, else the shop's default), fastest sellers over the last 30 days first, with the
 * days their stock lasts at that speed — what to reorder first. docs/stock-ledger.md.
 */
import { Link } from 'react-router';
import type { Route } from './+types/stock-low';
import { listParams, requireAdminPage } from './guard.server';
import { LinkButton } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { PagedTable } from '../../components/admin/table';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page } = listParams(request);
  const [rows, settings] = await Promise.all([context.services.stock.lowStock(), context.services.settings.get()]);
  return { page: page.page, count: rows.length, results: rows.slice(page.offset, page.offset + page.size), shopDefault: settings.low_stock_default };
}

export function meta() {
  return [{ title: 'স্টক কম (Low stock) · Back office' }];
}

export default function StockLow({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle actions={<LinkButton to="/admin-stock-receipts">মাল গ্রহণ (Stock receipts)</LinkButton>}>স্টক কম (Low stock)</PageTitle>
      <Panel title="যেগুলো দ্রুত ফুরাচ্ছে আগে (Fastest sellers first)">
        <p className="mb-3 text-sm text-stone-600">
          স্টক নিজের সীমা বা দোকানের সীমার ({loaderData.shopDefault}) সমান বা কম। বিক্রি: গত ৩০ দিন, বাতিল বাদে। (Stock at or under the product&apos;s own threshold, else the shop&apos;s default of {loaderData.shopDefault}; sales over the last 30 days, cancels left out.)
        </p>
        <PagedTable
          head={['পণ্য (Product)', 'স্টক (Stock)', 'সীমা (Threshold)', '৩০ দিনে বিক্রি (Sold, 30 days)', 'আর কত দিন (Days left)']}
          testId="low-stock-list"
          empty="কোনো পণ্যের স্টক কম নেই (Nothing is low on stock)."
          list={loaderData}
          row={(r) => (
            <tr key={r.id} data-testid="low-stock-row" data-product-id={r.id}>
              <td className="font-medium">
                <Link className="text-brand underline" to={`/admin-stock-history/${r.id}`}>
                  {r.title}
                </Link>
              </td>
              <td className={r.units_stock === 0 ? 'font-semibold text-red-700' : ''}>{r.units_stock}</td>
              <td>{r.threshold}</td>
              <td>{r.sold_30d}</td>
              <td>{r.days_left ?? '—'}</td>
            </tr>
          )}
        />
      </Panel>
    </>
  );
}
