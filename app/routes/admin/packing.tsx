/**
 * /admin-packing — the packing desk (issue 35, packer+): one scan field that opens an order from
 * its label and ticks its items as their ISBNs are scanned, then marks it packed (ScanDesk); and
 * the day's printing: labels and packing slips for every parcel booked and not yet packed, and
 * for every parcel booked today (Dhaka), in batches of 200.
 */
import type { Route } from './+types/packing';
import { requireAdminPage } from './guard.server';
import { PageTitle, Panel } from '../../components/admin/page';
import { ScanDesk } from '../../components/admin/packing/scan-desk';
import { PrintLinks } from '../../components/admin/packing/print-links';
import { dhakaToday } from '../../components/admin/payouts/payouts';
import { bi } from '../../components/admin/packing/pack-order';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return context.services.packing.printLists(dhakaToday());
}

export function meta() {
  return [{ title: 'Packing · Back office' }];
}

function PrintRow({ title, ids, testId, empty }: { title: string; ids: number[]; testId: string; empty: string }) {
  return (
    <div className="mb-3" data-testid={testId} data-count={ids.length}>
      <h3 className="mb-1 text-sm font-semibold">
        {title} ({ids.length})
      </h3>
      {ids.length ? <PrintLinks ids={ids} /> : <p className="text-sm text-stone-500">{empty}</p>}
    </div>
  );
}

export default function Packing({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>{bi('প্যাকিং', 'Packing')}</PageTitle>
      <Panel>
        <ScanDesk />
      </Panel>
      <Panel title={bi('আজকের পার্সেলের লেবেল ও স্লিপ', "Labels and slips for today's parcels")}>
        <PrintRow title={bi('বুক হয়েছে, প্যাক হয়নি', 'Booked, not packed')} ids={loaderData.to_pack} testId="print-to-pack" empty={bi('প্যাক করার মতো কিছু নেই।', 'Nothing waits to be packed.')} />
        <PrintRow title={bi('আজ বুক হয়েছে', 'Booked today')} ids={loaderData.booked_today} testId="print-booked-today" empty={bi('আজ কোনো পার্সেল বুক হয়নি।', 'No parcel was booked today.')} />
      </Panel>
    </>
  );
}
