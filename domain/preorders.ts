/**
 * Pre-orders (issue 36; docs/preorders.md): a product with a release date and a limit sells with
 * no stock up to `limit` units in all. The rules here are pure and shared by the server, the
 * product form and the storefront: which cart line is a pre-order, when an order may go out, who
 * may pay how (cash on delivery only: Bangladesh's Digital Commerce Guidelines 2021 limit advance
 * payment for goods the seller does not hold) and the texts. The form field is preorder-form.ts,
 * so the storefront, which reads only these, carries no zod.
 */

/** What the line rule reads of a product (the products row). */
export interface PreorderFigures {
  /** Dhaka date (YYYY-MM-DD); null: not a pre-order. */
  preorder_release_date: string | null;
  preorder_limit: number | null;
  /** Units pre-ordered so far, counted against the limit. */
  preorder_taken: number;
  /** Pre-ordered units not yet filled from stock: arriving stock is theirs first. */
  preorder_waiting: number;
  units_stock: number;
}

/** Units on sale now: stock not promised to waiting pre-orders. */
export const stockOnSale = (p: Pick<PreorderFigures, 'units_stock' | 'preorder_waiting'>) => Math.max(0, p.units_stock - p.preorder_waiting);

/** Pre-order units still to be had (0 for a product that is no pre-order). */
export function preorderAvailable(p: Pick<PreorderFigures, 'preorder_release_date' | 'preorder_limit' | 'preorder_taken'>): number {
  if (!p.preorder_release_date) return 0;
  return Math.max(0, (p.preorder_limit ?? 0) - p.preorder_taken);
}

/**
 * A line of a pre-order product is a pre-order line unless the stock on sale covers it and its
 * release date has come (`today`: the Dhaka date). A product that is no pre-order never is.
 */
export function isPreorderLine(p: PreorderFigures, quantity: number, today: string): boolean {
  if (!p.preorder_release_date) return false;
  return !(stockOnSale(p) >= quantity && p.preorder_release_date <= today);
}

/** The latest of the release dates (the day a held mixed order may go out); null for none. */
export function latestRelease(dates: readonly (string | null | undefined)[]): string | null {
  let latest: string | null = null;
  for (const d of dates) if (d && (latest === null || d > latest)) latest = d;
  return latest;
}

/** Why a pre-order order cannot be booked yet, or null: a line still waits for stock, or its release date is after today. */
export function bookingHold(order: { preorder_release_date: string | null; preorder_waiting: number }, today: string): 'waiting' | 'before_release' | null {
  if (order.preorder_waiting > 0) return 'waiting';
  if (order.preorder_release_date && order.preorder_release_date > today) return 'before_release';
  return null;
}

/** Only cash on delivery: no wallet claim, no online gateway. */
export function preorderPaymentAllowed(option: { wallet: boolean; online?: boolean | undefined }): boolean {
  return !option.wallet && !option.online;
}

/**
 * A Dhaka date as the storefront shows it: "১৫ ফেব্রুয়ারি ২০২৬", or "15 February 2026" in English.
 * The month names come from the browser's own calendar data (Intl), not from a table every shop page would carry.
 */
export function releaseDateText(date: string, lang: 'bn' | 'en'): string {
  const parts = new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}



/** The SMS each waiting customer gets once, when every pre-order line of the order is filled. */
export function preorderFilledSms(p: { shop: string; id: number; releaseDate: string | null; today: string }): string {
  const when = p.releaseDate && p.releaseDate > p.today ? ` ${releaseDateText(p.releaseDate, 'bn')} থেকে পাঠানো হবে।` : ' শিগগিরই পাঠানো হবে।';
  return `${p.shop}: আপনার প্রি-অর্ডার #${p.id}-এর বই এসে গেছে;${when} ধন্যবাদ!`;
}

/** What a product as a shopper's answer shows of its pre-order. */
export interface ShopperPreorder {
  units_stock: number;
  preorder?: { release_date: string } | null | undefined;
  preorder_available?: number | null | undefined;
}

/** The most a cart may hold: the stock, plus the pre-order units left for a pre-order (the server decides at checkout). */
export const cartLimit = (p: ShopperPreorder) => p.units_stock + (p.preorder ? (p.preorder_available ?? 0) : 0);
