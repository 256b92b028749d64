/**
 * Suggestions as one types in the header box: at most 8 titles, authors, publishers and
 * categories from `GET /api/search/suggest/?q=`, above the live results. Arrow keys move
 * through them and Enter opens the chosen one; Enter with none chosen opens /search.
 */
import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { SUGGESTIONS_ID, suggestionId } from './search-ids';

export interface Suggestion {
  kind: 'product' | 'author' | 'publisher' | 'category';
  id: number;
  title: string;
  url: string;
}


export function SearchSuggestions({ items, active, onPick }: { items: Suggestion[]; active: number; onPick: () => void }) {
  const t = useT();
  const kinds: Record<Suggestion['kind'], string> = {
    product: t('পণ্য', 'Product'),
    author: t('লেখক', 'Author'),
    publisher: t('প্রকাশক', 'Publisher'),
    category: t('ক্যাটাগরি', 'Category'),
  };
  return (
    <ul id={SUGGESTIONS_ID} role="listbox" aria-label={t('পরামর্শ', 'Suggestions')} data-testid="search-suggestions" className="border-b border-stone-200 py-1 text-sm">
      {items.map((s, i) => (
        <li key={`${s.kind}-${s.id}`} id={suggestionId(i)} role="option" aria-selected={i === active}>
          <Link to={s.url} onClick={onPick} className={`flex min-h-11 items-center gap-2 px-3 py-1.5 hover:bg-stone-100 ${i === active ? 'bg-stone-100' : ''}`}>
            <span className="w-20 shrink-0 text-xs text-stone-500">{kinds[s.kind]}</span>
            <span className="truncate font-semibold">{s.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
