/**
 * What a payout sheet paid: how many parcels it matched in full, the short ones (order, what was
 * owed, what came), and the consignments the shop does not know — shown after an upload and for
 * any batch of the list.
 */
import { Link } from 'react-router';
import { Panel } from '../page';
import { RecordTable } from '../table';
import { dhakaDate, type PayoutResult } from './payouts';

export function PayoutResultPanel({ result, title }: { result: PayoutResult; title?: string }) {
  return (
    <div data-testid="payout-result" data-payout-id={result.id}>
      <Panel title={title ?? `Payout #${result.id}`}>
        <dl className="mb-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="inline font-medium">Courier: </dt>
            <dd className="inline">{result.courier_label ?? result.courier}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Paid: </dt>
            <dd className="inline">
              {dhakaDate(result.paid_at)}
              {result.reference && ` · ${result.reference}`}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">COD in the sheet: </dt>
            <dd className="inline">
              ৳ {result.total}
              {result.fees > 0 && ` (fees ৳ ${result.fees}, paid over ৳ ${result.total - result.fees})`}
            </dd>
          </div>
        </dl>
        <div className="mb-3 flex flex-wrap gap-2 text-sm">
          <span className="rounded bg-emerald-100 px-2 py-1 font-semibold text-emerald-900">
            Matched: <span data-testid="payout-matched">{result.matched}</span>
          </span>
          <span className={`rounded px-2 py-1 font-semibold ${result.short.length ? 'bg-red-100 text-red-900' : 'bg-stone-100 text-stone-700'}`}>
            Short: <span data-testid="payout-short-count">{result.short.length}</span>
          </span>
          <span className={`rounded px-2 py-1 font-semibold ${result.unknown.length ? 'bg-amber-100 text-amber-900' : 'bg-stone-100 text-stone-700'}`}>
            Unknown: <span data-testid="payout-unknown-count">{result.unknown.length}</span>
          </span>
        </div>
        {result.short.length > 0 && (
          <>
            <h3 className="mb-1 text-sm font-semibold">Short: paid less than the parcel owes</h3>
            <RecordTable
              head={['Order', 'Consignment', 'Expected', 'Got', 'Missing']}
              records={result.short}
              testId="payout-short"
              row={(s) => (
                <tr key={`${s.order}-${s.consignment_id}`} data-testid="payout-short-line" data-order-id={s.order ?? ''}>
                  <td>
                    {s.order ? (
                      <Link to={`/order-invoice/${s.order}`} className="text-brand underline">
                        #{s.order}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="font-mono">{s.consignment_id}</td>
                  <td>৳ {s.expected ?? '—'}</td>
                  <td>৳ {s.got}</td>
                  <td className="font-semibold text-red-700">৳ {(s.expected ?? 0) - s.got}</td>
                </tr>
              )}
            />
          </>
        )}
        {result.unknown.length > 0 && (
          <div className="mt-3">
            <h3 className="mb-1 text-sm font-semibold">Unknown consignments: no parcel of this courier has these ids</h3>
            <ul className="flex flex-wrap gap-2 text-sm" data-testid="payout-unknown">
              {result.unknown.map((id) => (
                <li key={id} className="rounded bg-amber-50 px-2 py-0.5 font-mono" data-testid="payout-unknown-line">
                  {id}
                </li>
              ))}
            </ul>
          </div>
        )}
        {result.already_paid.length > 0 && (
          <div className="mt-3">
            <h3 className="mb-1 text-sm font-semibold">Already paid by an earlier payout: not counted again</h3>
            <ul className="flex flex-wrap gap-2 text-sm" data-testid="payout-already-paid">
              {result.already_paid.map((id) => (
                <li key={id} className="rounded bg-stone-100 px-2 py-0.5 font-mono">
                  {id}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Panel>
    </div>
  );
}
