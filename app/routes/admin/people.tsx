/** Authors and publishers: name search, add form, paged list with edit links. One module, two routes. */
import { Link } from 'react-router';
import type { Route } from './+types/people';
import { listParams, requireAdminPage } from './guard.server';
import { PersonFields, personKind, validatePerson } from '../../components/admin/person-form';
import { FormFoot } from '../../components/admin/buttons';
import { useCreateForm } from '../../components/admin/create-form';
import { DeleteButton } from '../../components/admin/confirm';
import { PageTitle, Panel } from '../../components/admin/page';
import { SearchBox } from '../../components/admin/search-box';
import { PagedTable } from '../../components/admin/table';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const kind = personKind(new URL(request.url).pathname);
  const { page, search } = listParams(request);
  const svc = context.services.catalog;
  const q = { search: search || undefined, ordering: search ? ('name' as const) : ('-id' as const) };
  const list = kind === 'author' ? await svc.listAuthors(q, page) : await svc.listPublishers(q, page);
  return { kind, search, page: page.page, count: list.count, results: list.results };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.kind === 'publisher' ? 'Publishers' : 'Authors'} · Back office` }];
}

type LoaderData = Route.ComponentProps['loaderData'];

function PersonRow({ kind, Label, person: p }: { kind: LoaderData['kind']; Label: string; person: LoaderData['results'][number] }) {
  return (
    <tr>
      <td>{p.id}</td>
      <td>{p.image ? <img src={p.image} alt={p.alt_text} className="h-[50px] w-[50px] rounded object-cover" /> : <span className="text-xs text-stone-500">—</span>}</td>
      <td className="font-medium">{p.name}</td>
      <td className="max-w-sm truncate text-stone-600">{p.description}</td>
      <td>
        <Link className="text-brand underline" to={`/update-${kind}/${p.id}`}>
          Edit
        </Link>
      </td>
      <td>
        <DeleteButton url={`/api/${kind}/${p.id}/`} confirmText={`Are you sure to delete ${kind}?`} successText={`${Label} deleted!`} />
      </td>
    </tr>
  );
}

export default function People({ loaderData }: Route.ComponentProps) {
  const { kind, search } = loaderData;
  const Label = kind === 'author' ? 'Author' : 'Publisher';
  const form = useCreateForm(kind, Label, (body) => validatePerson(kind, body));
  return (
    <>
      <PageTitle>{Label}s</PageTitle>
      <Panel>
        <SearchBox placeholder={`Search ${kind}s by name`} defaultValue={search} />
      </Panel>
      <Panel title={`Add ${kind}`} collapsed>
        <form {...form.props} className="grid max-w-2xl gap-3" data-testid={`add-${kind}`}>
          <PersonFields kind={kind} errors={form.errors} />
          <FormFoot errors={form.errors} busy={form.busy}>
            Add {kind}
          </FormFoot>
        </form>
      </Panel>
      <Panel title={search ? `${Label}s matching “${search}”` : `${Label} list`}>
        <PagedTable head={['ID', 'Image', 'Name', 'Description', 'Edit', 'Delete']} testId={`${kind}-list`} empty={search ? undefined : 'Nothing here yet.'} list={loaderData} row={(p) => <PersonRow key={p.id} kind={kind} Label={Label} person={p} />} />
      </Panel>
    </>
  );
}
