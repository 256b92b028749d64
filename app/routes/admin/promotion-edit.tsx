/**
 * Add a promotion (`/admin-promotions/new`) or update one (`/admin-promotions/:id`): the form
 * with the catalogue's categories, authors and publishers to choose from.
 */
import type { Route } from './+types/promotion-edit';
import { idParam, notFoundPage, requireAdminPage } from './guard.server';
import { PromotionForm } from '../../components/admin/promotion-form';
import { PageTitle, Panel } from '../../components/admin/page';
export { ErrorBoundary } from '../../components/admin/error-page';

const ALL = { page: 1, size: 5000, offset: 0 };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const id = 'id' in params && params.id !== undefined ? idParam(params.id, 'Promotion') : null;
  const svc = context.services.catalog;
  const [promotion, categories, authors, publishers] = await Promise.all([
    id === null ? null : context.services.promotions.get(id),
    svc.listCategories({}, ALL),
    svc.listAuthors({ ordering: 'name' }, ALL),
    svc.listPublishers({ ordering: 'name' }, ALL),
  ]);
  if (id !== null && !promotion) notFoundPage('Promotion');
  return {
    promotion,
    options: {
      categories: categories.results.map(({ id, name, parent, parent_name }) => ({ id, name, parent, parent_name })),
      authors: authors.results.map((a) => ({ value: a.id, label: a.name })),
      publishers: publishers.results.map((p) => ({ value: p.id, label: p.name })),
    },
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.promotion ? `Edit ${data.promotion.name}` : 'New promotion'} · Back office` }];
}

export default function PromotionEdit({ loaderData }: Route.ComponentProps) {
  const { promotion, options } = loaderData;
  return (
    <>
      <PageTitle>{promotion ? `Update promotion: ${promotion.name}` : 'New promotion'}</PageTitle>
      <Panel>
        {promotion && (
          <p className="mb-3 text-sm text-stone-600" data-testid="promotion-used">
            Used {promotion.used_count} time{promotion.used_count === 1 ? '' : 's'}
            {promotion.usage_limit !== null && ` of ${promotion.usage_limit}`}.
          </p>
        )}
        <PromotionForm key={promotion?.id ?? 'new'} options={options} {...(promotion ? { promotion } : {})} />
      </Panel>
    </>
  );
}
