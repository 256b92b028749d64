/**
 * The cart and the wishlist live in the browser's localStorage: `local_cart` and
 * `local_wishlist`, each a map from product id to quantity. Components subscribe with
 * `useCart()` / `useWishlist()`, so the header badges change the moment a button is pressed,
 * in every open tab.
 */
import { useSyncExternalStore } from 'react';

export type Quantities = Record<string, number>;
export const CART_KEY = 'local_cart';
export const WISHLIST_KEY = 'local_wishlist';
const CHANGE_EVENT = 'haat:storage';

function read(key: string): Quantities {
  if (typeof window === 'undefined') return {};
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Quantities = {};
    for (const [id, n] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof n === 'number' && Number.isInteger(n) && n > 0) out[id] = n;
    }
    return out;
  } catch {
    return {};
  }
}

function write(key: string, value: Quantities) {
  window.localStorage.setItem(key, JSON.stringify(value));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

// useSyncExternalStore needs a stable snapshot: cache the parsed map per raw string.
const cache = new Map<string, { raw: string | null; value: Quantities }>();
function snapshot(key: string): Quantities {
  const raw = typeof window === 'undefined' ? null : window.localStorage.getItem(key);
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.value;
  const value = read(key);
  cache.set(key, { raw, value });
  return value;
}

const EMPTY: Quantities = {};
function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useStoredQuantities(key: string): Quantities {
  return useSyncExternalStore(subscribe, () => snapshot(key), () => EMPTY);
}
export const useCart = () => useStoredQuantities(CART_KEY);
export const useWishlist = () => useStoredQuantities(WISHLIST_KEY);

export function countItems(q: Quantities): number {
  return Object.keys(q).length;
}

/** Adding sets the quantity to 1 or raises it by 1 — but never above the stock. */
export function addOne(key: string, id: number, stock?: number): 'added' | 'limit' {
  const q = read(key);
  const current = q[id] ?? 0;
  if (stock !== undefined && current >= stock) return 'limit';
  write(key, { ...q, [id]: current + 1 });
  return 'added';
}

/** Removing lowers it by 1; the entry is deleted when it would go below 1. */
export function removeOne(key: string, id: number): void {
  const q = { ...read(key) };
  const current = q[id] ?? 0;
  if (current <= 1) delete q[id];
  else q[id] = current - 1;
  write(key, q);
}

export function removeAll(key: string, id: number): void {
  const q = { ...read(key) };
  delete q[id];
  write(key, q);
}

export function clear(key: string): void {
  write(key, {});
}

/** The wishlist holds a product once: a product already present is refused with 'Already in wishlist!'. */
export function addToWishlist(id: number): 'added' | 'exists' {
  const q = read(WISHLIST_KEY);
  if (q[id]) return 'exists';
  write(WISHLIST_KEY, { ...q, [id]: 1 });
  return 'added';
}
