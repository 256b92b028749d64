/** The audit log: who changed what and when, newest first, with each change as before → after. */
import type { Route } from './+types/audit';
import { z } from 'zod';
import { filterParams, listParams, requireAdminPage } from './guard.server';
import { LinkButton } from '../../components/admin/buttons';
import { FilterForm, FilterInput, FilterSelect } from '../../components/admin/filters';
import { PageTitle, Panel } from '../../components/admin/page';
import { PagedTable } from '../../components/admin/table';
export { ErrorBoundary } from '../../components/admin/error-page';

const ACCOUNT_ACTIONS = [
  ['sign_in', 'Sign-ins'],
  ['sign_in_failed', 'Failed sign-ins'],
  ['password_reset', 'Password resets'],
  ['sign_out', 'Sign-outs'],
] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page, search } = listParams(request);
  const q = filterParams(
    request,
    z.object({
      action: z.string().trim().max(200).optional(),
      target: z.string().trim().max(200).optional(),
      user: z.coerce.number().int().positive().optional(),
      from: day.optional(),
      to: day.optional(),
    }),
  );
  const list = await context.services.audit.list({ ...q, search: search || undefined }, page);
  return { filters: { search, action: q.action ?? '', target: q.target ?? '', user: q.user ? String(q.user) : '', from: q.from ?? '', to: q.to ?? '' }, page: page.page, count: list.count, results: list.results };
}

export function meta() {
  return [{ title: 'Audit log · Back office' }];
}

/** A stored value as short text: `—` for none, JSON for lists and objects. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

type LoaderData = Route.ComponentProps['loaderData'];

function AuditRow({ event: r }: { event: LoaderData['results'][number] }) {
  return (
    <tr className={r.action === 'sign_in_failed' ? 'bg-red-50' : ''} data-testid="audit-row">
      <td className="whitespace-nowrap text-stone-600">{r.at.slice(0, 19).replace('T', ' ')}</td>
      <td>
        {r.user === null ? '—' : <a href={`?user=${r.user}`} className="underline">{r.user_name ?? `#${r.user}`}</a>}
        {r.role && <div className="text-xs text-stone-500">{r.role}</div>}
      </td>
      <td>
        <div className="font-semibold">{r.summary}</div>
        <div className="font-mono text-xs text-stone-500">{r.action}</div>
      </td>
      <td className="font-mono text-xs">{r.target ? <a href={`?target=${encodeURIComponent(r.target)}`} className="underline">{r.target}</a> : '—'}</td>
      <td className="max-w-lg text-xs">
        {Object.keys(r.changes).length === 0 ? (
          '—'
        ) : (
          <ul className="space-y-0.5">
            {Object.entries(r.changes).map(([field, [before, after]]) => (
              <li key={field} className="break-words">
                <span className="font-semibold">{field}</span>: <del className="text-red-800">{shown(before)}</del> → <ins className="text-emerald-800 no-underline">{shown(after)}</ins>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="font-mono text-xs">{r.address ?? '—'}</td>
    </tr>
  );
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <Panel>
        <FilterForm filtered={filtered} shortcuts={<LinkButton to="?action=sign_in_failed">Failed sign-ins</LinkButton>}>
          <FilterInput label="Search" name="search" defaultValue={filters.search} placeholder="price, 01…, 203.0.113.7" />
          <FilterSelect label="Event" name="action" defaultValue={filters.action} choices={ACCOUNT_ACTIONS}>
            {filters.action && !ACCOUNT_ACTIONS.some(([value]) => value === filters.action) && <option value={filters.action}>{filters.action}</option>}
          </FilterSelect>
          <FilterInput label="Target" name="target" defaultValue={filters.target} placeholder="product:12, order, phone:01…" />
          <FilterInput label="User ID" name="user" defaultValue={filters.user} inputMode="numeric" size={6} />
          <FilterInput label="From" type="date" name="from" defaultValue={filters.from} />
          <FilterInput label="To" type="date" name="to" defaultValue={filters.to} />
        </FilterForm>
      </Panel>
      <Panel title="Events">
        <PagedTable head={['When (UTC)', 'Who', 'What', 'Target', 'Changes', 'Address']} testId="audit-list" empty="Nothing recorded." list={loaderData} row={(r) => <AuditRow key={r.id} event={r} />} />
      </Panel>
    </>
  );
}
