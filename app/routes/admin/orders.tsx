/**
 * Orders: search by customer phone, name or order number; filter by status, confirmation,
 * payment, refund due, parcel, source, courier and Dhaka days; the "to confirm" view (unconfirmed
 * Pending orders, oldest first, with its count) for the desk's calls. The list itself, with the
 * buyer's badge, the confirm, status, payment and booking actions and the keyboard shortcuts, is
 * components/admin/orders/order-list.tsx.
 */
import type { Route } from './+types/orders';
import { z } from 'zod';
import { filterParams, listParams, requireAdminPage } from './guard.server';
import { ORDER_STATUSES } from '../../../domain/orders';
import { PAYMENT_STATUSES } from '../../../domain/payments';
import { ORDER_CONFIRMATIONS, ORDER_SOURCES, orderDateFilter } from '../../../domain/order-desk';
import { COURIER_IDS, type CourierId } from '../../../domain/providers';
import { toPage } from '../../../domain/queries';
import { Pager } from '../../components/pager';
import { LinkButton } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { SearchBox } from '../../components/admin/search-box';
import { parcelOf, SHIPMENT_STATUSES } from '../../components/shipments/status';
import { OrderFilters, ToConfirmLink } from '../../components/admin/orders/list-filters';
import { OrderList } from '../../components/admin/orders/order-list';
import { isToConfirm } from '../../components/admin/orders/desk';
export { ErrorBoundary } from '../../components/admin/error-page';

const listFilters = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  shipment_status: z.enum(SHIPMENT_STATUSES).optional(),
  refund_due: z.enum(['1']).optional(),
  confirmation: z.enum(ORDER_CONFIRMATIONS).optional(),
  source: z.enum(ORDER_SOURCES).optional(),
  courier: z.enum(COURIER_IDS as [CourierId, ...CourierId[]]).optional(),
  ordering: z.enum(['id', '-id']).optional(),
  ...orderDateFilter,
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const { page, search } = listParams(request);
  const filters = filterParams(request, listFilters);
  const query = { search: search || undefined, ...filters, refund_due: filters.refund_due ? true : undefined, ordering: filters.ordering ?? ('-id' as const) };
  const [list, waiting] = await Promise.all([
    context.services.orders.listOrders(user, query, page),
    // The "to confirm" view's count: one row asked for, the count is what matters.
    context.services.orders.listOrders(user, { confirmation: 'unconfirmed', status: 'Pending' }, toPage({ page: 1 }, 1)),
  ]);
  // Every filter as the address has it ('' when unset), for the tabs, the form and their links.
  const current: Record<string, string> = { search, ...Object.fromEntries(Object.keys(listFilters.shape).map((k) => [k, String(filters[k as keyof typeof filters] ?? '')])) };
  return {
    current,
    page: page.page,
    count: list.count,
    toConfirm: waiting.count,
    results: list.results.map((o) => ({ ...o, parcel: parcelOf(o) })),
  };
}

export function meta() {
  return [{ title: 'Orders · Back office' }];
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { current, results, count, page, toConfirm } = loaderData;
  const search = current.search ?? '';
  return (
    <>
      <PageTitle actions={<LinkButton to="/admin-orders/new">New order</LinkButton>}>Orders</PageTitle>
      <Panel>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <SearchBox placeholder="Search by customer phone, name or order number" defaultValue={search} />
          <ToConfirmLink current={current} count={toConfirm} />
        </div>
        <OrderFilters current={current} />
      </Panel>
      <Panel title={isToConfirm(current) ? 'To confirm — oldest first' : search ? `Orders matching “${search}”` : 'Order list'}>
        <OrderList orders={results} emptyText={search ? undefined : isToConfirm(current) ? 'Nothing waits for a call.' : 'Nothing here yet.'} />
        <Pager count={count} page={page} summary />
      </Panel>
    </>
  );
}
