/**
 * /admin-stock-history/:id (managers and owners): one product's stock movements, newest first —
 * each change of its stock with its reason, reference, who made it and when; they add up to its
 * stock. Linked from the product's edit form, the receipts and the low-stock list.
 */
import { Link } from 'react-router';
import type { Route } from './+types/stock-history';
import { idParam, listParams, notFoundPage, requireAdminPage } from './guard.server';
import { LinkButton } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { PagedTable } from '../../components/admin/table';
import { REASON_TEXT, refLink, stockTime } from '../../components/admin/stock/stock-text';
export { ErrorBoundary } from '../../components/admin/error-page';

const EDIT: Record<string, string> = { books: 'update-book', electronics: 'update-electronics', stationary: 'update-stationary' };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const id = idParam(params.id, 'Product');
  const { page } = listParams(request);
  const product = (await context.services.catalog.stock.summaries([id]))[0];
  if (!product) notFoundPage('Product');
  const list = await context.services.stock.movements(id, page);
  return { product, page: page.page, count: list.count, results: list.results };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `স্টকের হিসাব (Stock history): ${data?.product.english_title ?? ''} · Back office` }];
}

export default function StockHistory({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <>
      <PageTitle actions={<LinkButton to={`/${EDIT[product.type] ?? 'update-book'}/${product.id}`}>পণ্য সম্পাদনা (Edit product)</LinkButton>}>
        স্টকের হিসাব (Stock history): {product.english_title || product.bangla_title}
      </PageTitle>
      <Panel title={`এখন স্টক (In stock now): ${product.units_stock}`}>
        <PagedTable
          head={['সময় (When)', 'পরিবর্তন (Change)', 'কারণ (Reason)', 'রেফারেন্স (Reference)', 'যিনি (By)']}
          testId="stock-history"
          empty="কোনো পরিবর্তন নেই (No movement yet)."
          list={loaderData}
          row={(m) => {
            const ref = refLink(m.ref);
            return (
              <tr key={m.id} data-testid="stock-movement">
                <td className="whitespace-nowrap">{stockTime(m.at)}</td>
                <td className={`font-semibold ${m.delta < 0 ? 'text-red-700' : m.delta > 0 ? 'text-green-700' : 'text-stone-600'}`}>{m.delta > 0 ? `+${m.delta}` : m.delta}</td>
                <td>{REASON_TEXT[m.reason]}</td>
                <td>
                  {ref.to ? (
                    <Link className="text-brand underline" to={ref.to}>
                      {ref.text}
                    </Link>
                  ) : (
                    ref.text
                  )}
                </td>
                <td>{m.user_name ?? '—'}</td>
              </tr>
            );
          }}
        />
      </Panel>
    </>
  );
}
