/** /cart (spec §2 "Cart", §4 "Cart", §9 transport charge). */
import { Link } from 'react-router';
import type { Route } from './+types/cart';
import { addOne, CART_KEY, removeAll, removeOne, useCart } from '../../lib/cart';
import { formatTaka, toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { notify } from '../../components/notices';
import { useCartProducts, useDropMissing, useHydrated } from '../../components/account/hooks';
import { cartLines, cartTransportCharge, subtotal } from '../../components/account/totals';
import { EmptyState, Loading, ProductThumb, ProductTitle, SummaryRow, UnitPrice } from '../../components/account/cart-parts';
import { withNext } from '../../components/account/next';

export function meta() {
  return [{ title: 'কার্ট | Cart' }, { name: 'robots', content: 'noindex' }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: context.user !== null };
}

function RemoveButton({ id }: { id: number }) {
  const t = useT();
  return (
    <button
      type="button"
      className="ml-2 text-xs font-normal text-red-700 underline max-sm:ml-0 max-sm:mt-1"
      onClick={() => {
        removeAll(CART_KEY, id);
        notify('Successfully removed!');
      }}
    >
      {t('সরান', 'Remove')}
    </button>
  );
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const cart = useCart();
  const ids = Object.keys(cart);
  const { products, status, missing, reload } = useCartProducts(ids);
  useDropMissing(CART_KEY, missing);
  const lines = cartLines(cart, products);
  const total = subtotal(lines);
  const transport = cartTransportCharge(total);
  const ready = hydrated && (ids.length === 0 || lines.length > 0 || status === 'error');

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t('শপিং কার্ট', 'Shopping cart')}</h1>
      {!ready ? (
        <Loading />
      ) : ids.length === 0 ? (
        <EmptyState text={t('আপনার কার্টে কোন আইটেম পাওয়া যায়নি!', 'No items were found in your cart!')}>
          <Link to="/books" className="mt-4 inline-block rounded bg-brand px-4 py-2 text-white">
            {t('বই দেখুন', 'Browse books')}
          </Link>
        </EmptyState>
      ) : status === 'error' && lines.length === 0 ? (
        <p role="alert" className="rounded bg-white p-6 text-center shadow-sm">
          {t('কার্টের পণ্যগুলো লোড করা যায়নি।', 'Could not load the products in your cart.')}{' '}
          <button type="button" className="text-brand underline" onClick={reload}>
            {t('আবার চেষ্টা করুন', 'Try again')}
          </button>
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
            <table className="w-full text-left text-sm" data-testid="cart-table">
              <thead className="border-b border-stone-200 bg-stone-100 text-xs uppercase">
                <tr>
                  <th scope="col" className="p-2">
                    <span className="sr-only">{t('ছবি', 'Image')}</span>
                  </th>
                  <th scope="col" className="p-2">{t('পণ্য', 'Product')}</th>
                  <th scope="col" className="hidden p-2 sm:table-cell">{t('দাম', 'Price')}</th>
                  <th scope="col" className="p-2 text-center">{t('পরিমাণ', 'Quantity')}</th>
                  <th scope="col" className="hidden p-2 text-right sm:table-cell">{t('মোট', 'Total')}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map(({ product, quantity, total: lineTotal }) => (
                  <tr key={product.id} className="border-b border-stone-100" data-testid="cart-line" data-product-id={product.id}>
                    <td className="p-2 max-sm:pr-0">
                      <ProductThumb product={product} />
                    </td>
                    <td className="p-2">
                      <ProductTitle product={product} />
                      {quantity > product.units_stock && (
                        <span className="mt-1 block text-xs font-semibold text-red-700" role="alert" data-testid="over-stock">
                          {product.units_stock > 0
                            ? t(`স্টকে আছে মাত্র ${toBengaliDigits(product.units_stock)}টি — পরিমাণ কমান`, `Only ${product.units_stock} in stock — lower the quantity`)
                            : 'Stock out!'}
                        </span>
                      )}
                      <span className="mt-1 block text-xs sm:hidden">
                        <UnitPrice product={product} />
                        <span className="mt-1 block font-semibold">
                          {t('মোট', 'Total')}: {formatTaka(lineTotal, lang)}
                        </span>
                        <RemoveButton id={product.id} />
                      </span>
                    </td>
                    <td className="hidden p-2 sm:table-cell">
                      <UnitPrice product={product} />
                    </td>
                    <td className="p-2">
                      <div className="flex items-center justify-center gap-1">
                        <button
                          type="button"
                          className="h-9 w-9 rounded border border-stone-300 text-lg hover:bg-stone-100"
                          aria-label={t(`${product.english_title}: এক পিস কমান`, `${product.english_title}: one less`)}
                          data-testid="minus"
                          onClick={() => {
                            removeOne(CART_KEY, product.id);
                            notify('Successfully removed!');
                          }}
                        >
                          −
                        </button>
                        <span className="min-w-8 text-center font-semibold" data-testid="quantity" aria-live="polite">
                          {lang === 'bn' ? toBengaliDigits(quantity) : quantity}
                        </span>
                        <button
                          type="button"
                          className="h-9 w-9 rounded border border-stone-300 text-lg hover:bg-stone-100"
                          aria-label={t(`${product.english_title}: এক পিস বাড়ান`, `${product.english_title}: one more`)}
                          data-testid="plus"
                          onClick={() => {
                            if (addOne(CART_KEY, product.id, product.units_stock) === 'limit') notify('Sorry product limit exceed!', 'error');
                            else notify('Successfully added!');
                          }}
                        >
                          +
                        </button>
                      </div>
                    </td>
                    <td className="hidden p-2 text-right font-semibold sm:table-cell" data-testid="line-total">
                      {formatTaka(lineTotal, lang)}
                      <RemoveButton id={product.id} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <aside className="h-fit rounded-lg bg-white p-4 shadow-sm" aria-labelledby="cart-summary">
            <h2 id="cart-summary" className="mb-3 text-lg font-bold">
              {t('অর্ডার সামারি', 'Order summary')}
            </h2>
            <dl>
              <SummaryRow label={t('প্রোডাক্টের মোট মূল্য', 'Product total')} amount={total} testId="cart-subtotal" />
              <SummaryRow label={t('পরিবহন চার্জ', 'Transport charge')} amount={transport} testId="cart-transport" />
              <SummaryRow label={t('সর্বমোট', 'Total')} amount={total + transport} strong testId="cart-total" />
            </dl>
            <p className="mt-2 text-xs text-stone-600">{t('ডেলিভারি অপশন অনুযায়ী চেকআউটে চার্জ বদলাতে পারে।', 'The charge may change with the delivery option at checkout.')}</p>
            <Link
              to={loaderData.signedIn ? '/checkout' : withNext('/register', '/checkout')}
              className="mt-4 block rounded bg-brand px-4 py-2 text-center font-semibold text-white hover:bg-brand-dark"
              data-testid="to-checkout"
            >
              {t('চেকআউট', 'Checkout')}
            </Link>
          </aside>
        </div>
      )}
    </main>
  );
}
