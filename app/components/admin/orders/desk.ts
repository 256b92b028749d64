/**
 * The order desk's screen rules, pure so they are tested without a browser: what the buyer's
 * badge says, how a key press on the order list is read, the list's filter links, an order's
 * lines as the desk edits them, and a refusal's field errors by the field they belong to.
 */
import { buyerBadge, type BuyerBadge, type CustomerHistory, type OrderSource } from '../../../../domain/order-desk';
import type { FieldErrors } from '../../form/api';

export const BADGE_TEXT: Record<BuyerBadge, { label: string; look: string }> = {
  new: { label: 'New buyer', look: 'border-sky-300 bg-sky-50 text-sky-900' },
  good: { label: 'Good buyer', look: 'border-emerald-300 bg-emerald-50 text-emerald-900' },
  returns: { label: 'Returns before', look: 'border-red-300 bg-red-50 text-red-900' },
};

export const SOURCE_TEXT: Record<OrderSource, string> = {
  web: 'Web shop',
  phone: 'Phone',
  facebook: 'Facebook',
  shop: 'In the shop',
  counter: 'Counter',
  other: 'Other',
};

/** The numbers behind a badge, in words (the badge's tooltip and its screen-reader text). */
export function historyText(h: CustomerHistory): string {
  if (h.orders === 0) return 'No earlier orders from this number.';
  return `${h.orders} earlier order${h.orders === 1 ? '' : 's'}: ${h.delivered} delivered, ${h.returned} returned, ${h.cancelled} cancelled; return rate ${Math.round(h.return_rate * 100)} %.`;
}

/** A badge read from an order: null when the answer carries no record (a customer's view, an older server). */
export function badgeOf(order: { customer_history?: CustomerHistory | null | undefined }): { badge: BuyerBadge; history: CustomerHistory } | null {
  const h = order.customer_history;
  return h ? { badge: buyerBadge(h), history: h } : null;
}

type ShortcutAction = 'next' | 'previous' | 'confirm' | 'cancel' | 'open';

/** Where a key press happened: in a text control (typing), on a link or button, or elsewhere (a row, the page). */
type KeyTarget = 'typing' | 'control' | 'other';

export const SHORTCUTS: readonly [keys: string, what: string][] = [
  ['j / ↓', 'next order'],
  ['k / ↑', 'previous order'],
  ['c', 'confirm (called)'],
  ['x', 'cancel the order'],
  ['Enter', 'open it'],
];

/**
 * What a key press on the order list asks for, or null: none while typing, with a modifier held,
 * or while a dialog is open (its own buttons answer keys then); Enter on a link or button keeps
 * its own meaning.
 */
export function shortcutFor(key: string, at: { target: KeyTarget; modifier: boolean; dialogOpen: boolean }): ShortcutAction | null {
  if (at.target === 'typing' || at.modifier || at.dialogOpen) return null;
  switch (key) {
    case 'j':
    case 'ArrowDown':
      return 'next';
    case 'k':
    case 'ArrowUp':
      return 'previous';
    case 'c':
      return 'confirm';
    case 'x':
      return 'cancel';
    case 'Enter':
      return at.target === 'control' ? null : 'open';
    default:
      return null;
  }
}

/** The kind of element a key event came from. */
export function keyTargetOf(el: { tagName?: string; isContentEditable?: boolean; getAttribute?: (name: string) => string | null } | null): KeyTarget {
  if (!el?.tagName) return 'other';
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable) return 'typing';
  if (tag === 'INPUT') {
    const type = (el.getAttribute?.('type') ?? 'text').toLowerCase();
    // A checkbox or a button-like input takes no text: the list's keys still work there.
    return ['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type) ? 'control' : 'typing';
  }
  return tag === 'A' || tag === 'BUTTON' ? 'control' : 'other';
}

/** The row a move lands on: clamped to the list; from nothing, the first row (or the last, going up). */
export function moveFocus(current: number | null, action: 'next' | 'previous', rows: number): number | null {
  if (rows === 0) return null;
  if (current === null) return action === 'next' ? 0 : rows - 1;
  return Math.min(rows - 1, Math.max(0, current + (action === 'next' ? 1 : -1)));
}

/** The list's query: each filter in the address, empty ones left out. */
export type ListFilters = Record<string, string>;

/** The list's address with `changes` applied to the current filters (an empty value removes one); the page starts again. */
export function listLink(current: ListFilters, changes: ListFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...current, ...changes })) if (v) params.set(k, v);
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** The "to confirm" view: unconfirmed Pending orders, oldest first. */
export const TO_CONFIRM: ListFilters = { confirmation: 'unconfirmed', status: 'Pending', ordering: 'id' };

export function isToConfirm(current: ListFilters): boolean {
  return Object.entries(TO_CONFIRM).every(([k, v]) => current[k] === v);
}

/** A line of an order being taken or edited. `price` and `stock` are what the screen last knew (the server prices again). */
export interface DeskLine {
  product: number;
  title: string;
  quantity: number;
  price: number | null;
  stock: number | null;
}

/** Adds a product, or one more of it when it is already a line. */
export function addLine(lines: DeskLine[], line: Omit<DeskLine, 'quantity'>): DeskLine[] {
  return lines.some((l) => l.product === line.product) ? lines.map((l) => (l.product === line.product ? { ...l, quantity: l.quantity + 1 } : l)) : [...lines, { ...line, quantity: 1 }];
}

/** A quantity as typed: a whole number of at least 1, else the line keeps its old one. */
export function setQuantity(lines: DeskLine[], product: number, typed: string): DeskLine[] {
  const n = /^\d{1,5}$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
  if (!(n >= 1)) return lines;
  return lines.map((l) => (l.product === product ? { ...l, quantity: n } : l));
}

export function removeLine(lines: DeskLine[], product: number): DeskLine[] {
  return lines.filter((l) => l.product !== product);
}

/** The lines as the API takes them. */
export function linesBody(lines: readonly DeskLine[]): { product: number; quantity: number }[] {
  return lines.map((l) => ({ product: l.product, quantity: l.quantity }));
}

/** Whether the lines differ from the order's own (by product and quantity, in any order). */
export function linesChanged(before: readonly { product: number; quantity: number }[], after: readonly DeskLine[]): boolean {
  const key = (ls: readonly { product: number; quantity: number }[]) => JSON.stringify(ls.map((l) => [l.product, l.quantity]).sort((a, b) => a[0]! - b[0]!));
  return key(before) !== key(after);
}

/**
 * A refusal's errors by the field they belong to: the server names nested values by their path
 * (`lines.0.quantity`, `new_order_alert_phones.2`), a form's field is the first part.
 */
export function errorsByField(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, list] of Object.entries(errors)) {
    const field = key.split('.')[0]!;
    out[field] = [...(out[field] ?? []), ...list];
  }
  return out;
}

/**
 * A desk form's errors by field, the lines' left out once the lines have changed since they were
 * sent (their inputs have no name for the form to clear them by).
 */
export function deskErrors(errors: FieldErrors, linesAsSent: boolean): FieldErrors {
  const { lines, ...rest } = errorsByField(errors);
  return linesAsSent && lines ? { ...rest, lines } : rest;
}

/** One edit of an order as the order screen shows it (`edits` on the staff view of an order). */
export interface DeskEdit {
  id: number;
  at: string;
  user_name: string | null;
  changes: { field: string; before: string; after: string }[];
}

/** JSON text or an object, as an object ({} for anything else). */
function objectOf(value: unknown): Record<string, unknown> {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return {};
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** A value of an edit in words: lines as "title × quantity" (a product's title from `titles`, else its number), the rest as it is. */
function valueText(value: unknown, titles: ReadonlyMap<number, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    return value
      .map((l: unknown) => {
        const line = objectOf(l);
        const known = typeof line.product === 'number' ? titles.get(line.product) : undefined;
        const name = line.product_title ?? line.title ?? known ?? (line.product !== undefined ? `#${String(line.product)}` : '?');
        return line.quantity !== undefined ? `${String(name)} × ${String(line.quantity)}` : JSON.stringify(l);
      })
      .join(', ');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The edits of an answer, oldest first, each as what changed from what to what; rows of another
 * shape are left out. The rows name lines by product id: `titles` gives the names the screen knows.
 */
export function readEdits(value: unknown, titles: ReadonlyMap<number, string> = new Map()): DeskEdit[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((row: unknown) => {
    const r = objectOf(row);
    if (typeof r.id !== 'number' || typeof r.at !== 'string') return [];
    const before = objectOf(r.before);
    const after = objectOf(r.after);
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changes = fields.map((field) => ({ field, before: valueText(before[field], titles), after: valueText(after[field], titles) })).filter((c) => c.before !== c.after);
    return [{ id: r.id, at: r.at, user_name: typeof r.user_name === 'string' ? r.user_name : null, changes }];
  });
}

/** The buyer's record an answer carries, when it carries one of the right shape. */
export function readHistory(value: unknown): CustomerHistory | null {
  const h = value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  const keys = ['orders', 'delivered', 'returned', 'cancelled', 'return_rate'] as const;
  if (!h || !keys.every((k) => typeof h[k] === 'number')) return null;
  return Object.fromEntries(keys.map((k) => [k, h[k]])) as unknown as CustomerHistory;
}
