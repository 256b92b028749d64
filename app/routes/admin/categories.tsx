/** Categories (spec §2): name search, add form with a parent dropdown, list with Total Children and edit links. */
import { Link } from 'react-router';
import type { Route } from './+types/categories';
import { listParams, requireAdminPage } from './guard.server';
import { categoryOptions } from '../../components/admin/category-options';
import { Button, DeleteButton, Empty, FormError, PageTitle, Pager, Panel, SearchBox, SelectField, Table, TextField, useApiForm } from '../../components/admin/ui';
import { categoryPayload, validateCategory } from '../../components/admin/category-form';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page, search } = listParams(request);
  const svc = context.services.catalog;
  const [list, all] = await Promise.all([svc.listCategories({ search: search || undefined }, page), svc.listCategories({}, { page: 1, size: 5000, offset: 0 })]);
  return { search, page: page.page, count: list.count, results: list.results, all: all.results.map(({ id, name, parent, parent_name }) => ({ id, name, parent, parent_name })) };
}

export function meta() {
  return [{ title: 'Categories · Back office' }];
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { search, results, count, page, all } = loaderData;
  const form = useApiForm({
    method: 'POST',
    url: '/api/category/',
    validate: validateCategory,
    payload: categoryPayload,
    success: 'Category added Successfully!',
    then: 'reload',
  });
  return (
    <>
      <PageTitle>Categories</PageTitle>
      <Panel>
        <SearchBox placeholder="Search categories by name" defaultValue={search} />
      </Panel>
      <Panel title="Add category">
        <form onSubmit={form.onSubmit} noValidate className="grid max-w-xl gap-3" data-testid="add-category">
          <TextField label="Category name" name="name" errors={form.errors} required />
          <SelectField label="Parent category" name="parent" errors={form.errors} options={categoryOptions(all)} empty="— none (top level) —" />
          <FormError errors={form.errors} />
          <div>
            <Button type="submit" disabled={form.busy}>
              {form.busy ? 'Saving…' : 'Add category'}
            </Button>
          </div>
        </form>
      </Panel>
      <Panel title={search ? `Categories matching “${search}”` : 'Category list'}>
        <Table head={['ID', 'Name', 'Parent', 'Total Children', 'Edit', 'Delete']} testId="category-list">
          {results.length === 0 && <Empty colSpan={6} />}
          {results.map((c) => (
            <tr key={c.id}>
              <td>{c.id}</td>
              <td className="font-medium">{c.name}</td>
              <td>{c.parent_name ?? '—'}</td>
              <td>{c.children_count}</td>
              <td>
                <Link className="text-brand underline" to={`/update-category/${c.id}`}>
                  Edit
                </Link>
              </td>
              <td>
                <DeleteButton url={`/category/${encodeURIComponent(c.name)}`} confirmText="Are you sure to delete category?" successText="Category deleted!" />
              </td>
            </tr>
          ))}
        </Table>
        <Pager count={count} page={page} />
      </Panel>
    </>
  );
}
