/**
 * /admin-payouts — the courier's cash (issue 34): the accountant uploads a courier's payout sheet
 * and sees at once what it matched, which parcels were paid short (expected against got) and which
 * consignments are unknown; below, the batches (latest payout first, each one's lines a press
 * away), what each courier still owes, oldest delivery first, and the courier report (parcels,
 * returns, COD expected and received, fees): the figures a courier is chosen by.
 */
import { useState } from 'react';
import type { Route } from './+types/payouts';
import { listParams, requireAdminPage } from './guard.server';
import { Button } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { PagedTable, RecordTable } from '../../components/admin/table';
import { OutstandingPanel } from '../../components/admin/payouts/outstanding';
import { PayoutResultPanel } from '../../components/admin/payouts/payout-result';
import { PayoutUploadForm } from '../../components/admin/payouts/upload-form';
import { dhakaDate, readPayoutResult, type PayoutResult } from '../../components/admin/payouts/payouts';
import { notify } from '../../components/notices';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page } = listParams(request);
  const { payouts, courierReport } = context.services.shipments;
  const [batches, outstanding, report] = await Promise.all([payouts.list({}, page), payouts.outstanding(20), courierReport({})]);
  return { page: page.page, count: batches.count, results: batches.results, outstanding: outstanding.couriers, report: report.rows };
}

export function meta() {
  return [{ title: 'Courier payouts · Back office' }];
}

type Batch = Route.ComponentProps['loaderData']['results'][number];

async function fetchBatch(id: number): Promise<PayoutResult | null> {
  try {
    const res = await fetch(`/api/courier-payouts/${id}/`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    return res.ok ? readPayoutResult(await res.json()) : null;
  } catch {
    return null;
  }
}

function BatchRow({ b, onOpen }: { b: Batch; onOpen: (id: number) => void }) {
  return (
    <tr data-testid="payout-batch" data-payout-id={b.id}>
      <td>#{b.id}</td>
      <td>{b.courier_label}</td>
      <td>{dhakaDate(b.paid_at)}</td>
      <td className="max-w-48 truncate">{b.reference}</td>
      <td>{b.lines}</td>
      <td>{b.matched}</td>
      <td className={b.short ? 'font-semibold text-red-700' : ''}>{b.short}</td>
      <td className={b.unknown ? 'font-semibold text-amber-800' : ''}>{b.unknown}</td>
      <td>৳ {b.total}</td>
      <td>৳ {b.net}</td>
      <td>
        <Button size="sm" kind="secondary" onClick={() => onOpen(b.id)} data-testid="payout-open">
          Lines
        </Button>
      </td>
    </tr>
  );
}

export default function Payouts({ loaderData }: Route.ComponentProps) {
  const [shown, setShown] = useState<{ result: PayoutResult; title: string } | null>(null);
  const open = async (id: number) => {
    const result = await fetchBatch(id);
    if (!result) {
      notify(`Payout #${id} could not be read; try again.`, 'error', 6000);
      return;
    }
    setShown({ result, title: `Payout #${id}` });
  };
  return (
    <>
      <PageTitle>Courier payouts</PageTitle>
      <Panel title="Upload a payout sheet">
        <PayoutUploadForm onResult={(result) => setShown({ result, title: `Payout #${result.id}: just uploaded` })} />
      </Panel>
      {shown && <PayoutResultPanel key={shown.result.id} result={shown.result} title={shown.title} />}
      <Panel title="Payouts, latest first">
        <PagedTable
          head={['#', 'Courier', 'Paid', 'Reference', 'Lines', 'Matched', 'Short', 'Unknown', 'COD', 'Paid over', '']}
          testId="payout-batches"
          empty="No payout sheet has been uploaded yet."
          list={loaderData}
          row={(b) => <BatchRow key={b.id} b={b} onOpen={(id) => void open(id)} />}
        />
      </Panel>
      <OutstandingPanel couriers={loaderData.outstanding} />
      <Panel title="Couriers compared (all orders)">
        <RecordTable
          head={['Courier', 'Parcels', 'Delivered', 'Returned', 'Return rate', 'COD expected', 'Received', 'Fees', 'Outstanding']}
          records={loaderData.report}
          testId="courier-report"
          empty="No parcel has been booked yet."
          row={(r) => (
            <tr key={r.courier} data-testid="courier-report-row" data-courier={r.courier}>
              <td className="font-semibold">{r.label}</td>
              <td>{r.parcels}</td>
              <td>{r.delivered}</td>
              <td>{r.returned}</td>
              <td>{Math.round(r.return_rate * 100)} %</td>
              <td>৳ {r.cod_expected}</td>
              <td>৳ {r.cod_received}</td>
              <td>৳ {r.fees}</td>
              <td className={r.outstanding > 0 ? 'font-semibold' : ''}>৳ {r.outstanding}</td>
            </tr>
          )}
        />
      </Panel>
    </>
  );
}
