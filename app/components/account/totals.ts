/** What the cart and checkout screens show; the server recomputes all of it at checkout. */
import type { ProductType } from '../../../domain/catalog';
import type { DeliveryOption } from '../../../domain/settings';
import type { Quantities } from '../../lib/cart';

export interface CartProduct {
  id: number;
  type: ProductType;
  english_title: string;
  bangla_title: string;
  image: string | null;
  alt_text: string;
  regular_price: number;
  discount_price: number | null;
  price: number;
  units_stock: number;
  /** A pre-order (docs/preorders.md): its release date and the units left; absent for other products. */
  preorder?: { release_date: string } | null;
  preorder_available?: number | null;
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

/** The delivery option checkout starts with: the first of the shop's settings. */
export function defaultDelivery(options: readonly DeliveryOption[]): DeliveryOption | undefined {
  return options[0];
}

/**
 * Cart screen only: the transport line is the default delivery option's charge (the shop's
 * settings) whenever the cart total is non-zero; checkout charges the option chosen there.
 */
export function cartTransportCharge(total: number, deliveryOptions: readonly DeliveryOption[]): number {
  return total > 0 ? (defaultDelivery(deliveryOptions)?.charge ?? 0) : 0;
}
