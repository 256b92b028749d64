/**
 * The header search's results: 'Sorry, No result found!', or at most 20 — a table below 4
 * results, a scrolling list from 4 up, so a long answer does not push the page away.
 */
import { Link } from 'react-router';
import { formatTaka, useLang, useT } from '../lib/i18n';
import { productPath } from '../../domain/store-paths';

export interface SearchHit {
  id: number;
  type: string;
  english_title: string;
  bangla_title: string;
  thumb: string | null;
  price: number;
}

export function SearchResults({ hits, onPick }: { hits: SearchHit[]; onPick: () => void }) {
  const t = useT();
  const lang = useLang();
  const list = hits.length >= 4;
  const cells = (h: SearchHit) => [
    h.thumb && <img src={h.thumb} alt="" width={36} height={48} loading="lazy" className="h-12 w-9 object-cover" />,
    <>
      <Link to={productPath(h)} onClick={onPick} className="block font-semibold hover:text-brand">
        {h.english_title}
      </Link>
      <span className="block text-xs text-stone-600">{h.bangla_title}</span>
    </>,
    formatTaka(h.price, lang),
  ];
  return (
    <div data-testid="search-results">
      {!hits.length ? (
        <p className="p-3 text-sm text-red-700">Sorry, No result found!</p>
      ) : (
        <table data-layout={list ? 'list' : 'table'} className={`w-full text-left text-sm ${list ? 'block max-h-96 overflow-y-auto' : ''}`}>
          {!list && (
            <thead className="bg-stone-100 text-xs">
              <tr>
                <th className="p-2">{t('ছবি', 'Image')}</th>
                <th className="p-2">{t('নাম', 'Title')}</th>
                <th className="p-2">{t('দাম', 'Price')}</th>
              </tr>
            </thead>
          )}
          <tbody>
            {hits.map((h) => (
              <tr key={h.id} className="border-t border-stone-100">
                {cells(h).map((c, i) => (
                  <td key={i} className="p-2">
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
