import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { cartLines, type CartLine, type CartProduct } from './totals';
import { removeAll, useStoredQuantities } from '../../lib/cart';
import { useT } from '../../lib/i18n';
import { notify } from '../notices';

const noop = () => () => {};
/** False while rendering on the server and hydrating, true after: the cart lives in localStorage only. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

export type ProductsState = { status: 'loading' | 'ok' | 'error'; products: Record<string, CartProduct>; missing: number[] };

interface Fetched {
  request: string;
  status: 'ok' | 'error';
  products: Record<string, CartProduct>;
  missing: number[];
}

/**
 * Product data for the ids in the cart or wishlist, in one request to /cart-products. Refetches
 * only when the set of ids changes (or on `reload()`), not on every quantity change; while a
 * refetch runs the products already known stay on screen.
 */
export function useCartProducts(ids: string[]): ProductsState & { reload: () => void } {
  const key = [...ids].sort((a, b) => Number(a) - Number(b)).join(',');
  const [generation, setGeneration] = useState(0);
  const request = `${key}#${generation}`;
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    fetch(`/cart-products?ids=${key}`, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { products: CartProduct[]; missing: number[] };
        const products: Record<string, CartProduct> = {};
        for (const p of body.products) products[p.id] = p;
        setFetched({ request: `${key}#${generation}`, status: 'ok', products, missing: body.missing });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFetched((f) => ({ request: `${key}#${generation}`, status: 'error', products: f?.products ?? {}, missing: [] }));
      });
    return () => controller.abort();
  }, [key, generation]);

  if (!key) return { status: 'ok', products: {}, missing: NONE, reload };
  if (!fetched) return { status: 'loading', products: {}, missing: NONE, reload };
  const current = fetched.request === request;
  return { status: current ? fetched.status : 'loading', products: fetched.products, missing: current ? fetched.missing : NONE, reload };
}

const NONE: number[] = [];

/** Products the catalogue no longer sells are dropped from the cart or wishlist, with a notice. */
export function useDropMissing(key: string, missing: number[]) {
  const t = useT();
  useEffect(() => {
    if (!missing.length) return;
    for (const id of missing) removeAll(key, id);
    notify(t('কিছু পণ্য আর পাওয়া যাচ্ছে না, তালিকা থেকে সরানো হয়েছে।', 'Some products are no longer available and were removed.'), 'info');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t changes identity every render
  }, [key, missing]);
}

export interface StoredLines {
  ids: string[];
  lines: CartLine[];
  status: ProductsState['status'];
  reload: () => void;
  /** Something can be shown: after hydration, once the products are in (or failed to come). */
  loaded: boolean;
}

/**
 * The cart's or the wishlist's lines (`key` is its storage key): the stored quantities with the
 * products' current data; products no longer sold are dropped with a notice.
 */
export function useStoredLines(key: string): StoredLines {
  const hydrated = useHydrated();
  const quantities = useStoredQuantities(key);
  const ids = Object.keys(quantities);
  const { products, status, missing, reload } = useCartProducts(ids);
  useDropMissing(key, missing);
  const lines = cartLines(quantities, products);
  return { ids, lines, status, reload, loaded: hydrated && (ids.length === 0 || lines.length > 0 || status === 'error') };
}
