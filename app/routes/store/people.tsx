/** /authors and /publishers: card grids with a picture (placeholder when none), name, Read more, paging. */
import type { Route } from './+types/people';
import { pageOfUrl } from '../../../domain/queries';
import { catalog } from './catalog.server';
import { useT } from '../../lib/i18n';
import { PersonGrid } from '../../components/person-card';
import { Pager } from '../../components/pager';

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: d?.kind === 'publishers' ? 'প্রকাশক — Publishers' : 'লেখক — Authors' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.pathname.startsWith('/publishers') ? ('publishers' as const) : ('authors' as const);
  const page = pageOfUrl(url);
  const c = catalog(context);
  const list = kind === 'authors' ? await c.listAuthors({ ordering: 'name' }, page) : await c.listPublishers({ ordering: 'name' }, page);
  return { kind, count: list.count, page: page.page, results: list.results.map((p) => ({ id: p.id, name: p.name, alt_text: p.alt_text, images: p.images })) };
}

export default function People({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="wrap py-6">
      <h1 className="mb-4 text-2xl font-bold">{d.kind === 'authors' ? t('আমাদের লেখক', 'Our authors') : t('আমাদের প্রকাশক', 'Our publishers')}</h1>
      {/* The cards' names are h3s: this unseen h2 keeps the heading levels in order. */}
      <h2 className="sr-only">{d.kind === 'authors' ? t('লেখকদের তালিকা', 'List of authors') : t('প্রকাশকদের তালিকা', 'List of publishers')}</h2>
      <PersonGrid people={d.results} base={d.kind === 'authors' ? '/authors' : '/publishers'} />
      <Pager page={d.page} count={d.count} />
    </main>
  );
}
