/**
 * Back in stock: the products shoppers are waiting for (`স্টকে এলে জানান`), most waiting
 * first — what to reorder first. Each links to its edit page, where raising the stock texts them.
 */
import { Link } from 'react-router';
import type { Route } from './+types/restock';
import { listParams, requireAdminPage } from './guard.server';
import { PageTitle, Panel } from '../../components/admin/page';
import { PagedTable } from '../../components/admin/table';
import { productPath } from '../../../domain/store-paths';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page } = listParams(request);
  const list = await context.services.backInStock.waitingList(page);
  // The edit page's address depends on the product's type; the catalogue knows it.
  const types = new Map((await context.services.catalog.stock.summaries(list.results.map((r) => r.product))).map((p) => [p.id, p.type]));
  return {
    page: page.page,
    count: list.count,
    results: list.results.map((r) => ({ ...r, type: types.get(r.product) ?? 'books' })),
  };
}

export function meta() {
  return [{ title: 'Back in stock · Back office' }];
}

const EDIT: Record<string, string> = { books: 'update-book', electronics: 'update-electronics', stationary: 'update-stationary' };

function WaitingRow({ waiting: r }: { waiting: Route.ComponentProps['loaderData']['results'][number] }) {
  return (
    <tr data-testid="restock-row">
      <td>{r.product}</td>
      <td className="max-w-md font-medium">
        <a href={productPath({ id: r.product, type: r.type })} className="text-brand underline" target="_blank" rel="noreferrer">
          {r.title}
        </a>
      </td>
      <td>
        <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{r.waiting}</span>
      </td>
      <td className={r.units_stock === 0 ? 'font-semibold text-red-700' : ''}>{r.units_stock}</td>
      <td>
        <Link className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand hover:text-white" to={`/${EDIT[r.type] ?? 'update-book'}/${r.product}`}>
          Edit
        </Link>
      </td>
    </tr>
  );
}

export default function Restock({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Back in stock</PageTitle>
      <Panel title="Waiting requests, most first">
        <p className="mb-3 text-sm text-stone-600">
          Shoppers who asked to be told when a product is back. Raising a product&apos;s stock above 0 texts each of them once.
        </p>
        <PagedTable head={['Product', 'Title', 'Waiting', 'Stock', 'Edit']} testId="restock-list" empty="Nobody is waiting for a product." list={loaderData} row={(r) => <WaitingRow key={r.product} waiting={r} />} />
      </Panel>
    </>
  );
}
