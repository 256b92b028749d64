/**
 * The catalogue in bulk: download it as CSV (with the product list's filters; a plain GET
 * form, so it works without JavaScript), and upload a CSV: a dry run first (rows to create, rows
 * to update, every bad row with its line), then "Apply" sends the same file without `dry_run`.
 * The API does the work (server/catalog/bulk-export.ts, bulk-import.ts).
 */
import { useRef, useState } from 'react';
import type { Route } from './+types/product-import';
import { z } from 'zod';
import { filterParams, requireAdminPage } from './guard.server';
import { PageTitle, Panel } from '../../components/admin/page';
import { Button } from '../../components/admin/buttons';
import { Empty, Table } from '../../components/admin/table';
import { sendApi } from '../../components/form/api';
import { PRODUCT_TYPES } from '../../../domain/catalog';
import { idSchema } from '../../../domain/queries';
export { ErrorBoundary } from '../../components/admin/error-page';

const filters = z.object({
  type: z.enum(PRODUCT_TYPES).optional(),
  category: idSchema.optional(),
  is_active: z.enum(['true', 'false']).optional(),
  search: z.string().max(200).optional(),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const categories = await context.services.catalog.listCategories({}, { page: 1, size: 5000, offset: 0 });
  return { filters: filterParams(request, filters), categories: categories.results.map((c) => ({ id: c.id, name: c.name })) };
}

export function meta() {
  return [{ title: 'Import / export · Back office' }];
}

interface ImportAnswer {
  create: number;
  update: number;
  errors: { line: number; field: string; message: string }[];
  applied?: number;
}

const SELECT = 'rounded border border-stone-300 px-2 py-1.5 text-sm';

function ExportForm({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const f = loaderData.filters;
  return (
    <form method="get" action="/api/product/export.csv" className="flex flex-wrap items-end gap-3" data-testid="export-form">
      <label className="text-sm">
        Type
        <select name="type" defaultValue={f.type ?? ''} className={`${SELECT} block`}>
          <option value="">All</option>
          {PRODUCT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Category
        <select name="category" defaultValue={f.category ?? ''} className={`${SELECT} block`}>
          <option value="">All</option>
          {loaderData.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Active
        <select name="is_active" defaultValue={f.is_active ?? ''} className={`${SELECT} block`}>
          <option value="">Active and inactive</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </select>
      </label>
      <label className="text-sm">
        Search
        <input name="search" defaultValue={f.search ?? ''} className={`${SELECT} block`} />
      </label>
      <Button type="submit" kind="secondary">
        Download CSV
      </Button>
    </form>
  );
}

export default function ProductImport({ loaderData }: Route.ComponentProps) {
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState<'' | 'check' | 'apply'>('');
  const [answer, setAnswer] = useState<(ImportAnswer & { dryRun: boolean }) | null>(null);
  const [failure, setFailure] = useState('');

  async function send(dryRun: boolean) {
    const el = form.current;
    if (!el) return;
    const data = new FormData(el);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) return setFailure('Choose a CSV file first.');
    const params = new URLSearchParams();
    if (dryRun) params.set('dry_run', '1');
    if (data.get('create_missing')) params.set('create_missing', '1');
    const body = new FormData();
    body.set('file', file);
    setBusy(dryRun ? 'check' : 'apply');
    setFailure('');
    const res = await sendApi<ImportAnswer>('POST', `/api/product/import/?${params}`, body);
    setBusy('');
    if (!res.ok || !res.body) {
      setAnswer(null);
      return setFailure(res.message || `The server answered ${res.status || 'nothing'}.`);
    }
    setAnswer({ ...res.body, dryRun });
  }

  return (
    <>
      <PageTitle>Import / export</PageTitle>
      <Panel title="Export the catalogue (CSV)">
        <p className="mb-3 text-sm text-stone-600">
          Every product matching the filters, one row each: all fields, category, author and publisher by name, the image&apos;s address. UTF-8 with a BOM, so Excel shows Bengali.
        </p>
        <ExportForm loaderData={loaderData} />
      </Panel>
      <Panel title="Import a CSV">
        <p className="mb-3 text-sm text-stone-600">
          The export&apos;s columns. A row with an <code>id</code> updates that product; else a book with a known ISBN, else a product of the same type and exact English title is updated;
          other rows are added. Blank cells keep what is stored. Images are not imported (the image column is ignored). Check first: nothing is written until you apply.
        </p>
        <form
          ref={form}
          className="flex flex-wrap items-center gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send(true);
          }}
          data-testid="import-form"
        >
          <input type="file" name="file" accept=".csv,text/csv" required className="text-sm" data-testid="import-file" />
          <label className="text-sm">
            <input type="checkbox" name="create_missing" value="1" className="mr-1" />
            Add unknown categories, authors and publishers
          </label>
          <Button type="submit" disabled={busy !== ''} data-testid="import-check">
            {busy === 'check' ? 'Checking…' : 'Check (dry run)'}
          </Button>
          <Button disabled={busy !== '' || !answer?.dryRun || answer.create + answer.update === 0} onClick={() => void send(false)} data-testid="import-apply">
            {busy === 'apply' ? 'Applying…' : 'Apply'}
          </Button>
        </form>
        {failure && (
          <p role="alert" className="mt-3 text-sm text-red-700" data-testid="import-failure">
            {failure}
          </p>
        )}
        {answer && (
          <div className="mt-4" data-testid="import-result">
            <p className="mb-2 text-sm font-semibold" data-testid="import-summary">
              {answer.dryRun ? 'Dry run: ' : 'Applied: '}
              <span data-testid="import-create">{answer.create}</span> to add, <span data-testid="import-update">{answer.update}</span> to update,{' '}
              <span data-testid="import-errors">{answer.errors.length}</span> invalid row{answer.errors.length === 1 ? '' : 's'}
              {answer.applied !== undefined && (
                <>
                  {' '}
                  — <span data-testid="import-applied">{answer.applied}</span> written
                </>
              )}
              .
            </p>
            <Table head={['Line', 'Column', 'Message']} testId="import-error-table" dense>
              {answer.errors.length === 0 && <Empty colSpan={3} text="No invalid rows." />}
              {answer.errors.map((e, i) => (
                <tr key={`${e.line}-${e.field}-${i}`} data-testid="import-error">
                  <td>{e.line}</td>
                  <td>{e.field}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </Table>
          </div>
        )}
      </Panel>
    </>
  );
}
