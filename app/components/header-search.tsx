/**
 * The header's live search: idle with empty text, else suggestions (search-suggestions.tsx,
 * from the suggest API) above the results of what is typed (search-results.tsx, fetched from
 * /search), both asked for 150 ms after the last key. Arrow keys choose a suggestion and Enter
 * opens it; Enter otherwise opens the /search page and closes the panel, keeping the text.
 * Moving the pointer off the search area clears the text. Without JavaScript the form opens the /search page.
 * The panel's two parts are fetched with the first answer, not with every page (issue 32).
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Form, useFetcher, useNavigate } from 'react-router';
import { useT } from '../lib/i18n';
import { Icon } from './icons';
import type { SearchHit, SearchResults } from './search-results';
import type { SearchSuggestions, Suggestion } from './search-suggestions';
import { SUGGESTIONS_ID, suggestionId } from './search-ids';

type PanelParts = { SearchResults: typeof SearchResults; SearchSuggestions: typeof SearchSuggestions };

/** The panel's components, fetched once (the first time something is typed) and kept for every later page. */
let panelParts: Promise<PanelParts> | null = null;
const loadPanel = () =>
  (panelParts ??= Promise.all([import('./search-results'), import('./search-suggestions')]).then(
    ([results, suggestions]) => ({ SearchResults: results.SearchResults, SearchSuggestions: suggestions.SearchSuggestions }),
    (error: unknown) => {
      panelParts = null; // offline: try again with the next key; the form still opens /search
      throw error;
    },
  ));

export function HeaderSearch() {
  const t = useT();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [suggested, setSuggested] = useState<{ q: string; results: Suggestion[] } | null>(null);
  const [active, setActive] = useState(-1);
  // The term whose /search page was opened: its live panel stays closed until the text changes.
  const [opened, setOpened] = useState<string | null>(null);
  const fetcher = useFetcher<{ q: string; results: SearchHit[] }>();
  const [parts, setParts] = useState<PanelParts | null>(null);
  const term = text.trim();

  useEffect(() => {
    if (!term) return;
    if (!parts) loadPanel().then(setParts, () => undefined);
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      void fetcher.load(`/search?q=${encodeURIComponent(term)}&live=1`);
      fetch(`/api/search/suggest/?q=${encodeURIComponent(term)}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<{ results: Suggestion[] }>) : { results: [] }))
        .then((body) => setSuggested({ q: term, results: body.results }))
        .catch(() => {}); // typed on, or offline: the results below still answer
    }, 150);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
    // fetcher is stable enough for our purpose; re-running on it would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term]);

  const data = term && fetcher.data?.q === term ? fetcher.data.results : null;
  const suggestions = term && suggested?.q === term ? suggested.results : [];
  const clear = () => setText('');

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape') return clear();
    if (!suggestions.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text box itself; the choice wraps round through it.
      setActive((i) => ((i + 1 + step + suggestions.length + 1) % (suggestions.length + 1)) - 1);
    } else if (e.key === 'Enter' && active >= 0 && suggestions[active]) {
      e.preventDefault();
      void navigate(suggestions[active].url);
      clear();
    }
  }

  return (
    <div className="relative w-full" onMouseLeave={clear} onKeyDown={onKeyDown}>
      <Form method="get" action="/search" role="search" className="flex" onSubmit={() => setOpened(term)}>
        <label htmlFor="site-search" className="sr-only">
          {t('বই বা প্রোডাক্ট খুঁজুন', 'Search books and products')}
        </label>
        <input
          id="site-search"
          name="q"
          type="search"
          autoComplete="off"
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={SUGGESTIONS_ID}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? suggestionId(active) : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
          }}
          placeholder={t('বই, লেখক, প্রকাশক খুঁজুন…', 'Search books, authors, publishers…')}
          className="search-input"
        />
        <button type="submit" className="search-btn" aria-label={t('খুঁজুন', 'Search')}>
          <Icon n="search" sm />
        </button>
      </Form>
      {data && parts && opened !== term && (
        <div className="search-panel">
          {suggestions.length > 0 && <parts.SearchSuggestions items={suggestions} active={active} onPick={clear} />}
          <parts.SearchResults hits={data} onPick={clear} />
        </div>
      )}
    </div>
  );
}
