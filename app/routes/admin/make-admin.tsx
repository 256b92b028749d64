/** Make admin (spec §2): a create-admin form (POST /makeAdmin/) and the Admin List. */
import type { Route } from './+types/make-admin';
import { listParams, requireAdminPage } from './guard.server';
import { makeAdminSchema } from '../../../domain/accounts';
import { checkWith } from '../../components/admin/api';
import { Button, Empty, FormError, PageTitle, Pager, Panel, Table, TextField, formText, useApiForm } from '../../components/admin/ui';
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
    validate: (f) => checkWith(makeAdminSchema, payload(f)),
    payload,
    success: 'Admin created Successfully!',
    then: 'reload',
  });
  return (
    <>
      <PageTitle>Make admin</PageTitle>
      <Panel title="Create an admin">
        <form onSubmit={form.onSubmit} noValidate className="grid max-w-md gap-3" data-testid="make-admin">
          <TextField label="Name" name="name" errors={form.errors} autoComplete="off" />
          <TextField label="Phone number" name="phone_number" type="tel" placeholder="01XXXXXXXXX" errors={form.errors} required autoComplete="off" />
          <TextField label="Password" name="password" type="password" errors={form.errors} required autoComplete="new-password" />
          <FormError errors={form.errors} />
          <div>
            <Button type="submit" disabled={form.busy}>
              {form.busy ? 'Saving…' : 'Create admin'}
            </Button>
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
        <Pager count={count} page={page} />
      </Panel>
    </>
  );
}
