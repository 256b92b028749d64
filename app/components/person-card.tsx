/** Author and publisher cards: picture (built-in placeholder when none), name, Read more. */
import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import type { ImageSet } from '../lib/images';
import { Picture } from './picture';

export interface CardPerson {
  id: number;
  name: string;
  alt_text: string;
  images: ImageSet | null;
}

export function personFields<T extends CardPerson>(p: T): CardPerson {
  return { id: p.id, name: p.name, alt_text: p.alt_text, images: p.images };
}

export function PersonCard({ person, base }: { person: CardPerson; base: '/authors' | '/publishers' }) {
  const t = useT();
  const href = `${base}/${encodeURIComponent(person.name)}`;
  return (
    <article data-testid="person-card" className="card flex h-full flex-col items-center p-3 text-center">
      <Picture
        images={person.images}
        sizes="96px"
        fallback="/placeholder-person.svg"
        alt={person.images ? person.alt_text : ''}
        width={96}
        height={96}
        className="size-24 rounded-full bg-stone-100 object-cover"
      />
      <h3 className="mt-2 text-sm font-semibold">
        <Link to={href} className="inline-block py-1 hover:text-brand">
          {person.name}
        </Link>
      </h3>
      <Link to={href} className="mt-auto pt-2 text-xs text-brand underline" aria-label={`${t('বিস্তারিত', 'Read more')}: ${person.name}`}>
        {t('বিস্তারিত', 'Read more')}
      </Link>
    </article>
  );
}

export function PersonGrid({ people, base, six = false }: { people: CardPerson[]; base: '/authors' | '/publishers'; six?: boolean }) {
  return (
    <ul className={`grid gap-3 ${six ? 'grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-6' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5'}`}>
      {people.map((p) => (
        <li key={p.id}>
          <PersonCard person={p} base={base} />
        </li>
      ))}
    </ul>
  );
}
