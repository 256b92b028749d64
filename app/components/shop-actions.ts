/** What the Add to cart and wishlist buttons do, each answered with a small notice; the cart never holds more than the stock. */
import { addOne, addToWishlist, CART_KEY, removeAll, removeOne } from '../lib/cart';
import { notify } from './notices';
import { cartLimit, type ShopperPreorder } from '../../domain/preorders';

export function addProductToCart(p: { id: number } & ShopperPreorder, success = 'Successfully added!'): void {
  // A pre-order may go in the cart with no stock, up to the pre-order units left.
  if (addOne(CART_KEY, p.id, cartLimit(p)) === 'limit') notify('Sorry product limit exceed!', 'error');
  else notify(success);
}

/** One less of a product in the cart or the wishlist (`key`), or its whole line (`all`). */
export function removeFromList(key: string, id: number, all = false): void {
  if (all) removeAll(key, id);
  else removeOne(key, id);
  notify('Successfully removed!');
}

export function addProductToWishlist(p: { id: number }): void {
  if (addToWishlist(p.id) === 'exists') notify('Already in wishlist!', 'error');
  else notify('Successfully added!');
}
