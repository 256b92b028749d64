/** Categories: name search, add form with a parent dropdown, list with Total Children and edit links. */
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/categories';
import { listParams, requireAdminPage } from './guard.server';
import { categoryOptions, selfAndDescendants, type CategoryLike } from '../../components/admin/category-options';
import { failureText, sendApi } from '../../components/form/api';
import { Field, SelectField } from '../../components/form/field';
import { useApiForm } from '../../components/form/use-api-form';
import { notify } from '../../components/notices';
import { Button, FormFoot } from '../../components/admin/buttons';
import { useConfirm } from '../../components/admin/confirm';
import { PageTitle, Panel } from '../../components/admin/page';
import { SearchBox } from '../../components/admin/search-box';
import { PagedTable } from '../../components/admin/table';
import { categoryPayload, validateCategory } from '../../components/admin/category-form';
import { useT } from '../../lib/i18n';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page, search } = listParams(request);
  const svc = context.services.catalog;
  const [list, all] = await Promise.all([svc.listCategories({ search: search || undefined }, page), svc.listCategories({}, { page: 1, size: 5000, offset: 0 })]);
  // Search answers nested trees; the table needs only each row.
  const results = list.results.map(({ id, name, parent, parent_name, children_count }) => ({ id, name, parent, parent_name, children_count }));
  return { search, page: page.page, count: list.count, results, all: all.results.map(({ id, name, parent, parent_name }) => ({ id, name, parent, parent_name })) };
}

export function meta() {
  return [{ title: 'Categories · Back office' }];
}

/**
 * Delete after a confirm. A category still holding sub-categories or products is
 * refused (409); the admin can then move them to another category and delete in one step.
 */
function CategoryDelete({ id, all }: { id: number; all: CategoryLike[] }) {
  const t = useT();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const revalidator = useRevalidator();
  const remove = async (moveTo?: string) => {
    setBusy(true);
    const res = await sendApi('DELETE', `/api/category/${id}/${moveTo ? `?move_to=${moveTo}` : ''}`);
    setBusy(false);
    if (res.ok) {
      setBlocked(null);
      notify('Category deleted!');
      await revalidator.revalidate();
    } else if (res.status === 409 && !moveTo) {
      setBlocked(res.message);
      notify('This category is in use: move what it holds first.', 'error', 6000);
    } else notify(failureText(res, t), 'error', 6000);
  };
  return (
    <div className="max-w-xs">
      <Button kind="danger" disabled={busy} onClick={async () => (await confirm('Are you sure to delete category?')) && remove()}>
        {busy ? 'Deleting…' : 'Delete'}
      </Button>
      {blocked && (
        <div className="mt-2 rounded border border-red-200 bg-red-50 p-2 text-xs" role="alert" data-testid="category-in-use">
          <p className="text-red-800">{blocked.replace(/ ?\(send \?move_to=[^)]*\)/, '')}</p>
          <label className="mt-1 block">
            Move them to
            <select value={target} onChange={(e) => setTarget(e.target.value)} className="mt-1 block w-full rounded border border-stone-300 px-1 py-1">
              <option value="">— choose —</option>
              {categoryOptions(all, selfAndDescendants(all, id)).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <div className="mt-2 flex gap-1">
            <Button kind="danger" disabled={!target || busy} onClick={() => remove(target)}>
              Move and delete
            </Button>
            <Button kind="secondary" onClick={() => setBlocked(null)}>
              Keep it
            </Button>
          </div>
        </div>
      )}
      {dialog}
    </div>
  );
}

function CategoryRow({ category: c, all }: { category: Route.ComponentProps['loaderData']['results'][number]; all: CategoryLike[] }) {
  return (
    <tr>
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
        <CategoryDelete id={c.id} all={all} />
      </td>
    </tr>
  );
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { search, all } = loaderData;
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
      <Panel title="Add category" collapsed>
        <form {...form.props} className="grid max-w-xl gap-3" data-testid="add-category">
          <Field label="Category name" name="name" errors={form.errors} required />
          <SelectField label="Parent category" name="parent" errors={form.errors} options={categoryOptions(all)} empty="— none (top level) —" />
          <FormFoot errors={form.errors} busy={form.busy}>
            Add category
          </FormFoot>
        </form>
      </Panel>
      <Panel title={search ? `Categories matching “${search}”` : 'Category list'}>
        <PagedTable head={['ID', 'Name', 'Parent', 'Total Children', 'Edit', 'Delete']} testId="category-list" empty={search ? undefined : 'Nothing here yet.'} list={loaderData} row={(c) => <CategoryRow key={c.id} category={c} all={all} />} />
      </Panel>
    </>
  );
}
