/**
 * The orders export for the accountant (issue 35): CSV and XLSX of the orders the list shows, one
 * row per line, carrying the list's current filters (not its page or order). Plain links: the
 * browser downloads the file the API streams (`GET /api/order/export.csv|.xlsx`). Only accountant+
 * may export: other staff do not see the links.
 */
import { useMay } from '../use-may';
import type { ListFilters } from './desk';

/** The list's filters the export takes (the API refuses paging and ordering). */
const EXPORTED = ['search', 'status', 'confirmation', 'payment_status', 'shipment_status', 'refund_due', 'source', 'courier', 'from', 'to'] as const;

export function exportHref(format: 'csv' | 'xlsx', current: ListFilters): string {
  const params = new URLSearchParams();
  for (const k of EXPORTED) if (current[k]) params.set(k, current[k]);
  const query = params.toString();
  return `/api/order/export.${format}${query ? `?${query}` : ''}`;
}

export function ExportLinks({ current }: { current: ListFilters }) {
  if (!useMay('accountant')) return null;
  const look = 'rounded border border-stone-300 bg-white px-2 py-1 text-xs font-semibold text-stone-800 hover:bg-stone-100';
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="order-export">
      <span className="text-xs font-semibold text-stone-600">রপ্তানি · Export (এই ফিল্টারে, প্রতি লাইন এক সারি · these filters, a row a line)</span>
      <a href={exportHref('csv', current)} download className={look} data-testid="export-csv">
        Export CSV
      </a>
      <a href={exportHref('xlsx', current)} download className={look} data-testid="export-xlsx">
        Export XLSX
      </a>
    </div>
  );
}
