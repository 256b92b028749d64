/** Update a category: name and parent, Update and Cancel. Addressed by id (names repeat under different parents). */
import type { Route } from './+types/category-edit';
import { idParam, notFoundPage, requireAdminPage } from './guard.server';
import { categoryOptions, selfAndDescendants } from '../../components/admin/category-options';
import { categoryPayload, validateCategory } from '../../components/admin/category-form';
import { Field, SelectField } from '../../components/form/field';
import { useApiForm } from '../../components/form/use-api-form';
import { FormFoot } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const id = idParam(params.id, 'Category');
  const svc = context.services.catalog;
  const [category, all] = await Promise.all([svc.getCategory(id), svc.listCategories({}, { page: 1, size: 5000, offset: 0 })]);
  if (!category) notFoundPage('Category');
  return { category, all: all.results.map(({ id, name, parent, parent_name }) => ({ id, name, parent, parent_name })) };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Edit ${data?.category.name ?? 'category'} · Back office` }];
}

export default function CategoryEdit({ loaderData }: Route.ComponentProps) {
  const { category, all } = loaderData;
  const form = useApiForm({
    method: 'PUT',
    url: `/api/category/${category.id}/`,
    validate: validateCategory,
    payload: categoryPayload,
    success: 'Category updated Successfully!',
    then: '/admin-categories',
  });
  return (
    <>
      <PageTitle>Update category: {category.name}</PageTitle>
      <Panel>
        <form {...form.props} className="grid max-w-xl gap-3" data-testid="update-category">
          <Field label="Category name" name="name" errors={form.errors} defaultValue={category.name} required />
          <SelectField
            label="Parent category"
            name="parent"
            errors={form.errors}
            defaultValue={category.parent}
            options={categoryOptions(all, selfAndDescendants(all, category.id))}
            empty="— none (top level) —"
          />
          <FormFoot errors={form.errors} busy={form.busy} cancelTo="/admin-categories">
            Update
          </FormFoot>
        </form>
      </Panel>
    </>
  );
}
