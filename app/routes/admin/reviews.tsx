/** Reviews: every review newest first, filter by shown/hidden and by product; hide, show again or delete one. */
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/reviews';
import { filterParams, listParams, requireAdminPage } from './guard.server';
import { idSchema } from '../../../domain/queries';
import { productPath } from '../../../domain/store-paths';
import { Button } from '../../components/admin/buttons';
import { FilterForm, FilterInput, FilterSelect } from '../../components/admin/filters';
import { PageTitle, Panel } from '../../components/admin/page';
import { PagedTable } from '../../components/admin/table';
import { failureText, sendApi } from '../../components/form/api';
import { notify } from '../../components/notices';
import { useT } from '../../lib/i18n';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page } = listParams(request);
  const q = filterParams(request, z.object({ hidden: z.enum(['0', '1']).optional(), product: idSchema.optional() }));
  const list = await context.services.reviews.adminList({ product: q.product, hidden: q.hidden === undefined ? undefined : q.hidden === '1' }, page);
  return { hidden: q.hidden ?? '', product: q.product ?? null, page: page.page, count: list.count, results: list.results };
}

export function meta() {
  return [{ title: 'Reviews · Back office' }];
}

function Moderate({ id, hidden }: { id: number; hidden: boolean }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const act = async (method: 'PUT' | 'DELETE') => {
    if (method === 'DELETE' && !window.confirm('Delete this review for good?')) return;
    setBusy(true);
    const res = await sendApi(method, `/api/review/${id}/`, method === 'PUT' ? { hidden: !hidden } : undefined);
    setBusy(false);
    if (!res.ok) return notify(failureText(res, t), 'error', 6000);
    notify(method === 'DELETE' ? 'Review deleted.' : hidden ? 'Review shown again.' : 'Review hidden.');
    await revalidator.revalidate();
  };
  return (
    <span className="flex flex-wrap gap-1">
      <Button size="sm" kind="secondary" disabled={busy} onClick={() => act('PUT')} data-testid={`review-toggle-${id}`}>
        {hidden ? 'Show' : 'Hide'}
      </Button>
      <Button size="sm" kind="danger" disabled={busy} onClick={() => act('DELETE')} data-testid={`review-delete-${id}`}>
        Delete
      </Button>
    </span>
  );
}

function ReviewRow({ review: r }: { review: Route.ComponentProps['loaderData']['results'][number] }) {
  return (
    <tr data-testid="admin-review" data-review-id={r.id}>
      <td className="whitespace-nowrap text-stone-500">{r.created_at.slice(0, 10)}</td>
      <td>
        {r.product_type ? (
          <Link to={productPath({ id: r.product, type: r.product_type })} className="text-brand underline">
            {r.product_title || `#${r.product}`}
          </Link>
        ) : (
          `#${r.product}`
        )}
      </td>
      <td>
        {r.name}
        {r.verified && <span className="ml-1 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-900">verified</span>}
      </td>
      <td className="whitespace-nowrap text-amber-600">{'★'.repeat(r.rating)}</td>
      <td className="max-w-md whitespace-pre-line text-sm">{r.text}</td>
      <td>
        <span className={`rounded px-2 py-0.5 text-xs ${r.hidden ? 'bg-red-100 text-red-900' : 'bg-emerald-100 text-emerald-900'}`} data-testid="review-state">
          {r.hidden ? 'hidden' : 'shown'}
        </span>
      </td>
      <td>
        <Moderate id={r.id} hidden={r.hidden} />
      </td>
    </tr>
  );
}

const SHOWN_CHOICES = [
  ['0', 'shown'],
  ['1', 'hidden'],
] as const;

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { hidden, product } = loaderData;
  return (
    <>
      <PageTitle>Reviews</PageTitle>
      <Panel>
        <FilterForm filtered={Boolean(hidden || product)}>
          <FilterSelect label="Shown" name="hidden" defaultValue={hidden} choices={SHOWN_CHOICES} />
          <FilterInput label="Product id" name="product" inputMode="numeric" defaultValue={product ?? ''} className="mt-1 block w-28 rounded border border-stone-300 px-2 py-1.5 text-sm" />
        </FilterForm>
      </Panel>
      <Panel title="Reviews, newest first">
        <PagedTable head={['Date', 'Product', 'Customer', 'Rating', 'Review', 'State', '']} testId="review-list" empty="No reviews here." list={loaderData} row={(r) => <ReviewRow key={r.id} review={r} />} />
      </Panel>
    </>
  );
}
