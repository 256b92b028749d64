/** Update an author or a publisher: the form prefilled, Update and Cancel. */
import type { Route } from './+types/person-edit';
import { idParam, notFoundPage, requireAdminPage } from './guard.server';
import { PersonFields, personKind, validatePerson } from '../../components/admin/person-form';
import { useApiForm } from '../../components/form/use-api-form';
import { multipart } from '../../components/form/values';
import { FormFoot } from '../../components/admin/buttons';
import { PageTitle, Panel } from '../../components/admin/page';
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
    payload: (f) => multipart(f),
    validate: (body) => validatePerson(kind, body, 'update'),
    success: `${Label} updated Successfully!`,
    then: `/admin-${kind}s`,
  });
  return (
    <>
      <PageTitle>
        Update {kind}: {person.name}
      </PageTitle>
      <Panel>
        <form {...form.props} className="grid max-w-2xl gap-3" data-testid={`update-${kind}`}>
          <PersonFields kind={kind} errors={form.errors} person={person} />
          <FormFoot errors={form.errors} busy={form.busy} cancelTo={`/admin-${kind}s`}>
            Update
          </FormFoot>
        </form>
      </Panel>
    </>
  );
}
