/**
 * Booking several orders' parcels at once from the order list: the orders ticked in the list,
 * one configured courier, `POST /api/shipments/`; each order's result (its consignment id, or
 * the courier's reason) is listed after.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useT } from '../../../lib/i18n';
import { failureText, sendApi } from '../../form/api';
import { notify } from '../../notices';
import { Button } from '../buttons';
import { bulkResultsOf, type BulkRow } from './courier-api';
import { useCouriers } from './use-couriers';

export function BulkBook({ selected, onDone }: { selected: number[]; onDone: () => void }) {
  const t = useT();
  const revalidator = useRevalidator();
  const { couriers } = useCouriers(selected.length > 0);
  const configured = (couriers ?? []).filter((c) => c.configured);
  const [courier, setCourier] = useState('');
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<BulkRow[] | null>(null);
  const chosen = courier || configured[0]?.id || '';
  const book = async () => {
    setBusy(true);
    const res = await sendApi('POST', '/api/shipments/', {
      courier: chosen,
      orders: selected,
    });
    setBusy(false);
    if (!res.ok) {
      notify(failureText(res, t), 'error', 8000);
      return;
    }
    const rows = bulkResultsOf(res.body);
    setResults(rows);
    const booked = rows.filter((r) => r.ok).length;
    notify(`${booked} of ${rows.length} parcels booked.`, booked === rows.length ? 'success' : 'error', 6000);
    onDone();
    await revalidator.revalidate();
  };
  return (
    <div className="mb-3" data-testid="bulk-book">
      {selected.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 rounded border border-stone-200 bg-stone-50 p-2 text-sm">
          <span className="font-medium" data-testid="bulk-count">
            {selected.length} selected
          </span>
          {couriers !== null && configured.length === 0 ? (
            <span className="text-amber-900">No courier is configured.</span>
          ) : (
            <>
              <label className="flex items-center gap-1">
                Courier
                <select value={chosen} onChange={(e) => setCourier(e.target.value)} className="rounded border border-stone-300 px-2 py-1 text-sm" data-testid="bulk-courier">
                  {configured.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </label>
              <Button size="sm" disabled={busy || !chosen} onClick={() => void book()} data-testid="bulk-submit">
                {busy ? 'Booking…' : `Book ${selected.length} parcel${selected.length === 1 ? '' : 's'}`}
              </Button>
            </>
          )}
        </div>
      )}
      {results && (
        <div className="mt-2 rounded border border-stone-200 bg-white p-2 text-sm" data-testid="bulk-results">
          <div className="mb-1 flex items-center justify-between">
            <strong>Booking results</strong>
            <button type="button" className="text-xs text-brand underline" onClick={() => setResults(null)}>
              Hide
            </button>
          </div>
          <ul className="grid gap-0.5">
            {results.map((r) => (
              <li key={r.order} data-testid="bulk-result" data-order-id={r.order} data-ok={r.ok ? 'true' : 'false'} className={r.ok ? 'text-emerald-800' : 'text-red-800'}>
                #{r.order}: {r.ok ? `booked${r.consignment_id ? ` (consignment ${r.consignment_id})` : ''}${r.cod_amount !== undefined ? `, COD ৳ ${r.cod_amount}` : ''}` : `not booked — ${r.message ?? 'refused'}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
