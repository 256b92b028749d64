/**
 * The header's live search: idle with empty text, else the results of what is typed (see
 * search-results.tsx), fetched from /search as one types. Moving the pointer off the search area
 * clears the text. Without JavaScript the form opens the /search page.
 */
import { useEffect, useRef, useState } from 'react';
import { Form, useFetcher } from 'react-router';
import { useT } from '../lib/i18n';
import { Icon } from './icons';
import { SearchResults, type SearchHit } from './search-results';

export function HeaderSearch() {
  const t = useT();
  const [text, setText] = useState('');
  const fetcher = useFetcher<{ q: string; results: SearchHit[] }>();
  const timer = useRef<number | undefined>(undefined);
  const term = text.trim();

  useEffect(() => {
    window.clearTimeout(timer.current);
    if (!term) return;
    timer.current = window.setTimeout(() => void fetcher.load(`/search?q=${encodeURIComponent(term)}`), 150);
    return () => window.clearTimeout(timer.current);
    // fetcher is stable enough for our purpose; re-running on it would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term]);

  const data = term && fetcher.data?.q === term ? fetcher.data.results : null;
  const clear = () => setText('');

  return (
    <div className="relative w-full" onMouseLeave={clear} onKeyDown={(e) => e.key === 'Escape' && clear()}>
      <Form method="get" action="/search" role="search" className="flex">
        <label htmlFor="site-search" className="sr-only">
          {t('বই বা প্রোডাক্ট খুঁজুন', 'Search books and products')}
        </label>
        <input
          id="site-search"
          name="q"
          type="search"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('বই, লেখক, প্রকাশক খুঁজুন…', 'Search books, authors, publishers…')}
          className="search-input"
        />
        <button type="submit" className="search-btn" aria-label={t('খুঁজুন', 'Search')}>
          <Icon n="search" sm />
        </button>
      </Form>
      {data && <SearchResults hits={data} onPick={clear} />}
    </div>
  );
}
