/**
 * What a promotion covers, without the form schemas: the product cards run this in the browser
 * on every listing, so it must not pull zod into their bundle (domain/promotions.ts has the rest).
 */
import type { ProductType } from './catalog';

/** Lists left out or empty match everything; each list given must match. */
export interface AppliesTo {
  types?: ProductType[] | undefined;
  categories?: number[] | undefined;
  authors?: number[] | undefined;
  publishers?: number[] | undefined;
  products?: number[] | undefined;
}

/** What a rule needs to know of a product: its own ids, and its category with every ancestor. */
export interface PromoProduct {
  id: number;
  type: string;
  /** The product's category and all its ancestors (a promotion on a category covers its descendants). */
  categories: number[];
  author: number | null;
  publisher: number | null;
}

/** Whether `applies_to` covers a product: every list given must match (an empty `applies_to` covers everything). */
export function appliesTo(target: AppliesTo, p: PromoProduct): boolean {
  const has = (list: readonly (number | string)[] | undefined, value: number | string | null) => !list || list.length === 0 || (value !== null && list.includes(value));
  return (
    has(target.types, p.type) &&
    (!target.categories?.length || p.categories.some((c) => target.categories!.includes(c))) &&
    has(target.authors, p.author) &&
    has(target.publishers, p.publisher) &&
    has(target.products, p.id)
  );
}

/** An automatic promotion as product cards see it: its badge (Bengali, English) and what it covers, categories widened to every descendant. */
export interface PromotionBadge {
  id: number;
  label: [string, string];
  applies_to: AppliesTo;
}
