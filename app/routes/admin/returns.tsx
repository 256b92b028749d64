/**
 * /admin-returns — the returns desk (issue 34), three lists: customers' requests to decide
 * (approve, or reject with a reason; the customer gets one SMS either way), parcels on their way
 * back, oldest first, each with "Received" (a condition per line; only then does stock come
 * back), and what was received today, with the money still to give back. Every row links to its
 * order, where refunds and exchanges are made.
 */
import { Link } from 'react-router';
import type { Route } from './+types/returns';
import { listParams, requireAdminPage } from './guard.server';
import { Button } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { RecordTable } from '../../components/admin/table';
import { DecideButtons } from '../../components/admin/returns/decide';
import { useReceive } from '../../components/admin/returns/receive-dialog';
import { at, CONDITION_TEXT, linesText, ORIGIN_TEXT, readReturns, refundLeft, type OrderReturn } from '../../components/admin/returns/returns';
import { Pager } from '../../components/pager';
import { dhakaToday } from '../../components/admin/payouts/payouts';
export { ErrorBoundary } from '../../components/admin/error-page';

const TRANSIT_PAGE = 20;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { returns } = context.services.orders;
  const { page } = listParams(request, 'tpage');
  const transitPage = { page: page.page, size: TRANSIT_PAGE, offset: (page.page - 1) * TRANSIT_PAGE };
  const [requested, transit, received] = await Promise.all([
    returns.list({ status: 'requested', ordering: 'id' }, { page: 1, size: 50, offset: 0 }),
    returns.list({ status: 'approved', ordering: 'id' }, transitPage),
    // Received today, by the Dhaka day (refunded since or not), whatever was received before.
    returns.list({ received_on: dhakaToday() }, { page: 1, size: 200, offset: 0 }),
  ]);
  const today = received.results.sort((a, b) => (b.received_at ?? '').localeCompare(a.received_at ?? ''));
  return { requested: requested.results, requestedCount: requested.count, transit: transit.results, transitCount: transit.count, transitPage: page.page, today };
}

export function meta() {
  return [{ title: 'Returns · Back office' }];
}

function OrderCell({ r }: { r: OrderReturn }) {
  return (
    <td>
      {r.order && (
        <Link to={`/order-invoice/${r.order}`} className="font-semibold text-brand underline" data-testid="return-order-link">
          #{r.order}
        </Link>
      )}
      {r.customer && (
        <div className="text-xs text-stone-600">
          {r.customer.name} ·{' '}
          <a href={`tel:${r.customer.phone_number}`} className="font-mono">
            {r.customer.phone_number}
          </a>
        </div>
      )}
    </td>
  );
}

function Photos({ r }: { r: OrderReturn }) {
  if (!r.photos.length) return <span className="text-xs text-stone-500">—</span>;
  return (
    <div className="flex gap-1">
      {r.photos.map((src) => (
        <a key={src} href={src} target="_blank" rel="noreferrer">
          <img src={src} alt="Photo from the customer" className="h-10 w-10 rounded border object-cover" data-testid="return-photo" />
        </a>
      ))}
    </div>
  );
}

export default function Returns({ loaderData }: Route.ComponentProps) {
  const receive = useReceive();
  const { requested, transit, today } = loaderData;
  const readable = (rows: unknown) => readReturns(rows);
  return (
    <>
      <PageTitle>Returns</PageTitle>
      <Panel title={`Requests to decide (${loaderData.requestedCount})`}>
        <RecordTable
          head={['Return', 'Order', 'Items', 'Reason', 'Photos', 'Asked', '']}
          records={readable(requested)}
          testId="return-requests"
          empty="No customer is waiting for an answer."
          row={(r) => (
            <tr key={r.id} data-testid="return-request-row" data-return-id={r.id} data-order-id={r.order ?? ''}>
              <td>#{r.id}</td>
              <OrderCell r={r} />
              <td className="max-w-xs">{linesText(r)}</td>
              <td className="max-w-xs break-words">{r.reason}</td>
              <td>
                <Photos r={r} />
              </td>
              <td className="text-xs whitespace-nowrap">{at(r.created_at)}</td>
              <td>
                <DecideButtons returnId={r.id} orderId={r.order} />
              </td>
            </tr>
          )}
        />
      </Panel>
      <Panel title={`Parcels on their way back, oldest first (${loaderData.transitCount})`}>
        <RecordTable
          head={['Return', 'Order', 'Items', 'Why', 'Since', '']}
          records={readable(transit)}
          testId="returns-in-transit"
          empty="Nothing is on its way back."
          row={(r) => (
            <tr key={r.id} data-testid="return-transit-row" data-return-id={r.id} data-order-id={r.order ?? ''}>
              <td>#{r.id}</td>
              <OrderCell r={r} />
              <td className="max-w-xs">{r.lines.length ? linesText(r) : <span className="text-stone-600">not said: count on receipt</span>}</td>
              <td className="text-xs">{ORIGIN_TEXT[r.origin]}</td>
              <td className="text-xs whitespace-nowrap">{at(r.decided_at ?? r.created_at)}</td>
              <td>
                {r.lines.length > 0 ? (
                  <Button
                    size="sm"
                    onClick={() => receive.open({ url: `/api/returns/${r.id}/receive/`, orderId: r.order ?? 0, lines: r.lines, items: [], ret: r, titles: new Map() })}
                    data-testid="receive-return"
                  >
                    Received
                  </Button>
                ) : (
                  <Link to={`/order-invoice/${r.order}`} className="text-sm text-brand underline">
                    Count it on the order
                  </Link>
                )}
              </td>
            </tr>
          )}
        />
        <Pager page={loaderData.transitPage} count={loaderData.transitCount} size={TRANSIT_PAGE} pageKey="tpage" />
      </Panel>
      <Panel title={`Received today (${today.length})`}>
        <RecordTable
          head={['Return', 'Order', 'Items', 'Received', 'Money']}
          records={readable(today)}
          testId="returns-received-today"
          empty="Nothing was received today."
          row={(r) => (
            <tr key={r.id} data-testid="return-received-row" data-return-id={r.id} data-order-id={r.order ?? ''}>
              <td>#{r.id}</td>
              <OrderCell r={r} />
              <td className="max-w-xs">
                {r.lines.map((l, i) => (
                  <div key={i}>
                    {l.product_title || `Line ${l.order_item}`} × {l.quantity}
                    {l.received_condition && <span className="text-xs text-stone-600"> · {CONDITION_TEXT[l.received_condition]}</span>}
                  </div>
                ))}
              </td>
              <td className="text-xs whitespace-nowrap">{at(r.received_at)}</td>
              <td className="text-sm">
                {refundLeft(r) > 0 ? (
                  <Link to={`/order-invoice/${r.order}`} className="text-brand underline" data-testid="refund-on-order">
                    ৳ {refundLeft(r)} to give back
                  </Link>
                ) : r.status === 'refunded' ? (
                  'Refunded'
                ) : (
                  '—'
                )}
              </td>
            </tr>
          )}
        />
      </Panel>
      {receive.dialog}
    </>
  );
}
