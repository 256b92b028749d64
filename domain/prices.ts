/** The shop's price rules: offers, what a customer pays, stock notices. Money is whole taka. */

export const OFFER_TYPES = ['', 'Percentage', 'Flat Discount'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export interface Offer {
  offer_type: OfferType;
  percentage: number;
  flat_discount: number;
  discount_price: number;
}

/**
 * The offer fields a product is saved with. Percentage: regular − regular × p / 100, truncated
 * (999 at 15 % → 849). Flat: regular − flat. No offer: every offer field is 0.
 */
export function applyOffer(regularPrice: number, offerType: OfferType, amount: number): Offer {
  if (offerType === 'Percentage') {
    // The result is truncated, not the discount: 999 − 149.85 = 849.15 → 849.
    const discountPrice = Math.trunc(regularPrice - (regularPrice * amount) / 100);
    return { offer_type: offerType, percentage: amount, flat_discount: 0, discount_price: discountPrice };
  }
  if (offerType === 'Flat Discount') {
    return { offer_type: offerType, percentage: 0, flat_discount: amount, discount_price: regularPrice - amount };
  }
  return { offer_type: '', percentage: 0, flat_discount: 0, discount_price: 0 };
}

/** What the customer pays for one unit: the discount price when set (non-zero), else the regular price. */
export function unitPrice(p: { regular_price: number; discount_price: number | null }): number {
  return p.discount_price ? p.discount_price : p.regular_price;
}

/** Stock display states: 0 → stock out, 1..10 → low-stock notice. */
export const LOW_STOCK_MAX = 10;
export function stockState(unitsStock: number): 'out' | 'low' | 'normal' {
  if (unitsStock <= 0) return 'out';
  return unitsStock <= LOW_STOCK_MAX ? 'low' : 'normal';
}
