/**
 * GET /cart-products?ids=1,2,3 — the few fields the cart, wishlist and checkout screens need for
 * the products in the browser's cart, in one request (the cart itself lives in localStorage).
 * Ids the catalogue does not know, or that are no longer sold, come back in `missing`.
 */
import type { Route } from './+types/cart-products';
import { parseId } from '../../../domain/queries';
import type { CartProduct } from '../../components/account/totals';

const MAX_IDS = 50;

/** Only GET reads the cart's products; other methods answer the API's error shape, not React Router's. */
export function action() {
  return Response.json({ status: 405, message: 'Method not allowed.' }, { status: 405, headers: { allow: 'GET, HEAD' } });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('ids') ?? '';
  const ids = [...new Set(raw.split(',').map(parseId))].filter((n) => n !== null).slice(0, MAX_IDS);
  const found = await Promise.all(ids.map((id) => context.services.catalog.getProduct(id)));
  const products: CartProduct[] = [];
  const missing: number[] = [];
  found.forEach((p, i) => {
    if (!p) {
      missing.push(ids[i] as number);
      return;
    }
    products.push({
      id: p.id,
      type: p.type as CartProduct['type'],
      english_title: p.english_title,
      bangla_title: p.bangla_title,
      image: p.images?.thumb ?? p.image,
      alt_text: p.alt_text,
      regular_price: p.regular_price,
      discount_price: p.discount_price,
      price: p.price,
      units_stock: p.units_stock,
      ...(p.preorder ? { preorder: p.preorder, preorder_available: p.preorder_available } : {}),
    });
  });
  // Prices and stock change: never cache.
  return Response.json({ products, missing }, { headers: { 'cache-control': 'no-store' } });
}
