/** Authors and publishers: name search, add form, paged list with edit links. One module, two routes. */
import { Link } from 'react-router';
import type { Route } from './+types/people';
import { listParams, requireAdminPage } from './guard.server';
import { PersonFields, personKind, validatePerson } from '../../components/admin/person-form';
import { FormErrors } from '../../components/form/messages';
import { useApiForm } from '../../components/form/use-api-form';
import { multipart } from '../../components/form/values';
import { Pager } from '../../components/pager';
import { SaveButton } from '../../components/admin/buttons';
import { DeleteButton } from '../../components/admin/confirm';
import { PageTitle, Panel } from '../../components/admin/page';
import { SearchBox } from '../../components/admin/search-box';
import { Empty, Table } from '../../components/admin/table';
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

export default function People({ loaderData }: Route.ComponentProps) {
  const { kind, search, results, count, page } = loaderData;
  const Label = kind === 'author' ? 'Author' : 'Publisher';
  const form = useApiForm({
    method: 'POST',
    url: `/create-${kind}/`,
    payload: (f) => multipart(f),
    validate: (body) => validatePerson(kind, body),
    success: `${Label} added Successfully!`,
    then: 'reload',
  });
  return (
    <>
      <PageTitle>{Label}s</PageTitle>
      <Panel>
        <SearchBox placeholder={`Search ${kind}s by name`} defaultValue={search} />
      </Panel>
      <Panel title={`Add ${kind}`} collapsed>
        <form {...form.props} className="grid max-w-2xl gap-3" data-testid={`add-${kind}`}>
          <PersonFields kind={kind} errors={form.errors} />
          <FormErrors errors={form.errors} />
          <div>
            <SaveButton busy={form.busy}>Add {kind}</SaveButton>
          </div>
        </form>
      </Panel>
      <Panel title={search ? `${Label}s matching “${search}”` : `${Label} list`}>
        <Table head={['ID', 'Image', 'Name', 'Description', 'Edit', 'Delete']} testId={`${kind}-list`}>
          {results.length === 0 && <Empty colSpan={6} text={search ? undefined : 'Nothing here yet.'} />}
          {results.map((p) => (
            <tr key={p.id}>
              <td>{p.id}</td>
              <td>{p.image ? <img src={p.image} alt={p.alt_text} className="h-[50px] w-[50px] rounded object-cover" /> : <span className="text-xs text-stone-400">—</span>}</td>
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
          ))}
        </Table>
        <Pager count={count} page={page} summary />
      </Panel>
    </>
  );
}
