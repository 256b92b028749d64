/**
 * Orders: search by customer phone or name, a paged list with the
 * status and the Delivered / Returned / Cancelled buttons (disabled once final), name and
 * phone linking to the invoice.
 */
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/orders';
import { z } from 'zod';
import { filterParams, listParams, requireAdminPage } from './guard.server';
import { ORDER_STATUSES, isFinal, type OrderStatus } from '../../../domain/orders';
import { failureText, sendApi } from '../../components/form/api';
import { notify } from '../../components/notices';
import { Pager } from '../../components/pager';
import { Button } from '../../components/admin/buttons';
import { useConfirm } from '../../components/admin/confirm';
import { PageTitle, Panel } from '../../components/admin/page';
import { SearchBox } from '../../components/admin/search-box';
import { Empty, Table } from '../../components/admin/table';
import { useT } from '../../lib/i18n';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const { page, search } = listParams(request);
  const { status } = filterParams(request, z.object({ status: z.enum(ORDER_STATUSES).optional() }));
  const list = await context.services.orders.listOrders(user, { search: search || undefined, status, ordering: '-id' }, page);
  return { search, status: status ?? '', page: page.page, count: list.count, results: list.results };
}

export function meta() {
  return [{ title: 'Orders · Back office' }];
}

const BADGE: Record<OrderStatus, string> = {
  Pending: 'bg-amber-100 text-amber-900',
  Delivered: 'bg-emerald-100 text-emerald-900',
  Returned: 'bg-sky-100 text-sky-900',
  Cancelled: 'bg-red-100 text-red-900',
};

const ACTIONS: { to: OrderStatus; kind: 'primary' | 'secondary' | 'danger' }[] = [
  { to: 'Delivered', kind: 'primary' },
  { to: 'Returned', kind: 'secondary' },
  { to: 'Cancelled', kind: 'danger' },
];

function StatusButtons({ id, status }: { id: number; status: OrderStatus }) {
  const t = useT();
  const { confirm, dialog } = useConfirm('Yes, change it');
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const final = isFinal(status);
  return (
    <div className="flex gap-1">
      {ACTIONS.map((a) => (
        <Button
          key={a.to}
          kind={a.kind}
          size="sm"
          disabled={final || busy}
          title={final ? `This order is ${status}; its status cannot change.` : undefined}
          onClick={async () => {
            if (!(await confirm(`Mark order #${id} as ${a.to}? This cannot be undone.${a.to === 'Cancelled' ? ' The customer gets a text message.' : ''}`))) return;
            setBusy(true);
            const res = await sendApi('PUT', `/api/order/${id}/`, { status: a.to });
            setBusy(false);
            if (!res.ok) {
              notify(failureText(res, t), 'error', 6000);
              return;
            }
            notify(`Order #${id}: status updated successfully (${a.to}).`);
            await revalidator.revalidate();
          }}
        >
          {a.to}
        </Button>
      ))}
      {dialog}
    </div>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { search, status, results, count, page } = loaderData;
  const tab = (value: string) => {
    const params = new URLSearchParams();
    if (search) params.set('search', search);
    if (value) params.set('status', value);
    return `?${params.toString()}`;
  };
  return (
    <>
      <PageTitle>Orders</PageTitle>
      <Panel>
        <SearchBox placeholder="Search by customer phone or name" defaultValue={search} />
        <nav className="mt-3 flex flex-wrap gap-1 text-sm" aria-label="Status">
          {['', ...ORDER_STATUSES].map((s) => (
            <Link key={s || 'all'} to={tab(s)} aria-current={s === status ? 'page' : undefined} className={`rounded-full border px-3 py-0.5 ${s === status ? 'border-brand bg-brand text-white' : 'border-stone-300 bg-white hover:bg-stone-100'}`}>
              {s || 'All'}
            </Link>
          ))}
        </nav>
      </Panel>
      <Panel title={search ? `Orders matching “${search}”` : 'Order list'}>
        <Table head={['ID', 'Date', 'Name', 'Phone', 'Delivery / payment', 'Total', 'Status', 'Actions']} testId="order-list">
          {results.length === 0 && <Empty colSpan={8} text={search ? undefined : 'Nothing here yet.'} />}
          {results.map((o) => (
            <tr key={o.id} data-testid="order-row" data-order-id={o.id}>
              <td>{o.id}</td>
              <td className="text-xs text-stone-600">{o.date.slice(0, 16).replace('T', ' ')}</td>
              <td>
                <Link className="text-brand underline" to={`/order-invoice/${o.id}`}>
                  {o.name}
                </Link>
              </td>
              <td className="font-mono">
                <Link className="text-brand underline" to={`/order-invoice/${o.id}`}>
                  {o.phone_number}
                </Link>
              </td>
              <td className="max-w-56 text-xs">
                <div className="truncate" title={o.delivery_option}>
                  {o.delivery_option}
                </div>
                <div className="truncate text-stone-500" title={o.payment_option}>
                  {o.payment_option}
                </div>
              </td>
              <td className="font-semibold whitespace-nowrap">৳ {o.total}</td>
              <td>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${BADGE[o.status]}`} data-testid="order-status">
                  {o.status}
                </span>
              </td>
              <td>
                <StatusButtons id={o.id} status={o.status} />
              </td>
            </tr>
          ))}
        </Table>
        <Pager count={count} page={page} summary />
      </Panel>
    </>
  );
}
