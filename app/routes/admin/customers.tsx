/** Customers: a phone search and a paged list with ID, name, phone and status; recovery locked by wrong codes can be unlocked here. */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/customers';
import { listParams, requireAdminPage } from './guard.server';
import { Button } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { SearchBox } from '../../components/admin/search-box';
import { PagedTable } from '../../components/admin/table';
import { failureText, sendApi } from '../../components/form/api';
import { notify } from '../../components/notices';
import { useT } from '../../lib/i18n';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page, search } = listParams(request);
  const accounts = context.services.accounts;
  // A part of a number finds it too (017… lists every Grameenphone customer).
  const list = await accounts.listUsers({ is_admin: false, search: search.replace(/[\s-]/g, '') || undefined }, page);
  const locked = await accounts.recoveryLocked(list.results.map((u) => u.id));
  return { search, page: page.page, ...list, locked: [...locked] };
}

export function meta() {
  return [{ title: 'Customers · Back office' }];
}

/** Too many wrong recovery codes lock an account's password recovery; the customer asks the shop, an admin lifts it. */
function UnlockRecovery({ id }: { id: number }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const unlock = async () => {
    setBusy(true);
    const res = await sendApi('POST', `/api/user/${id}/unlock-recovery/`);
    setBusy(false);
    if (!res.ok) return notify(failureText(res, t), 'error', 6000);
    notify('Password recovery unlocked.');
    await revalidator.revalidate();
  };
  return (
    <span className="ml-2 inline-flex items-center gap-2">
      <span className="rounded bg-red-100 px-2 py-0.5 text-xs text-red-800">Recovery locked</span>
      <Button size="sm" kind="secondary" disabled={busy} onClick={unlock} data-testid={`unlock-recovery-${id}`}>
        {busy ? 'Unlocking…' : 'Unlock'}
      </Button>
    </span>
  );
}

type LoaderData = Route.ComponentProps['loaderData'];

function CustomerRow({ customer: u, locked }: { customer: LoaderData['results'][number]; locked: LoaderData['locked'] }) {
  return (
    <tr>
      <td>{u.id}</td>
      <td>{u.name}</td>
      <td className="font-mono">{u.phone_number}</td>
      <td>
        <span className="rounded bg-stone-100 px-2 py-0.5 text-xs">Customer</span>
        {locked.includes(u.id) && <UnlockRecovery id={u.id} />}
      </td>
      <td className="text-stone-500">{u.created_at.slice(0, 10)}</td>
    </tr>
  );
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { search, locked } = loaderData;
  return (
    <>
      <PageTitle>Customers</PageTitle>
      <Panel>
        <SearchBox placeholder="Search by phone number" defaultValue={search} />
      </Panel>
      <Panel title={search ? `Customers matching “${search}”` : 'Customer list'}>
        <PagedTable head={['ID', 'Name', 'Phone', 'Status', 'Joined']} testId="customer-list" empty={search ? undefined : 'Nothing here yet.'} list={loaderData} row={(u) => <CustomerRow key={u.id} customer={u} locked={locked} />} />
      </Panel>
    </>
  );
}
