/** /wishlist (spec §2 "Wishlist", §4 "Wishlist"). */
import { Link } from 'react-router';
import { addOne, CART_KEY, removeOne, useWishlist, WISHLIST_KEY } from '../../lib/cart';
import { useT } from '../../lib/i18n';
import { notify } from '../../components/notices';
import { useCartProducts, useDropMissing, useHydrated } from '../../components/account/hooks';
import { cartLines } from '../../components/account/totals';
import { EmptyState, Loading, ProductThumb, ProductTitle, UnitPrice } from '../../components/account/cart-parts';

export function meta() {
  return [{ title: 'উইশলিস্ট | Wishlist' }, { name: 'robots', content: 'noindex' }];
}

export default function Wishlist() {
  const t = useT();
  const hydrated = useHydrated();
  const wishlist = useWishlist();
  const ids = Object.keys(wishlist);
  const { products, status, missing, reload } = useCartProducts(ids);
  useDropMissing(WISHLIST_KEY, missing);
  const lines = cartLines(wishlist, products);
  const ready = hydrated && (ids.length === 0 || lines.length > 0 || status === 'error');

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t('উইশলিস্ট', 'Wishlist')}</h1>
      {!ready ? (
        <Loading />
      ) : ids.length === 0 ? (
        <EmptyState text={t('আপনার উইশলিস্টে কোন আইটেম পাওয়া যায়নি!', 'No items were found in your wishlist!')}>
          <Link to="/books" className="mt-4 inline-block rounded bg-brand px-4 py-2 text-white">
            {t('বই দেখুন', 'Browse books')}
          </Link>
        </EmptyState>
      ) : status === 'error' && lines.length === 0 ? (
        <p role="alert" className="rounded bg-white p-6 text-center shadow-sm">
          {t('পণ্যগুলো লোড করা যায়নি।', 'Could not load the products.')}{' '}
          <button type="button" className="text-brand underline" onClick={reload}>
            {t('আবার চেষ্টা করুন', 'Try again')}
          </button>
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
          <table className="w-full text-left text-sm" data-testid="wishlist-table">
            <thead className="border-b border-stone-200 bg-stone-100 text-xs uppercase">
              <tr>
                <th scope="col" className="p-2">
                  <span className="sr-only">{t('ছবি', 'Image')}</span>
                </th>
                <th scope="col" className="p-2">{t('পণ্য', 'Product')}</th>
                <th scope="col" className="p-2">{t('দাম', 'Price')}</th>
                <th scope="col" className="p-2 text-right">
                  <span className="sr-only">{t('কাজ', 'Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map(({ product }) => (
                <tr key={product.id} className="border-b border-stone-100" data-testid="wishlist-line">
                  <td className="p-2">
                    <ProductThumb product={product} />
                  </td>
                  <td className="p-2">
                    <ProductTitle product={product} />
                  </td>
                  <td className="p-2">
                    <UnitPrice product={product} />
                  </td>
                  <td className="p-2">
                    <div className="flex flex-wrap justify-end gap-2">
                      {product.units_stock > 0 ? (
                        <button
                          type="button"
                          className="rounded bg-brand px-3 py-1.5 text-white hover:bg-brand-dark"
                          data-testid="wishlist-add-to-cart"
                          onClick={() => {
                            if (addOne(CART_KEY, product.id, product.units_stock) === 'limit') notify('Sorry product limit exceed!', 'error');
                            else notify('Successfully added!');
                          }}
                        >
                          {t('কার্টে যোগ করুন', 'Add to cart')}
                        </button>
                      ) : (
                        <button type="button" disabled className="cursor-not-allowed rounded bg-stone-300 px-3 py-1.5 text-stone-700">
                          Stock out!
                        </button>
                      )}
                      <button
                        type="button"
                        className="rounded border border-red-300 px-3 py-1.5 text-red-700 hover:bg-red-50"
                        data-testid="wishlist-remove"
                        onClick={() => {
                          removeOne(WISHLIST_KEY, product.id);
                          notify('Successfully removed!');
                        }}
                      >
                        {t('সরান', 'Remove')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
