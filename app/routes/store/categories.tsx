/** /categories: category cards, 5 a row on large screens, paged, each to /category/{name}. */
import { Link } from 'react-router';
import type { Route } from './+types/categories';
import { pageOfUrl } from '../../../domain/queries';
import { catalog } from './catalog.server';
import { useT } from '../../lib/i18n';
import { Pager } from '../../components/pager';
import { categoryPath } from '../../../domain/store-paths';

export function meta() {
  return [{ title: 'ক্যাটাগরি — Categories' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOfUrl(new URL(request.url));
  const list = await catalog(context).listCategories({}, page);
  return { count: list.count, page: page.page, results: list.results.map((c) => ({ id: c.id, name: c.name, parent_name: c.parent_name })) };
}

export default function Categories({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="wrap py-6">
      <h1 className="mb-4 text-2xl font-bold">{t('সব ক্যাটাগরি', 'All categories')}</h1>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {d.results.map((c) => (
          <li key={c.id}>
            <Link to={categoryPath(c.name)} data-testid="category-card" className="block h-full rounded-lg bg-white p-2 text-center shadow-sm ring-1 ring-stone-200 hover:ring-brand">
              <img src="/placeholder-category.svg" alt="" width={240} height={160} loading="lazy" className="aspect-[3/2] w-full rounded" />
              <span className="mt-1 block font-semibold">{c.name}</span>
              {c.parent_name && <span className="block text-xs text-stone-500">{c.parent_name}</span>}
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={d.page} count={d.count} />
    </main>
  );
}
