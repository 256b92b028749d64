/** Update an author or a publisher (spec §2): the form prefilled, Update and Cancel. */
import type { Route } from './+types/person-edit';
import { idParam, notFoundPage, requireAdminPage } from './guard.server';
import { PersonFields, personKind, validatePerson } from '../../components/admin/person-form';
import { Button, FormError, LinkButton, PageTitle, Panel, multipart, useApiForm } from '../../components/admin/ui';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const kind = personKind(new URL(request.url).pathname);
  const id = idParam(params.id, kind === 'author' ? 'Author' : 'Publisher');
  const svc = context.services.catalog;
  const person = kind === 'author' ? await svc.getAuthor(id) : await svc.getPublisher(id);
  if (!person) notFoundPage(kind === 'author' ? 'Author' : 'Publisher');
  return { kind, person };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Edit ${data?.person.name ?? ''} · Back office` }];
}

export default function PersonEdit({ loaderData }: Route.ComponentProps) {
  const { kind, person } = loaderData;
  const Label = kind === 'author' ? 'Author' : 'Publisher';
  const form = useApiForm({
    method: 'PUT',
    url: `/api/${kind}/${person.id}/`,
    validate: (f) => validatePerson(kind, f, 'update'),
    payload: (f) => multipart(f),
    success: `${Label} updated Successfully!`,
    then: `/admin-${kind}s`,
  });
  return (
    <>
      <PageTitle>
        Update {kind}: {person.name}
      </PageTitle>
      <Panel>
        <form onSubmit={form.onSubmit} noValidate className="grid max-w-2xl gap-3" data-testid={`update-${kind}`}>
          <PersonFields kind={kind} errors={form.errors} person={person} />
          <FormError errors={form.errors} />
          <div className="flex gap-2">
            <Button type="submit" disabled={form.busy}>
              {form.busy ? 'Saving…' : 'Update'}
            </Button>
            <LinkButton to={`/admin-${kind}s`}>Cancel</LinkButton>
          </div>
        </form>
      </Panel>
    </>
  );
}
