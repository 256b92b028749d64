/**
 * Books, electronics and stationery: a search with its results table, the add form,
 * and the full list with purchase data. Paged on the server at 20 (search results by
 * `?spage=`, the full list by `?page=`), so it stays quick with 100,000 products.
 */
import { Link } from 'react-router';
import type { Route } from './+types/products';
import { listParams, requireAdminPage } from './guard.server';
import { productFormOptions } from './product-options.server';
import { kindFromPath } from '../../components/admin/product-kinds';
import { ProductForm } from '../../components/admin/product-form';
import { Pager } from '../../components/pager';
import { DeleteButton } from '../../components/admin/confirm';
import { PageTitle, Panel } from '../../components/admin/page';
import { SearchBox } from '../../components/admin/search-box';
import { Empty, Table } from '../../components/admin/table';
import { LinkButton } from '../../components/admin/buttons';
import type { ApiProduct } from '../../lib/api-types.server';
export { ErrorBoundary } from '../../components/admin/error-page';

type AdminProduct = ApiProduct & { purchase_from?: string; purchase_price?: number };

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const kind = kindFromPath(new URL(request.url).pathname);
  const { page, search } = listParams(request);
  const { page: spage } = listParams(request, 'spage');
  const svc = context.services.catalog;
  const [found, list, options] = await Promise.all([
    search ? svc.listProducts({ type: kind.type, search }, spage, { admin: true }) : null,
    svc.listProducts({ type: kind.type, ordering: '-id' }, page, { admin: true }),
    productFormOptions(context, kind),
  ]);
  // Back-in-stock requests waiting per product shown (server/back-in-stock).
  const waiting = await context.services.backInStock.waitingCounts([...(found?.results ?? []), ...list.results].map((p) => p.id));
  return {
    waiting: Object.fromEntries(waiting),
    type: kind.type,
    search,
    found: found ? { count: found.count, results: found.results as AdminProduct[], page: spage.page } : null,
    list: { count: list.count, results: list.results as AdminProduct[], page: page.page },
    options,
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data ? kindFromPath(`/admin-${data.type}`).title : 'Products'} · Back office` }];
}

function Thumb({ p }: { p: AdminProduct }) {
  const src = p.images?.thumb ?? p.image;
  return src ? <img src={src} alt={p.alt_text} width={50} height={50} loading="lazy" className="h-[50px] w-[50px] rounded object-cover" /> : null;
}

function ProductRows({ products, purchase, type, waiting }: { products: AdminProduct[]; purchase: boolean; type: string; waiting: Record<number, number> }) {
  const kind = kindFromPath(`/admin-${type}`);
  const isBook = type === 'books';
  const cols = 12 + (purchase ? 2 : 0);
  return (
    <>
      {products.length === 0 && <Empty colSpan={cols} />}
      {products.map((p) => (
        <tr key={p.id} className={p.is_active ? '' : 'text-stone-500'} data-testid="product-row">
          <td>{p.id}</td>
          <td className="max-w-44 font-medium">
            {p.english_title}
            {!p.is_active && <span className="ml-1 rounded bg-stone-200 px-1 text-xs">inactive</span>}
          </td>
          <td className="max-w-44">{p.bangla_title}</td>
          <td>{isBook ? p.category_name : [p.category_name, p.brand].filter(Boolean).join(' · ')}</td>
          <td>
            <Thumb p={p} />
          </td>
          {purchase && <td>{p.purchase_from}</td>}
          {purchase && <td>{p.purchase_price}</td>}
          <td>{p.regular_price}</td>
          <td className={p.discount_price ? 'font-semibold text-red-700' : 'text-stone-500'}>{p.discount_price || '—'}</td>
          <td className={p.units_stock === 0 ? 'font-semibold text-red-700' : p.units_stock <= 10 ? 'font-semibold text-amber-700' : ''}>{p.units_stock}</td>
          <td>{p.units_sold}</td>
          <td data-testid="restock-waiting">{waiting[p.id] ? <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{waiting[p.id]}</span> : '—'}</td>
          <td>
            <Link className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand hover:text-white" to={kind.edit(p.id)}>
              Edit
            </Link>
          </td>
          <td>
            <DeleteButton url={`/api/product/${p.id}/`} confirmText={kind.confirmDelete} successText={kind.deleted} />
          </td>
        </tr>
      ))}
    </>
  );
}

function head(purchase: boolean) {
  return ['ID', 'English title', 'Bangla title', 'Category', 'Image', ...(purchase ? ['Purchase from', 'Purchase price'] : []), 'Regular price', 'Discount price', 'Stock', 'Sold', 'Waiting', 'Edit', 'Delete'];
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { type, search, found, list, options, waiting } = loaderData;
  const kind = kindFromPath(`/admin-${type}`);
  const placeholder = type === 'books' ? 'Search by title, author, publisher, category' : 'Search by title';
  return (
    <>
      <PageTitle actions={<LinkButton to={`/admin-products-import?type=${type}`}>Import / export CSV</LinkButton>}>{kind.title}</PageTitle>
      <Panel>
        <SearchBox placeholder={placeholder} defaultValue={search} />
        {found && (
          <div className="mt-4" data-testid="search-results">
            <p className="mb-2 text-sm text-stone-600">
              {found.count} result{found.count === 1 ? '' : 's'} for “{search}”
            </p>
            <Table head={head(false)} testId="search-table" dense>
              <ProductRows products={found.results} purchase={false} type={type} waiting={waiting} />
            </Table>
            <Pager count={found.count} page={found.page} pageKey="spage" summary />
          </div>
        )}
      </Panel>
      <Panel title={`Add ${kind.one}`} id="add" collapsed>
        <ProductForm kind={kind} options={options} />
      </Panel>
      <Panel title={`All ${kind.title.toLowerCase()}`} id="list">
        <Table head={head(true)} testId="product-list" dense>
          <ProductRows products={list.results} purchase type={type} waiting={waiting} />
        </Table>
        <Pager count={list.count} page={list.page} summary />
      </Panel>
    </>
  );
}
