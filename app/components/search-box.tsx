/**
 * The header search (spec §2 "Shared header", §4 "Search panel"): idle with empty text, the
 * message 'Sorry, No result found!', or at most 20 results — a scrolling list from 4 results
 * up, a table below that. Moving the pointer off the search area clears the text. Without
 * JavaScript the form opens the /search page.
 */
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { formatTaka, useLang, useT } from '../lib/i18n';
import { SearchIcon } from './icons';

export interface SearchHit {
  id: number;
  type: string;
  english_title: string;
  bangla_title: string;
  thumb: string | null;
  price: number;
}

export function SearchBox() {
  const t = useT();
  const lang = useLang();
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
  const link = (h: SearchHit) => `/${h.type}/${h.id}`;
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
          className="w-full rounded-l border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900"
        />
        <button type="submit" className="rounded-r bg-amber-500 px-3 text-stone-900 hover:bg-amber-400" aria-label={t('খুঁজুন', 'Search')}>
          <SearchIcon />
        </button>
      </Form>
      {data && (
        <div data-testid="search-results" className="absolute inset-x-0 top-full z-40 mt-1 rounded border border-stone-200 bg-white text-stone-900 shadow-lg">
          {data.length === 0 ? (
            <p className="p-3 text-sm text-red-700">Sorry, No result found!</p>
          ) : data.length >= 4 ? (
            <ul data-layout="list" className="max-h-96 divide-y divide-stone-100 overflow-y-auto">
              {data.map((h) => (
                <li key={h.id}>
                  <Link to={link(h)} onClick={clear} className="flex items-center gap-3 p-2 hover:bg-stone-50 focus:bg-stone-100">
                    {h.thumb && <img src={h.thumb} alt="" width={36} height={48} loading="lazy" className="h-12 w-9 object-cover" />}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold">{h.english_title}</span>
                      <span className="block truncate text-xs text-stone-600">{h.bangla_title}</span>
                    </span>
                    <span className="text-sm">{formatTaka(h.price, lang)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <table data-layout="table" className="w-full text-left text-sm">
              <thead className="bg-stone-100 text-xs">
                <tr>
                  <th className="p-2">{t('ছবি', 'Image')}</th>
                  <th className="p-2">{t('নাম', 'Title')}</th>
                  <th className="p-2">{t('দাম', 'Price')}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((h) => (
                  <tr key={h.id} className="border-t border-stone-100">
                    <td className="p-2">{h.thumb && <img src={h.thumb} alt="" width={36} height={48} className="h-12 w-9 object-cover" />}</td>
                    <td className="p-2">
                      <Link to={link(h)} onClick={clear} className="font-semibold hover:text-brand">
                        {h.english_title}
                      </Link>
                      <span className="block text-xs text-stone-600">{h.bangla_title}</span>
                    </td>
                    <td className="p-2">{formatTaka(h.price, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
