/** The cart and wishlist buttons' behaviour (spec §4) with the spec's words, as small notices. */
import { addOne, addToWishlist, CART_KEY } from '../lib/cart';
import { notify } from './notices';

export function addProductToCart(p: { id: number; units_stock: number }, success = 'Successfully added!'): void {
  if (p.units_stock <= 0) return;
  if (addOne(CART_KEY, p.id, p.units_stock) === 'limit') notify('Sorry product limit exceed!', 'error');
  else notify(success);
}

export function addProductToWishlist(p: { id: number }): void {
  if (addToWishlist(p.id) === 'exists') notify('Already in wishlist!', 'error');
  else notify('Successfully added!');
}

export function productPath(p: { id: number; type: string }): string {
  return `/${p.type}/${p.id}`;
}
