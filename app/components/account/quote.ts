/**
 * The cart priced by the server with the promotions that hold now (`POST /api/cart/quote/`):
 * what the cart and checkout show, so the figures sent at checkout are the server's own. Asked
 * again when the lines, the delivery option or the applied coupon change; while an answer is
 * on its way the last one stays on screen. Without an answer (offline) the pages fall back to
 * the plain figures, and checkout's server decides anyway.
 */
import { useEffect, useState } from 'react';
import { sendApi } from '../form/api';
import type { CartLine } from './totals';

export { discountLabel } from './discount-label';

export interface QuoteDiscount {
  promotion: number | null;
  name: string;
  code: string | null;
  kind: string;
  amount: number;
}

export interface CartQuote {
  subtotal: number;
  delivery_charge: number;
  discounts: QuoteDiscount[];
  discount_total: number;
  total: number;
  lines: { product: number; discount: number }[];
  /** The coupon the figures include (in capitals), or null. */
  coupon: string | null;
  /** Why the coupon asked for cannot be used; the figures are then without it. */
  coupon_error?: string;
}

export function useCartQuote(lines: CartLine[], deliveryOption: string | null, coupon = ''): CartQuote | null {
  const key = JSON.stringify([lines.map((l) => [l.product.id, l.quantity, l.product.price]), deliveryOption, coupon]);
  const [quote, setQuote] = useState<{ key: string; value: CartQuote } | null>(null);
  useEffect(() => {
    if (lines.length === 0) return;
    let current = true;
    const body = {
      orderItems: lines.map((l) => ({ product: l.product.id, quantity: l.quantity })),
      ...(deliveryOption ? { delivery_option: deliveryOption } : {}),
      ...(coupon ? { coupon } : {}),
    };
    const ask = (b: object) => sendApi<CartQuote>('POST', '/api/cart/quote/', b);
    void ask(body).then(async (res) => {
      // Too many coupon codes tried (429): the cart without the code, and the field says why.
      if (res.status === 429 && coupon) {
        const { coupon: _dropped, ...plain } = body;
        const without = await ask(plain);
        if (current && without.ok && without.body) setQuote({ key, value: { ...without.body, coupon: null, coupon_error: res.message } });
        return;
      }
      if (current && res.ok && res.body) setQuote({ key, value: res.body });
    });
    return () => {
      current = false;
    };
    // `key` stands for the lines, the option and the coupon.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return lines.length === 0 ? null : (quote?.value ?? null);
}
