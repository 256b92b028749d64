/** Customers: a phone search and a paged list with ID, name, phone and status. */
import type { Route } from './+types/customers';
import { listParams, requireAdminPage } from './guard.server';
import { Pager } from '../../components/pager';
import { PageTitle, Panel } from '../../components/admin/page';
import { SearchBox } from '../../components/admin/search-box';
import { Empty, Table } from '../../components/admin/table';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page, search } = listParams(request);
  // A part of a number finds it too (017… lists every Grameenphone customer).
  const list = await context.services.accounts.listUsers({ is_admin: false, search: search.replace(/[\s-]/g, '') || undefined }, page);
  return { search, page: page.page, ...list };
}

export function meta() {
  return [{ title: 'Customers · Back office' }];
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { search, results, count, page } = loaderData;
  return (
    <>
      <PageTitle>Customers</PageTitle>
      <Panel>
        <SearchBox placeholder="Search by phone number" defaultValue={search} />
      </Panel>
      <Panel title={search ? `Customers matching “${search}”` : 'Customer list'}>
        <Table head={['ID', 'Name', 'Phone', 'Status', 'Joined']} testId="customer-list">
          {results.length === 0 && <Empty colSpan={5} text={search ? undefined : 'Nothing here yet.'} />}
          {results.map((u) => (
            <tr key={u.id}>
              <td>{u.id}</td>
              <td>{u.name}</td>
              <td className="font-mono">{u.phone_number}</td>
              <td>
                <span className="rounded bg-stone-100 px-2 py-0.5 text-xs">Customer</span>
              </td>
              <td className="text-stone-500">{u.created_at.slice(0, 10)}</td>
            </tr>
          ))}
        </Table>
        <Pager count={count} page={page} summary />
      </Panel>
    </>
  );
}
