/** A promotion's name as a line of figures shows it; apart from quote.ts so that /order need not fetch the quote hook. */

/** How a discount is named on the cart, checkout, order and invoice: a coupon by its code, the shop's threshold as free delivery. */
export function discountLabel(d: { name: string; code: string | null }, t: (bn: string, en: string) => string): string {
  if (d.name === 'free_delivery_threshold') return t('ফ্রি ডেলিভারি', 'Free delivery');
  return d.code ? `${t('কুপন', 'Coupon')} ${d.code} (${d.name})` : d.name;
}
