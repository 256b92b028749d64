/**
 * The catalogue in bulk: download it as CSV (with the product list's filters; a plain GET
 * form, so it works without JavaScript), and upload a CSV or .xlsx: a dry run first (rows to create, rows
 * to update, every bad row with its line), then "Apply" sends the same file without `dry_run`
 * and lists the batches written.
 * Below, a bulk price change by category and/or publisher, previewed before it is applied.
 * The API does the work (server/catalog/bulk-export.ts, bulk-import.ts).
 */
import type { Route } from './+types/product-import';
import { z } from 'zod';
import { filterParams, requireAdminPage } from './guard.server';
import { PageTitle, Panel } from '../../components/admin/page';
import { BulkPrice } from '../../components/admin/bulk-price';
import { Button } from '../../components/admin/buttons';
import { CatalogExportForm } from '../../components/admin/catalog-export-form';
import { useDryRun } from '../../components/admin/dry-run';
import { Empty, Table } from '../../components/admin/table';
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
  warnings?: { line: number; field: string; message: string }[];
  applied?: number;
  batches?: { first_line: number; last_line: number; applied: number; error?: string }[];
}

/** The import's request: the file alone, the choices in the query string. */
function importRequest(data: FormData, dryRun: boolean) {
  const file = data.get('file');
  if (!(file instanceof File) || file.size === 0) return 'Choose a CSV or XLSX file first.';
  const params = new URLSearchParams();
  if (dryRun) params.set('dry_run', '1');
  if (data.get('create_missing')) params.set('create_missing', '1');
  const body = new FormData();
  body.set('file', file);
  return { url: `/api/product/import/?${params}`, body };
}

export default function ProductImport({ loaderData }: Route.ComponentProps) {
  const importer = useDryRun<ImportAnswer>(importRequest);
  const { busy, answer, failure } = importer;
  return (
    <>
      <PageTitle>Import / export</PageTitle>
      <Panel title="Export the catalogue (CSV)">
        <p className="mb-3 text-sm text-stone-600">
          Every product matching the filters, one row each: all fields, category, author and publisher by name, the image&apos;s address. UTF-8 with a BOM, so Excel shows Bengali.
        </p>
        <CatalogExportForm filters={loaderData.filters} categories={loaderData.categories} />
      </Panel>
      <Panel title="Import a CSV or XLSX">
        <p className="mb-3 text-sm text-stone-600">
          The export&apos;s columns. A row with an <code>id</code> updates that product; else a book with a known ISBN, else a product of the same type and exact English title is updated;
          other rows are added. Blank cells keep what is stored. Images are not imported (the image column is ignored). An .xlsx is read from its first sheet. Check first: nothing is written until you apply;
          then rows are written 500 at a time, each batch on its own.
        </p>
        <form {...importer.props} className="flex flex-wrap items-center gap-3" data-testid="import-form">
          <input type="file" name="file" accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required aria-label="CSV or XLSX file to import" className="text-sm" data-testid="import-file" />
          <label className="text-sm">
            <input type="checkbox" name="create_missing" value="1" className="mr-1" />
            Add unknown categories, authors and publishers
          </label>
          <Button type="submit" disabled={busy !== ''} data-testid="import-check">
            {busy === 'check' ? 'Checking…' : 'Check (dry run)'}
          </Button>
          <Button disabled={busy !== '' || !answer?.dryRun || answer.create + answer.update === 0} onClick={() => void importer.send(false)} data-testid="import-apply">
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
            {answer.warnings && answer.warnings.length > 0 && (
              <ul className="mb-3 text-sm text-amber-800" data-testid="import-warnings">
                {answer.warnings.map((w, i) => (
                  <li key={`${w.line}-${i}`} data-testid="import-warning">
                    Line {w.line}: {w.message}
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
        <BulkPrice categories={loaderData.categories} publishers={loaderData.publishers} />
      </Panel>
    </>
  );
}
