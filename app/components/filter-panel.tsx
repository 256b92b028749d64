/**
 * The left panel of the book listings: 'Default Filter' resets everything,
 * choosing an author drops the publisher and the sort, and the other way round. Each choice is
 * a plain link holding only its own value, so the rule holds with or without JavaScript.
 */
import { Link } from 'react-router';
import { useT } from '../lib/i18n';

interface Choice {
  id: number;
  name: string;
}

function ChoiceList({ title, name, items, current, base }: { title: string; name: string; items: Choice[]; current?: number | undefined; base: string }) {
  return (
    <section className="card p-3">
      <h2 className="mb-2 text-sm font-bold">{title}</h2>
      <ul className="max-h-56 space-y-0.5 overflow-y-auto text-sm md:max-h-64" data-testid={`filter-${name}`}>
        {items.map((c) => (
          <li key={c.id}>
            <Link
              to={`${base}?${name}=${c.id}`}
              aria-current={c.id === current ? 'true' : undefined}
              className={`block rounded px-2 py-1 hover:bg-stone-100 max-md:py-3 ${c.id === current ? 'bg-brand/10 font-semibold text-brand' : ''}`}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FilterPanel({ base, authors, publishers, author, publisher }: { base: string; authors: Choice[]; publishers: Choice[]; author?: number | undefined; publisher?: number | undefined }) {
  const t = useT();
  return (
    <aside className="space-y-3" aria-label={t('ফিল্টার', 'Filters')}>
      <Link to={base} className="block rounded bg-brand px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-dark max-md:py-3">
        Default Filter
      </Link>
      <ChoiceList title="Filter By Author's" name="author" items={authors} current={author} base={base} />
      <ChoiceList title="Filter By Publisher's" name="publisher" items={publishers} current={publisher} base={base} />
    </aside>
  );
}
