/**
 * The order list's print bar: for the orders ticked (any but Cancelled), links to their labels
 * (A4 sheets of eight, A6, 4 × 6 inch) and packing slips as PDFs. Shown only to roles that may
 * print (packer+).
 */
import { PrintLinks } from '../packing/print-links';

export function PrintSelected({ ids }: { ids: number[] }) {
  if (!ids.length) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2 rounded border border-stone-200 bg-stone-50 p-2 text-sm" data-testid="print-selected">
      <span className="font-medium" data-testid="print-count">
        {ids.length} to print
      </span>
      <PrintLinks ids={ids} />
    </div>
  );
}
