/** The SMS log: the outbox, newest first, failed messages marked, filter by phone and state. */
import type { Route } from './+types/sms';
import { z } from 'zod';
import { filterParams, listParams, requireAdminPage } from './guard.server';
import { LinkButton } from '../../components/admin/buttons';
import { FilterForm, FilterInput, FilterSelect } from '../../components/admin/filters';
import { PageTitle, Panel } from '../../components/admin/page';
import { PagedTable } from '../../components/admin/table';
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

type LoaderData = Route.ComponentProps['loaderData'];

function SmsRow({ sms: m }: { sms: LoaderData['results'][number] }) {
  return (
    <tr className={m.status === 'failed' ? 'bg-red-50' : ''} data-testid="sms-row">
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
  );
}

export default function Sms({ loaderData }: Route.ComponentProps) {
  const { phone, status } = loaderData;
  return (
    <>
      <PageTitle>SMS log</PageTitle>
      <Panel>
        <FilterForm filtered={Boolean(phone || status)} shortcuts={<LinkButton to="?status=failed">Failed only</LinkButton>}>
          <FilterInput label="Phone" name="phone_number" defaultValue={phone} placeholder="01XXXXXXXXX" />
          <FilterSelect label="State" name="status" defaultValue={status} choices={STATES.map((s) => [s, s] as const)} />
        </FilterForm>
      </Panel>
      <Panel title="Outbox">
        <PagedTable head={['ID', 'Created', 'To', 'Message', 'State', 'Tries', 'Last error', 'Sent']} testId="sms-list" empty="No messages." list={loaderData} row={(m) => <SmsRow key={m.id} sms={m} />} />
      </Panel>
    </>
  );
}
