/**
 * Links that open the labels (A4 sheets of eight, A6, 4 × 6 inch) and the packing slips of a list
 * of orders as PDFs in a new tab, in batches of at most MAX_PRINT_IDS orders. Only packer+ may
 * print (`useMayPrint`): other staff do not see the links.
 */
import { useMay } from '../use-may';
import { bi, printBatches } from './pack-order';

/** Whether the signed-in user may print labels and slips (packer, manager, owner). */
export const useMayPrint = (): boolean => useMay('packer');

const LINK = 'rounded border border-stone-300 bg-white px-2 py-1 text-xs font-medium text-stone-800 hover:bg-stone-100';

export function PrintLinks({ ids, testId }: { ids: readonly number[]; testId?: string }) {
  if (!ids.length) return null;
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      {printBatches(ids).map((b) => (
        <div key={b.slips} className="flex flex-wrap items-center gap-1.5">
          {b.label && <span className="text-xs text-stone-600">{b.label}</span>}
          <a className={LINK} href={b.labels.a4} target="_blank" rel="noopener" data-testid="print-labels-a4">
            {bi('লেবেল A4', 'Labels A4, 8 a sheet')}
          </a>
          <a className={LINK} href={b.labels.a6} target="_blank" rel="noopener" data-testid="print-labels-a6">
            {bi('লেবেল A6', 'A6')}
          </a>
          <a className={LINK} href={b.labels['4x6']} target="_blank" rel="noopener" data-testid="print-labels-4x6">
            {bi('লেবেল ৪×৬', '4×6 inch')}
          </a>
          <a className={LINK} href={b.slips} target="_blank" rel="noopener" data-testid="print-slips">
            {bi('প্যাকিং স্লিপ', 'Packing slips')}
          </a>
        </div>
      ))}
    </div>
  );
}
