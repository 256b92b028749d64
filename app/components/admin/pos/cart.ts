/**
 * The counter's cart (issue 36): lines added by scan or search, quantities, the money. Pure, so
 * the screen's arithmetic is tested without a browser; the server prices the sale again.
 */
import { COUNTER_MAX_QUANTITY, counterMoney, discountLimit, type CounterItem } from '../../../../domain/counter';

export interface CartLine {
  id: number;
  title: string;
  price: number;
  quantity: number;
  /** Units on hand when the catalogue copy was read: a line above it is shown as short. */
  stock: number;
}

/** One more unit of the item (a second scan of the same book), newest line first. */
export function addItem(lines: readonly CartLine[], item: CounterItem): CartLine[] {
  const found = lines.find((l) => l.id === item.id);
  if (found) return [{ ...found, quantity: Math.min(COUNTER_MAX_QUANTITY, found.quantity + 1) }, ...lines.filter((l) => l !== found)];
  return [{ id: item.id, title: item.title || item.title_en, price: item.price, quantity: 1, stock: item.stock }, ...lines];
}

/** A line's quantity set (1 to the most a line takes); 0 or less removes it. */
export function setQuantity(lines: readonly CartLine[], id: number, quantity: number): CartLine[] {
  if (quantity <= 0) return lines.filter((l) => l.id !== id);
  return lines.map((l) => (l.id === id ? { ...l, quantity: Math.min(COUNTER_MAX_QUANTITY, Math.floor(quantity)) } : l));
}

/** Whole taka typed into a field; empty or not a number is null. */
export function takaOf(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) return null;
  return Number(t);
}

/**
 * The figures the screen shows: subtotal, the role's discount limit, the total, and the money —
 * an empty tendered field means the exact total (card and wallet payments, exact cash).
 */
export function cartMoney(lines: readonly CartLine[], p: { discount: number; tendered: number | null; percent: number }) {
  const subtotal = lines.reduce((n, l) => n + l.price * l.quantity, 0);
  const limit = discountLimit(subtotal, p.percent);
  const total = Math.max(0, subtotal - p.discount);
  const paid = p.tendered ?? total;
  const money = counterMoney({ subtotal, discount: p.discount, paid });
  return { subtotal, limit, total, paid, change: money.change_due, short: money.short, overLimit: p.discount > limit };
}
