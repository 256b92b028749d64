/** Make admin: a create-admin form (POST /makeAdmin/) and the Admin List. */
import type { Route } from './+types/make-admin';
import { listParams, requireAdminPage } from './guard.server';
import { makeAdminSchema, newPasswordField } from '../../../domain/accounts';
import { Field } from '../../components/form/field';
import { useApiForm } from '../../components/form/use-api-form';
import { checkWith, formText } from '../../components/form/values';
import { FormFoot } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
import { PagedTable } from '../../components/admin/table';
export { ErrorBoundary } from '../../components/admin/error-page';

const makeAdminWithPassword = makeAdminSchema.extend({ password: newPasswordField });

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

type LoaderData = Route.ComponentProps['loaderData'];

function AdminRow({ admin: u }: { admin: LoaderData['results'][number] }) {
  return (
    <tr>
      <td>{u.id}</td>
      <td>{u.name}</td>
      <td className="font-mono">{u.phone_number}</td>
    </tr>
  );
}

export default function MakeAdmin({ loaderData }: Route.ComponentProps) {
  const form = useApiForm({
    method: 'POST',
    url: '/makeAdmin/',
    payload,
    // This screen makes an owner with a password (the first version's form); /admin-staff invites without one.
    validate: (body) => checkWith(makeAdminWithPassword, body),
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
          <FormFoot errors={form.errors} busy={form.busy}>
            Create admin
          </FormFoot>
        </form>
      </Panel>
      <Panel title="Admin List">
        <PagedTable head={['ID', 'Name', 'Phone']} testId="admin-list" list={loaderData} row={(u) => <AdminRow key={u.id} admin={u} />} />
      </Panel>
    </>
  );
}
