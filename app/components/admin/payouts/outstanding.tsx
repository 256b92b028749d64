/**
 * What each courier still owes: delivered parcels with cash to collect that no payout has
 * settled, per courier the count and the sum, and the parcels themselves, oldest delivery first
 * (the ones to chase). From `GET /api/courier-payouts/outstanding/`'s service.
 */
import { Link } from 'react-router';
import { Panel } from '../page';
import { RecordTable } from '../table';
import { dhakaDate } from './payouts';

export interface OutstandingCourier {
  courier: string;
  label: string;
  parcels: number;
  cod_expected: number;
  oldest_delivered_at: string | null;
  orders: { order: number; consignment_id: string | null; name: string; expected: number; delivered_at: string | null }[];
}

export function OutstandingPanel({ couriers }: { couriers: readonly OutstandingCourier[] }) {
  return (
    <Panel title="Outstanding: delivered, not yet paid out">
      {couriers.length === 0 && (
        <p className="text-sm text-stone-600" data-testid="outstanding-none">
          Every delivered parcel&apos;s cash has been paid out.
        </p>
      )}
      <div className="grid gap-4">
        {couriers.map((c) => (
          <section key={c.courier} data-testid="outstanding-courier" data-courier={c.courier}>
            <h3 className="mb-1 text-sm font-semibold">
              {c.label}: <span data-testid="outstanding-parcels">{c.parcels}</span> parcel{c.parcels === 1 ? '' : 's'}, ৳ <span data-testid="outstanding-amount">{c.cod_expected}</span>
              {c.oldest_delivered_at && <span className="font-normal text-stone-600"> · oldest delivered {dhakaDate(c.oldest_delivered_at)}</span>}
            </h3>
            <RecordTable
              dense
              head={['Order', 'Consignment', 'Customer', 'Owed', 'Delivered']}
              records={c.orders}
              row={(o) => (
                <tr key={o.order} data-testid="outstanding-order" data-order-id={o.order}>
                  <td>
                    <Link to={`/order-invoice/${o.order}`} className="text-brand underline">
                      #{o.order}
                    </Link>
                  </td>
                  <td className="font-mono">{o.consignment_id ?? ''}</td>
                  <td>{o.name}</td>
                  <td>৳ {o.expected}</td>
                  <td>{dhakaDate(o.delivered_at)}</td>
                </tr>
              )}
            />
            {c.orders.length < c.parcels && (
              <p className="mt-1 text-xs text-stone-600">
                The oldest {c.orders.length} of {c.parcels} are listed.
              </p>
            )}
          </section>
        ))}
      </div>
    </Panel>
  );
}
