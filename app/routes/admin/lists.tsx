/**
 * Curated lists (issue 36; docs/curated-lists.md): search by title or slug, the list (titles,
 * Dhaka dates, live or not, on the home page, how many products), each opened to edit, seen on
 * its public page, deleted after a confirm; paged on the server at 20.
 */
import { Link } from 'react-router';
import type { Route } from './+types/lists';
import { listParams, requireAdminPage } from './guard.server';
import { isListLive, listPath } from '../../../domain/lists';
import { isoToDhakaLocal } from '../../../domain/promotion-time';
import { LinkButton } from '../../components/admin/buttons';
import { DeleteButton } from '../../components/admin/confirm';
import { PageTitle, Panel } from '../../components/admin/page';
import { SearchBox } from '../../components/admin/search-box';
import { PagedTable } from '../../components/admin/table';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { page, search } = listParams(request);
  const list = await context.services.lists.list({ search: search || undefined }, page);
  const now = new Date();
  // Worked out here, so the page says the same thing on the server and in the browser.
  return { search, page: page.page, count: list.count, results: list.results.map((l) => ({ ...l, live: isListLive(l, now) })) };
}

export function meta() {
  return [{ title: 'Curated lists · Back office' }];
}

const dhaka = (iso: string | null) => (iso ? isoToDhakaLocal(iso).replace('T', ' ') : '—');

function ListRow({ list: l }: { list: Route.ComponentProps['loaderData']['results'][number] }) {
  return (
    <tr className={l.live ? '' : 'text-stone-500'} data-testid="list-row" data-list-id={l.id} data-slug={l.slug}>
      <td>{l.id}</td>
      <td className="max-w-56 font-medium">
        {l.title}
        {l.title_en && <span className="block text-xs text-stone-500">{l.title_en}</span>}
      </td>
      <td className="font-mono text-xs">{l.slug}</td>
      <td className="whitespace-nowrap">{dhaka(l.starts_at)}</td>
      <td className="whitespace-nowrap">{dhaka(l.ends_at)}</td>
      <td data-testid="list-live">{l.live ? 'live' : l.is_active ? 'not in its dates' : 'off'}</td>
      <td>{l.show_on_home ? `yes (${l.home_position})` : 'no'}</td>
      <td className="tabular-nums">{l.products.length}</td>
      <td className="whitespace-nowrap">
        <Link className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand hover:text-white" to={`/admin-lists/${l.id}`}>
          Edit
        </Link>{' '}
        {l.live && (
          <a className="text-brand hover:underline" href={listPath(l.slug)}>
            View
          </a>
        )}
      </td>
      <td>
        <DeleteButton url={`/api/list/${l.id}/`} confirmText={`Delete the list “${l.title}”? Its products stay in the shop.`} successText="List deleted." />
      </td>
    </tr>
  );
}

export default function Lists({ loaderData }: Route.ComponentProps) {
  const { search } = loaderData;
  return (
    <>
      <PageTitle actions={<LinkButton to="/admin-lists/new">New list</LinkButton>}>Curated lists</PageTitle>
      <Panel>
        <SearchBox placeholder="Search by title or slug" defaultValue={search} />
      </Panel>
      <Panel title={search ? `Lists matching “${search}”` : 'All lists'}>
        <p className="mb-3 text-sm text-stone-600">Times are Dhaka time. A list is shown at /list/… (and on the home page when chosen) while it is active and inside its dates.</p>
        <PagedTable head={['ID', 'Title', 'Slug', 'Starts', 'Ends', 'Shown', 'Home', 'Products', 'Open', 'Delete']} testId="list-list" dense empty={search ? undefined : 'No lists yet.'} list={loaderData} row={(l) => <ListRow key={l.id} list={l} />} />
      </Panel>
    </>
  );
}
