/**
 * Couriers: each courier the shop can book parcels with (domain/providers.ts), whether its keys
 * are configured on the server (they live in the environment, never in the database or on this
 * page), and a Check button that asks each configured courier whether it answers
 * (`GET /api/couriers/?check=1`).
 */
import type { Route } from './+types/couriers';
import { requireAdminPage } from './guard.server';
import { Button } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { Empty, Table } from '../../components/admin/table';
import { useCouriers } from '../../components/admin/shipments/use-couriers';
import { FormAlert } from '../../components/form/messages';
import { COURIERS, isCourierId } from '../../../domain/providers';
export { ErrorBoundary } from '../../components/admin/error-page';

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return {};
}

export function meta() {
  return [{ title: 'Couriers · Back office' }];
}

/** The variables a courier needs set on the server (domain/providers.ts), for one that is not configured. */
function envHint(id: string): string {
  return isCourierId(id) ? COURIERS[id].credentials.join(', ') : '';
}

export default function Couriers() {
  const { couriers, error, reload, checking } = useCouriers();
  return (
    <>
      <PageTitle
        actions={
          <Button onClick={() => void reload(true)} disabled={checking || couriers === null} data-testid="couriers-check">
            {checking ? 'Checking…' : 'Check'}
          </Button>
        }
      >
        Couriers
      </PageTitle>
      <Panel>
        <FormAlert text={error || null} />
        <Table head={['Courier', 'Configured', 'Answers', 'Message']} testId="courier-list">
          {couriers === null && !error && <Empty colSpan={4} text="Loading…" />}
          {couriers?.length === 0 && <Empty colSpan={4} text="No courier is known to the server." />}
          {couriers?.map((c) => (
            <tr key={c.id} data-testid="courier-row" data-courier={c.id} data-configured={c.configured ? 'true' : 'false'}>
              <td className="font-semibold">{c.label}</td>
              <td>
                {c.configured ? (
                  <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Configured</span>
                ) : (
                  <span className="text-xs text-stone-600" title={envHint(c.id) ? `Set ${envHint(c.id)} on the server` : undefined}>
                    Not configured{envHint(c.id) && <span className="block font-mono text-[11px] text-stone-500">{envHint(c.id)}</span>}
                  </span>
                )}
              </td>
              <td data-testid="courier-ok">
                {c.ok === undefined ? (
                  <span className="text-xs text-stone-500">—</span>
                ) : c.ok ? (
                  <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Yes</span>
                ) : (
                  <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">No</span>
                )}
              </td>
              <td className="text-xs break-words" data-testid="courier-message">
                {c.message ?? ''}
              </td>
            </tr>
          ))}
        </Table>
        <p className="mt-3 text-xs text-stone-600">A courier&apos;s keys are set in the server&apos;s environment; restart the server after changing them.</p>
      </Panel>
    </>
  );
}
