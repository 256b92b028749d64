/** /wishlist: products kept for later, each with Add to cart (within the stock) and Remove. */
import { WISHLIST_KEY } from '../../lib/cart';
import { useT } from '../../lib/i18n';
import { addProductToCart, removeFromList } from '../../components/shop-actions';
import { useStoredLines } from '../../components/account/hooks';
import { LinesGate, LinesTable, ProductThumb, ProductTitle, UnitPrice } from '../../components/account/cart-parts';

export function meta() {
  return [{ title: 'উইশলিস্ট | Wishlist' }, { name: 'robots', content: 'noindex' }];
}

export default function Wishlist() {
  const t = useT();
  const state = useStoredLines(WISHLIST_KEY);

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t('উইশলিস্ট', 'Wishlist')}</h1>
      <LinesGate state={state} empty={t('আপনার উইশলিস্টে কোন আইটেম পাওয়া যায়নি!', 'No items were found in your wishlist!')} failed={t('পণ্যগুলো লোড করা যায়নি।', 'Could not load the products.')}>
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
          <LinesTable
            testId="wishlist-table"
            columns={[
              [t('ছবি', 'Image'), 'p-2', true],
              [t('পণ্য', 'Product'), 'p-2'],
              [t('দাম', 'Price'), 'p-2'],
              [t('কাজ', 'Actions'), 'p-2 text-right', true],
            ]}
          >
              {state.lines.map(({ product }) => (
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
                          onClick={() => addProductToCart(product)}
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
                        onClick={() => removeFromList(WISHLIST_KEY, product.id)}
                      >
                        {t('সরান', 'Remove')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
          </LinesTable>
        </div>
      </LinesGate>
    </main>
  );
}
