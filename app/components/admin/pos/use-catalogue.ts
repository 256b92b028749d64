/**
 * The counter's local catalogue (issue 36): loaded once from `GET /api/pos/catalogue/`, kept in
 * memory (maps by ISBN key and id, titles normalised once for search) and in IndexedDB for the
 * next reload, and asked again every few minutes and after each sale with the version held
 * (If-None-Match): an unchanged catalogue costs one small 304. A scan is then a map lookup.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toCounterItem, type CounterItem, type CounterItemRow } from '../../../../domain/counter';
import { normalizeSearchText } from '../../../../domain/search-text';
import { idb } from './idb';

export const REFRESH_MS = 3 * 60_000;

interface Stored {
  version: string;
  items: CounterItemRow[];
}

export interface LocalCatalogue {
  items: CounterItem[];
  byIsbn: Map<string, CounterItem>;
  byId: Map<number, CounterItem>;
  normalized: Map<number, string>;
  version: string | null;
  /** When the copy was last confirmed current (ms); null before the first answer. */
  checkedAt: number | null;
  refresh: () => Promise<void>;
}

function index(rows: CounterItemRow[]) {
  const items = rows.map(toCounterItem);
  const byIsbn = new Map<string, CounterItem>();
  const byId = new Map<number, CounterItem>();
  const normalized = new Map<number, string>();
  for (const item of items) {
    if (item.isbn_key) byIsbn.set(item.isbn_key, item);
    byId.set(item.id, item);
    normalized.set(item.id, normalizeSearchText(`${item.title} ${item.title_en}`));
  }
  return { items, byIsbn, byId, normalized };
}

export function useCatalogue(): LocalCatalogue {
  const [stored, setStored] = useState<Stored | null>(null);
  const [checkedAt, setCheckedAt] = useState<number | null>(null);
  const version = useRef<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const res = await fetch('/api/pos/catalogue/', { credentials: 'same-origin', headers: { accept: 'application/json', ...(version.current ? { 'if-none-match': `"pos-${version.current}"` } : {}) } });
      if (res.status === 304) {
        setCheckedAt(Date.now());
        return;
      }
      if (!res.ok) return;
      const body = (await res.json()) as Stored;
      version.current = body.version;
      setStored({ version: body.version, items: body.items });
      setCheckedAt(Date.now());
      void idb.put('catalogue', { version: body.version, items: body.items }, 'current');
    } catch {
      /* offline: the copy held stays */
    }
  }, []);

  useEffect(() => {
    let live = true;
    void (async () => {
      const saved = await idb.get<Stored>('catalogue', 'current');
      if (live && saved && !version.current) {
        version.current = saved.version;
        setStored(saved);
      }
      await refresh();
    })();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [refresh]);

  const indexed = useMemo(() => index(stored?.items ?? []), [stored]);
  return { ...indexed, version: stored?.version ?? null, checkedAt, refresh };
}
