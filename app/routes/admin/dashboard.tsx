/** Dashboard: count cards, and what needs attention (orders to confirm, pending orders, failed text messages). */
import { Link } from 'react-router';
import type { Route } from './+types/dashboard';
import { requireAdminPage } from './guard.server';
import { PageTitle } from '../../components/admin/page';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdminPage(context, request);
  const one = { page: 1, size: 1, offset: 0 };
  const [counts, pending, toConfirm, failed] = await Promise.all([
    context.services.dashboard.totals(),
    context.services.orders.listOrders(admin, { status: 'Pending' }, one),
    context.services.orders.listOrders(admin, { status: 'Pending', confirmation: 'unconfirmed' }, one),
    context.services.sms.list({ status: 'failed' }, one),
  ]);
  return { counts, pending: pending.count, toConfirm: toConfirm.count, failedSms: failed.count };
}

export function meta() {
  return [{ title: 'Dashboard · Back office' }];
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const c = loaderData.counts;
  const cards: [string, number, string][] = [
    ['Total users', c.total_users, '/admin-customers'],
    ['Total admins', c.total_admins, '/make-admin'],
    ['Total customers', c.total_customers, '/admin-customers'],
    ['Total books', c.total_books, '/admin-books'],
    ['Total orders', c.total_orders, '/admin-orders'],
    ['Total categories', c.total_categories, '/admin-categories'],
    ['Total authors', c.total_authors, '/admin-authors'],
    ['Total publishers', c.total_publishers, '/admin-publishers'],
  ];
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      {(loaderData.pending > 0 || loaderData.failedSms > 0) && (
        <div className="mb-4 flex flex-wrap gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="attention">
          <strong>Needs attention:</strong>
          {loaderData.toConfirm > 0 && (
            <Link className="text-brand underline" to="/admin-orders?status=Pending&confirmation=unconfirmed&ordering=id" data-testid="to-confirm">
              {loaderData.toConfirm} order{loaderData.toConfirm === 1 ? '' : 's'} to confirm
            </Link>
          )}
          {loaderData.pending > 0 && (
            <Link className="text-brand underline" to="/admin-orders?status=Pending">
              {loaderData.pending} pending order{loaderData.pending === 1 ? '' : 's'}
            </Link>
          )}
          {loaderData.failedSms > 0 && (
            <Link className="text-red-800 underline" to="/admin-sms?status=failed">
              {loaderData.failedSms} failed text message{loaderData.failedSms === 1 ? '' : 's'}
            </Link>
          )}
        </div>
      )}
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map(([label, value, to]) => (
          <li key={label}>
            <Link to={to} className="block rounded-lg border border-stone-200 bg-white p-4 shadow-sm hover:border-brand" data-testid="count-card">
              <div className="text-sm text-stone-600">{label}</div>
              <div className="mt-1 text-3xl font-bold text-brand">{value.toLocaleString('en-IN')}</div>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
