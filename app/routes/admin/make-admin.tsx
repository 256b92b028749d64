/** Make admin: a create-admin form (POST /makeAdmin/) and the Admin List. */
import type { Route } from './+types/make-admin';
import { listParams, requireAdminPage } from './guard.server';
import { makeAdminSchema } from '../../../domain/accounts';
import { Field } from '../../components/form/field';
import { FormErrors } from '../../components/form/messages';
import { useApiForm } from '../../components/form/use-api-form';
import { checkWith, formText } from '../../components/form/values';
import { Pager } from '../../components/pager';
import { SaveButton } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { Empty, Table } from '../../components/admin/table';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page } = listParams(request);
  const list = await context.services.accounts.listUsers({ is_admin: true }, page);
  return { page: page.page, ...list };
}

export function meta() {
  return [{ title: 'Make admin · Back office' }];
}

function payload(form: HTMLFormElement) {
  const name = formText(form, 'name');
  return { phone_number: formText(form, 'phone_number'), password: new FormData(form).get('password')?.toString() ?? '', ...(name ? { name } : {}) };
}

export default function MakeAdmin({ loaderData }: Route.ComponentProps) {
  const { results, count, page } = loaderData;
  const form = useApiForm({
    method: 'POST',
    url: '/makeAdmin/',
    payload,
    validate: (body) => checkWith(makeAdminSchema, body),
    success: 'Admin created Successfully!',
    then: 'reload',
  });
  return (
    <>
      <PageTitle>Make admin</PageTitle>
      <Panel title="Create an admin">
        <form {...form.props} className="grid max-w-md gap-3" data-testid="make-admin">
          <Field label="Name" name="name" errors={form.errors} autoComplete="off" />
          <Field label="Phone number" name="phone_number" type="tel" placeholder="01XXXXXXXXX" errors={form.errors} required autoComplete="off" />
          <Field label="Password" name="password" type="password" errors={form.errors} required autoComplete="new-password" />
          <FormErrors errors={form.errors} />
          <div>
            <SaveButton busy={form.busy}>Create admin</SaveButton>
          </div>
        </form>
      </Panel>
      <Panel title="Admin List">
        <Table head={['ID', 'Name', 'Phone']} testId="admin-list">
          {results.length === 0 && <Empty colSpan={3} />}
          {results.map((u) => (
            <tr key={u.id}>
              <td>{u.id}</td>
              <td>{u.name}</td>
              <td className="font-mono">{u.phone_number}</td>
            </tr>
          ))}
        </Table>
        <Pager count={count} page={page} summary />
      </Panel>
    </>
  );
}
