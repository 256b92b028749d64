/**
 * The catalogue in bulk: download it as CSV (with the product list's filters; a plain GET
 * form, so it works without JavaScript), and upload a CSV or .xlsx: a dry run first (rows to create, rows
 * to update, every bad row with its line), then "Apply" sends the same file without `dry_run`
 * and lists the batches written.
 * Below, a bulk price change by category and/or publisher, previewed before it is applied.
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
  const all = { page: 1, size: 5000, offset: 0 };
  const [categories, publishers] = await Promise.all([context.services.catalog.listCategories({}, all), context.services.catalog.listPublishers({ ordering: 'name' }, all)]);
  return {
    filters: filterParams(request, filters),
    categories: categories.results.map((c) => ({ id: c.id, name: c.name })),
    publishers: publishers.results.map((p) => ({ id: p.id, name: p.name })),
  };
}

export function meta() {
  return [{ title: 'Import / export · Back office' }];
}

interface ImportAnswer {
  create: number;
  update: number;
  errors: { line: number; field: string; message: string }[];
  applied?: number;
  batches?: { first_line: number; last_line: number; applied: number; error?: string }[];
}

const SELECT = 'rounded border border-stone-300 px-2 py-1.5 text-sm';

/** A labelled drop-down of named records, with a first choice that means "no filter". */
function RecordSelect({ label, name, defaultValue, none, records }: { label: string; name: string; defaultValue: string | number; none: string; records: { id: number; name: string }[] }) {
  return (
    <label className="text-sm">
      {label}
      <select name={name} defaultValue={defaultValue} className={`${SELECT} block`}>
        <option value="">{none}</option>
        {records.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
    </label>
  );
}

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
      <RecordSelect label="Category" name="category" defaultValue={f.category ?? ''} none="All" records={loaderData.categories} />
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

interface PriceAnswer {
  count: number;
  sample: { id: number; english_title: string; from: number; to: number; discount_price: number }[];
  problems: { id: number; english_title: string; message: string }[];
  applied?: number;
}

function BulkPrice({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<(PriceAnswer & { dryRun: boolean }) | null>(null);
  const [failure, setFailure] = useState('');

  async function send(dryRun: boolean) {
    const el = form.current;
    if (!el) return;
    const data = new FormData(el);
    const num = (name: string) => (String(data.get(name) ?? '').trim() === '' ? undefined : Number(data.get(name)));
    const value = num('value');
    const body = { [String(data.get('by'))]: value, category: num('category'), publisher: num('publisher'), dry_run: dryRun };
    setBusy(true);
    setFailure('');
    const res = await sendApi<PriceAnswer>('POST', '/api/product/bulk-price/', body);
    setBusy(false);
    if (!res.ok || !res.body) {
      setAnswer(null);
      return setFailure(Object.values(res.errors)[0]?.[0] ?? (res.message || `The server answered ${res.status || 'nothing'}.`));
    }
    setAnswer({ ...res.body, dryRun });
  }

  return (
    <>
      <form
        ref={form}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void send(true);
        }}
        data-testid="price-form"
      >
        <RecordSelect label="Category (with its sub-categories)" name="category" defaultValue="" none="Any" records={loaderData.categories} />
        <RecordSelect label="Publisher" name="publisher" defaultValue="" none="Any" records={loaderData.publishers} />
        <label className="text-sm">
          Change by
          <select name="by" defaultValue="percentage" className={`${SELECT} block`}>
            <option value="percentage">Percent (%)</option>
            <option value="amount">Taka (৳)</option>
          </select>
        </label>
        <label className="text-sm">
          Up (+) or down (−)
          <input name="value" type="number" step={1} required className={`${SELECT} block w-28`} placeholder="10 or -10" />
        </label>
        <Button type="submit" kind="secondary" disabled={busy}>
          Preview
        </Button>
        <Button disabled={busy || !answer?.dryRun || answer.count === 0 || answer.problems.length > 0} onClick={() => void send(false)}>
          {busy ? 'Working…' : 'Apply'}
        </Button>
      </form>
      {failure && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failure}
        </p>
      )}
      {answer && (
        <div className="mt-4" data-testid="price-result">
          <p className="mb-2 text-sm font-semibold">
            {answer.applied !== undefined ? `${answer.applied} prices changed.` : `${answer.count} products would change.`}
            {answer.problems.length > 0 && ` ${answer.problems.length} cannot take this change; nothing will be applied until it fits them all.`}
          </p>
          <Table head={['ID', 'Title', 'Regular price', 'New', 'Discount price', 'Problem']} dense>
            {answer.problems.map((p) => (
              <tr key={`p${p.id}`} className="text-red-700">
                <td>{p.id}</td>
                <td>{p.english_title}</td>
                <td colSpan={3} />
                <td>{p.message}</td>
              </tr>
            ))}
            {answer.sample.map((p) => (
              <tr key={p.id}>
                <td>{p.id}</td>
                <td>{p.english_title}</td>
                <td>{p.from}</td>
                <td className="font-semibold">{p.to}</td>
                <td>{p.discount_price || '—'}</td>
                <td />
              </tr>
            ))}
          </Table>
          {answer.count > answer.sample.length && <p className="mt-1 text-xs text-stone-500">The first {answer.sample.length} of {answer.count} are shown.</p>}
        </div>
      )}
    </>
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
    if (!(file instanceof File) || file.size === 0) return setFailure('Choose a CSV or XLSX file first.');
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
      <Panel title="Import a CSV or XLSX">
        <p className="mb-3 text-sm text-stone-600">
          The export&apos;s columns. A row with an <code>id</code> updates that product; else a book with a known ISBN, else a product of the same type and exact English title is updated;
          other rows are added. Blank cells keep what is stored. Images are not imported (the image column is ignored). An .xlsx is read from its first sheet. Check first: nothing is written until you apply;
          then rows are written 500 at a time, each batch on its own.
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
          <input type="file" name="file" accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required className="text-sm" data-testid="import-file" />
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
            {answer.batches && answer.batches.length > 0 && (
              <ul className="mb-3 text-sm" data-testid="import-batches">
                {answer.batches.map((b) => (
                  <li key={b.first_line} className={b.error ? 'text-red-700' : undefined} data-testid="import-batch">
                    Lines {b.first_line}–{b.last_line}: {b.error ? `not written (${b.error})` : `${b.applied} applied`}
                  </li>
                ))}
              </ul>
            )}
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
      <Panel title="Change prices in bulk">
        <p className="mb-3 text-sm text-stone-600">
          Regular prices of a category&apos;s and/or a publisher&apos;s products, up or down by a percentage (rounded to the taka) or by taka. Offers stay; discount prices are worked out again.
          All or nothing.
        </p>
        <BulkPrice loaderData={loaderData} />
      </Panel>
    </>
  );
}
