/**
 * Add a curated list (`/admin-lists/new`) or update one (`/admin-lists/:id`): the form, with the
 * list's products and their titles (switched-off ones marked) in order.
 */
import type { Route } from './+types/list-edit';
import { idParam, notFoundPage, requireAdminPage } from './guard.server';
import { ListForm } from '../../components/admin/lists/list-form';
import { PageTitle, Panel } from '../../components/admin/page';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const id = 'id' in params && params.id !== undefined ? idParam(params.id, 'List') : null;
  const list = id === null ? null : await context.services.lists.get(id);
  if (id !== null && !list) notFoundPage('List');
  return { list, items: list ? await context.services.lists.editorItems(list.products) : [] };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.list ? `Edit ${data.list.title}` : 'New list'} · Back office` }];
}

export default function ListEdit({ loaderData }: Route.ComponentProps) {
  const { list, items } = loaderData;
  return (
    <>
      <PageTitle>{list ? `Update list: ${list.title}` : 'New curated list'}</PageTitle>
      <Panel>
        <ListForm key={list?.id ?? 'new'} items={items} {...(list ? { list } : {})} />
      </Panel>
    </>
  );
}
