/** The audit log: who changed what and when, newest first, with each change as before → after. */
import { Form } from 'react-router';
import type { Route } from './+types/audit';
import { z } from 'zod';
import { filterParams, listParams, requireAdminPage } from './guard.server';
import { Pager } from '../../components/pager';
import { Button, LinkButton } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { Empty, Table } from '../../components/admin/table';
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

const input = 'mt-1 block rounded border border-stone-300 px-2 py-1.5 text-sm';

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filters, results, count, page } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <Panel>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            Search
            <input name="search" defaultValue={filters.search} placeholder="price, 01…, 203.0.113.7" className={input} />
          </label>
          <label className="text-sm">
            Event
            <select name="action" defaultValue={filters.action} className={input}>
              <option value="">all</option>
              {ACCOUNT_ACTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
              {filters.action && !ACCOUNT_ACTIONS.some(([value]) => value === filters.action) && <option value={filters.action}>{filters.action}</option>}
            </select>
          </label>
          <label className="text-sm">
            Target
            <input name="target" defaultValue={filters.target} placeholder="product:12, order, phone:01…" className={input} />
          </label>
          <label className="text-sm">
            User ID
            <input name="user" defaultValue={filters.user} inputMode="numeric" size={6} className={input} />
          </label>
          <label className="text-sm">
            From
            <input type="date" name="from" defaultValue={filters.from} className={input} />
          </label>
          <label className="text-sm">
            To
            <input type="date" name="to" defaultValue={filters.to} className={input} />
          </label>
          <Button type="submit">Filter</Button>
          {filtered && <LinkButton to="?">Clear</LinkButton>}
          <LinkButton to="?action=sign_in_failed">Failed sign-ins</LinkButton>
        </Form>
      </Panel>
      <Panel title="Events">
        <Table head={['When (UTC)', 'Who', 'What', 'Target', 'Changes', 'Address']} testId="audit-list">
          {results.length === 0 && <Empty colSpan={6} text="Nothing recorded." />}
          {results.map((r) => (
            <tr key={r.id} className={r.action === 'sign_in_failed' ? 'bg-red-50' : ''} data-testid="audit-row">
              <td className="whitespace-nowrap text-stone-600">{r.at.slice(0, 19).replace('T', ' ')}</td>
              <td>
                {r.user === null ? '—' : <a href={`?user=${r.user}`} className="underline">{r.user_name ?? `#${r.user}`}</a>}
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
          ))}
        </Table>
        <Pager count={count} page={page} summary />
      </Panel>
    </>
  );
}
