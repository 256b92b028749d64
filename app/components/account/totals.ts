/** What the cart and checkout screens show (spec §9): the server recomputes all of it at checkout. */
import type { Quantities } from '../../lib/cart';

export interface CartProduct {
  id: number;
  type: 'books' | 'electronics' | 'stationary';
  english_title: string;
  bangla_title: string;
  image: string | null;
  alt_text: string;
  regular_price: number;
  discount_price: number | null;
  price: number;
  units_stock: number;
}

export interface CartLine {
  product: CartProduct;
  quantity: number;
  total: number;
}

/** The cart's lines in the order they were added, skipping ids whose product is not (yet) known. */
export function cartLines(cart: Quantities, products: Record<string, CartProduct>): CartLine[] {
  const lines: CartLine[] = [];
  for (const [id, quantity] of Object.entries(cart)) {
    const product = products[id];
    if (product) lines.push({ product, quantity, total: product.price * quantity });
  }
  return lines;
}

export function subtotal(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.total, 0);
}

/** Cart screen only: the transport line is the inside-Dhaka charge whenever the cart total is non-zero. */
export const CART_TRANSPORT_CHARGE = 60;
export function cartTransportCharge(total: number): number {
  return total > 0 ? CART_TRANSPORT_CHARGE : 0;
}

export function productPath(p: { id: number; type: string }): string {
  const type = p.type === 'electronics' || p.type === 'stationary' ? p.type : 'books';
  return `/${type}/${p.id}`;
}
