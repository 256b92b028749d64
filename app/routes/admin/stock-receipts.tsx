/**
 * /admin-stock-receipts (managers and owners): goods received from publishers and suppliers —
 * the form to record a receipt (stock grows by each line, unit costs become purchase prices) and
 * the receipts recorded, newest first. docs/stock-ledger.md.
 */
import type { Route } from './+types/stock-receipts';
import { listParams, requireAdminPage } from './guard.server';
import { LinkButton } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { PagedTable } from '../../components/admin/table';
import { ReceiptForm } from '../../components/admin/stock/receipt-form';
import { ReceiptListRow } from '../../components/admin/stock/receipt-list';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page } = listParams(request);
  const list = await context.services.stock.receipts.list(page);
  return { page: page.page, count: list.count, results: list.results };
}

export function meta() {
  return [{ title: 'মাল গ্রহণ (Stock receipts) · Back office' }];
}

export default function StockReceipts({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle actions={<LinkButton to="/admin-stock-low">স্টক কম (Low stock)</LinkButton>}>মাল গ্রহণ (Stock receipts)</PageTitle>
      <Panel title="নতুন মাল গ্রহণ (Record a receipt)">
        <ReceiptForm />
      </Panel>
      <Panel title="আগের মাল গ্রহণ (Receipts, newest first)">
        <PagedTable
          head={['#', 'সরবরাহকারী (Supplier)', 'পণ্য (Lines)', 'খরচ (Cost)', 'যিনি লিখেছেন (By)']}
          testId="receipt-list"
          empty="এখনও কোনো মাল গ্রহণ লেখা হয়নি (No receipt recorded yet)."
          list={loaderData}
          row={(r) => <ReceiptListRow key={r.id} receipt={r} />}
        />
      </Panel>
    </>
  );
}
