/**
 * The back office's product finder: what is typed (a title in English or Bengali, an author, an
 * ISBN) goes to the shop's own search (`GET /api/product/?search=`) 200 ms after typing stops,
 * eight hits at most; an earlier search still on its way is dropped. The order desk asks for
 * active products only; a stock receipt for every product (out-of-stock ones are what it is for).
 */
import { useEffect, useState } from 'react';

export interface FoundProduct {
  id: number;
  english_title: string;
  bangla_title: string;
  author_name: string | null;
  price: number;
  units_stock: number;
  isbn: string | null;
}

/** `hits: null` while the answer for `term` is awaited (or failed). */
export type Found = { term: string; hits: FoundProduct[] | null; failed?: boolean };

export function useProductSearch(term: string, opts: { activeOnly: boolean }): Found {
  const [found, setFound] = useState<Found>({ term: '', hits: [] });
  const wanted = term.trim();
  useEffect(() => {
    if (wanted.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/product/?search=${encodeURIComponent(wanted)}${opts.activeOnly ? '&is_active=true' : ''}&page_size=8`, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then(async (res) => {
          if (!res.ok) throw new Error(String(res.status));
          setFound({ term: wanted, hits: ((await res.json()) as { results?: FoundProduct[] }).results ?? [] });
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError') setFound({ term: wanted, hits: null, failed: true });
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, opts.activeOnly]);
  return wanted.length < 2 ? { term: wanted, hits: [] } : found.term === wanted ? found : { term: wanted, hits: null };
}
