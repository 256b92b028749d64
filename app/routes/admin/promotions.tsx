/**
 * Promotions and coupons: search by name or code, the list (kind, code or automatic, what it
 * covers, Dhaka dates, uses against the limit), switched on and off in place, deleted after a
 * confirm, paged on the server at 20. Adding and editing are on their own page (promotion-edit.tsx).
 */
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/promotions';
import { listParams, requireAdminPage } from './guard.server';
import { isoToDhakaLocal, promotionBadge, timingAt, type Timing } from '../../../domain/promotions';
import { failureText, sendApi } from '../../components/form/api';
import { notify } from '../../components/notices';
import { Button, LinkButton } from '../../components/admin/buttons';
import { DeleteButton } from '../../components/admin/confirm';
import { PageTitle, Panel } from '../../components/admin/page';
import { KIND_LABELS, TYPE_LABELS, type EditablePromotion } from '../../components/admin/promotion-form';
import { SearchBox } from '../../components/admin/search-box';
import { PagedTable } from '../../components/admin/table';
import { useT } from '../../lib/i18n';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page, search } = listParams(request);
  const list = await context.services.promotions.list({ search: search || undefined }, page);
  const now = new Date();
  // Worked out here, so the page says the same thing on the server and in the browser.
  const results = list.results.map((p) => ({ ...p, timing: timingAt(p, now) }));
  return { search, page: page.page, count: list.count, results };
}

export function meta() {
  return [{ title: 'Promotions · Back office' }];
}

/** "Books · 2 categories · 1 author", or "Everything". */
function appliesSummary(a: EditablePromotion['applies_to']): string {
  const parts = [
    ...(a.types ?? []).map((t) => TYPE_LABELS[t] ?? t),
    ...(['categories', 'authors', 'publishers', 'products'] as const).flatMap((k) => {
      const n = a[k]?.length ?? 0;
      return n ? [`${n} ${n === 1 ? k.replace(/ies$/, 'y').replace(/s$/, '') : k}`] : [];
    }),
  ];
  return parts.length ? parts.join(' · ') : 'Everything';
}

const dhaka = (iso: string | null) => (iso ? isoToDhakaLocal(iso).replace('T', ' ') : '—');

const TIMING_NOTE: Partial<Record<Timing, string>> = { not_started: 'not started', expired: 'ended' };

function ActiveToggle({ id, active }: { id: number; active: boolean }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      kind={active ? 'primary' : 'secondary'}
      size="sm"
      aria-pressed={active}
      disabled={busy}
      data-testid="promotion-active"
      onClick={async () => {
        setBusy(true);
        const res = await sendApi('PUT', `/api/promotion/${id}/`, { is_active: !active });
        setBusy(false);
        if (!res.ok) {
          notify(failureText(res, t), 'error', 6000);
          return;
        }
        notify(active ? 'Promotion switched off.' : 'Promotion switched on.');
        await revalidator.revalidate();
      }}
    >
      {active ? 'On' : 'Off'}
    </Button>
  );
}

function PromotionRow({ promotion: p }: { promotion: Route.ComponentProps['loaderData']['results'][number] }) {
  return (
    <tr className={p.timing === 'active' ? '' : 'text-stone-500'} data-testid="promotion-row" data-promotion-id={p.id} data-code={p.code ?? ''}>
      <td>{p.id}</td>
      <td className="max-w-48 font-medium">
        {p.name}
        {TIMING_NOTE[p.timing] && <span className="ml-1 rounded bg-stone-200 px-1 text-xs">{TIMING_NOTE[p.timing]}</span>}
      </td>
      <td title={KIND_LABELS[p.kind]} data-testid="promotion-kind">
        {promotionBadge(p)[1]}
      </td>
      <td data-testid="promotion-code">{p.code ? <span className="font-mono font-semibold">{p.code}</span> : <span className="text-stone-500">automatic</span>}</td>
      <td className="max-w-48">{appliesSummary(p.applies_to)}</td>
      <td className="whitespace-nowrap">{dhaka(p.starts_at)}</td>
      <td className="whitespace-nowrap">{dhaka(p.ends_at)}</td>
      <td className="whitespace-nowrap" data-testid="promotion-uses">
        {p.used_count} / {p.usage_limit ?? '∞'}
        {p.per_customer_limit !== null && <span className="block text-stone-500">{p.per_customer_limit} each</span>}
      </td>
      <td>
        <ActiveToggle id={p.id} active={p.is_active} />
      </td>
      <td>
        <Link className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand hover:text-white" to={`/admin-promotions/${p.id}`}>
          Edit
        </Link>
      </td>
      <td>
        <DeleteButton url={`/api/promotion/${p.id}/`} confirmText={`Delete the promotion “${p.name}”? Orders keep what it saved them.`} successText="Promotion deleted." />
      </td>
    </tr>
  );
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { search } = loaderData;
  return (
    <>
      <PageTitle actions={<LinkButton to="/admin-promotions/new">New promotion</LinkButton>}>Promotions</PageTitle>
      <Panel>
        <SearchBox placeholder="Search by name or coupon code" defaultValue={search} />
      </Panel>
      <Panel title={search ? `Promotions matching “${search}”` : 'All promotions'}>
        <p className="mb-3 text-sm text-stone-600">Times are Dhaka time. A coupon applies at checkout when its code is typed; an automatic promotion applies by itself.</p>
        <PagedTable head={['ID', 'Name', 'Kind', 'Code', 'Applies to', 'Starts', 'Ends', 'Uses', 'Active', 'Edit', 'Delete']} testId="promotion-list" dense empty={search ? undefined : 'No promotions yet.'} list={loaderData} row={(p) => <PromotionRow key={p.id} promotion={p} />} />
      </Panel>
    </>
  );
}
