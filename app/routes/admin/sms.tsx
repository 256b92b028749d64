/** The SMS log: the outbox, newest first, failed messages marked, filter by phone and state. */
import { Form } from 'react-router';
import type { Route } from './+types/sms';
import { z } from 'zod';
import { filterParams, listParams, requireAdminPage } from './guard.server';
import { Pager } from '../../components/pager';
import { Button, LinkButton } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { Empty, Table } from '../../components/admin/table';
export { ErrorBoundary } from '../../components/admin/error-page';

const STATES = ['pending', 'sending', 'sent', 'failed'] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page } = listParams(request);
  const q = filterParams(request, z.object({ phone_number: z.string().trim().max(20).optional(), status: z.enum(STATES).optional() }));
  const phone = q.phone_number ?? '';
  const status = q.status ?? '';
  const list = await context.services.sms.list({ phone_number: phone || undefined, status: status || undefined }, page);
  return { phone, status, page: page.page, count: list.count, results: list.results };
}

export function meta() {
  return [{ title: 'SMS log · Back office' }];
}

const BADGE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sending: 'bg-sky-100 text-sky-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

export default function Sms({ loaderData }: Route.ComponentProps) {
  const { phone, status, results, count, page } = loaderData;
  return (
    <>
      <PageTitle>SMS log</PageTitle>
      <Panel>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            Phone
            <input name="phone_number" defaultValue={phone} placeholder="01XXXXXXXXX" className="mt-1 block rounded border border-stone-300 px-2 py-1.5 text-sm" />
          </label>
          <label className="text-sm">
            State
            <select name="status" defaultValue={status} className="mt-1 block rounded border border-stone-300 px-2 py-1.5 text-sm">
              <option value="">all</option>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit">Filter</Button>
          {(phone || status) && <LinkButton to="?">Clear</LinkButton>}
          <LinkButton to="?status=failed">Failed only</LinkButton>
        </Form>
      </Panel>
      <Panel title="Outbox">
        <Table head={['ID', 'Created', 'To', 'Message', 'State', 'Tries', 'Last error', 'Sent']} testId="sms-list">
          {results.length === 0 && <Empty colSpan={8} text="No messages." />}
          {results.map((m) => (
            <tr key={m.id} className={m.status === 'failed' ? 'bg-red-50' : ''} data-testid="sms-row">
              <td>{m.id}</td>
              <td className="whitespace-nowrap text-stone-600">{m.created_at.slice(0, 16).replace('T', ' ')}</td>
              <td className="font-mono">{m.to}</td>
              <td className="max-w-md">{m.text}</td>
              <td>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${BADGE[m.status] ?? ''}`}>{m.status}</span>
              </td>
              <td>{m.attempts}</td>
              <td className="max-w-xs text-xs text-red-800">{m.last_error}</td>
              <td className="whitespace-nowrap text-stone-600">{m.sent_at?.slice(0, 16).replace('T', ' ') ?? '—'}</td>
            </tr>
          ))}
        </Table>
        <Pager count={count} page={page} summary />
      </Panel>
    </>
  );
}
