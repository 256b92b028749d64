/**
 * Promotions and coupons, the one module the rest of the shop imports: the admin's form schema
 * (promotion-schema.ts), when a promotion holds (promotion-time.ts), how an order is priced with
 * them (promotion-quote.ts, with the stacking rule), and here what a product card shows of them.
 * Pure: no database, no clock (the time is passed in).
 */
import type { Promotion } from './promotion-schema';
import { toBengaliDigits } from './bengali-digits';

export * from './promotion-schema';
export * from './promotion-time';
export * from './promotion-quote';
// The schema's value is the plain interface the browser's cards use (promotion-match.ts).
export type { AppliesTo, PromotionBadge } from './promotion-match';
export { appliesTo } from './promotion-match';

/** The short badge a product card shows for an automatic promotion (Bengali, English). */
export function promotionBadge(p: Pick<Promotion, 'kind' | 'value' | 'buy_quantity' | 'get_quantity' | 'min_subtotal'>): [string, string] {
  const bn = toBengaliDigits;
  const [b, e] =
    p.kind === 'percentage'
      ? [`অতিরিক্ত ${bn(p.value)}% ছাড়`, `Extra ${p.value}% off`]
      : p.kind === 'fixed'
        ? [`${bn(p.value)} টাকা ছাড়`, `${p.value} taka off`]
        : p.kind === 'free_delivery'
          ? ['ফ্রি ডেলিভারি', 'Free delivery']
          : p.value >= 100
            ? [`${bn(p.buy_quantity ?? 1)}টি কিনলে ${bn(p.get_quantity ?? 1)}টি ফ্রি`, `Buy ${p.buy_quantity} get ${p.get_quantity} free`]
            : [`${bn(p.buy_quantity ?? 1)}টি কিনলে ${bn(p.get_quantity ?? 1)}টিতে ${bn(p.value)}% ছাড়`, `Buy ${p.buy_quantity} get ${p.get_quantity} at ${p.value}% off`];
  return p.min_subtotal > 0 ? [`${b} (${bn(p.min_subtotal)}+ টাকায়)`, `${e} (over ${p.min_subtotal} taka)`] : [b, e];
}

/** A category and its ancestors, nearest first (a loop in bad data stops at the first repeat). */
export function categoryLineage(id: number | null, parents: ReadonlyMap<number, number | null>): number[] {
  const lineage: number[] = [];
  for (let c = id; c !== null && c !== undefined && !lineage.includes(c); c = parents.get(c) ?? null) lineage.push(c);
  return lineage;
}

/** These categories and all their descendants. */
export function withDescendants(ids: readonly number[], parents: ReadonlyMap<number, number | null>): number[] {
  return [...parents.keys()].filter((c) => categoryLineage(c, parents).some((a) => ids.includes(a)));
}
