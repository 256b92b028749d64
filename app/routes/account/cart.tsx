/**
 * /cart: the lines with their quantities (never above the stock), and a summary whose transport
 * line is the shop's default delivery charge; checkout charges the option chosen there. A line
 * above the shop's units-per-order limit says so here, before checkout refuses it.
 */
import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/cart';
import type { loader as rootLoader } from '../../root';
import { CART_KEY } from '../../lib/cart';
import { formatTaka, toBengaliDigits, useLang, useT } from '../../lib/i18n';
import { useStoredLines } from '../../components/account/hooks';
import { cartTransportCharge, subtotal } from '../../components/account/totals';
import { LinesGate, LinesTable, ProductThumb, ProductTitle, QuantityButtons, RemoveButton, Totals, UnitPrice, type Column } from '../../components/account/cart-parts';
import { withNext } from '../../components/account/next';
import { useCartQuote } from '../../components/account/quote';
import { PreorderBadge } from '../../components/preorder';
import { cartLimit } from '../../../domain/preorders';

export function meta() {
  return [{ title: 'কার্ট | Cart' }, { name: 'robots', content: 'noindex' }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: context.user !== null };
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const settings = useRouteLoaderData<typeof rootLoader>('root')?.settings;
  const state = useStoredLines(CART_KEY);
  const total = subtotal(state.lines);
  const transport = cartTransportCharge(total, settings?.delivery_options ?? []);
  // The server's figures with the promotions that hold now; the plain ones until it answers.
  const quote = useCartQuote(state.lines, null);
  const fresh = quote && quote.subtotal === total ? quote : null;
  const maxUnits = settings?.max_units_per_line ?? 0;
  const columns: Column[] = [
    [t('ছবি', 'Image'), 'p-2', true],
    [t('পণ্য', 'Product'), 'p-2'],
    [t('দাম', 'Price'), 'hidden p-2 sm:table-cell'],
    [t('পরিমাণ', 'Quantity'), 'p-2 text-center'],
    [t('মোট', 'Total'), 'hidden p-2 text-right sm:table-cell'],
  ];

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t('শপিং কার্ট', 'Shopping cart')}</h1>
      <LinesGate state={state} empty={t('আপনার কার্টে কোন আইটেম পাওয়া যায়নি!', 'No items were found in your cart!')} failed={t('কার্টের পণ্যগুলো লোড করা যায়নি।', 'Could not load the products in your cart.')}>
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
            <LinesTable columns={columns} testId="cart-table">
                {state.lines.map(({ product, quantity, total: lineTotal }) => (
                  <tr key={product.id} className="border-b border-stone-100" data-testid="cart-line" data-product-id={product.id}>
                    <td className="p-2 max-sm:pr-0">
                      <ProductThumb product={product} />
                    </td>
                    <td className="p-2">
                      <ProductTitle product={product} />
                      {(fresh?.lines.find((l) => l.product === product.id)?.discount ?? 0) > 0 && (
                        <span className="mt-1 block text-xs font-semibold text-emerald-800" data-testid="line-discount">
                          {t('অফারে ছাড়', 'Promotion')}: − {formatTaka(fresh!.lines.find((l) => l.product === product.id)!.discount, lang)}
                        </span>
                      )}
                      <PreorderBadge p={product} className="mt-1" />
                      {quantity > cartLimit(product) && (
                        <span className="mt-1 block text-xs font-semibold text-red-700" role="alert" data-testid="over-stock">
                          {product.units_stock > 0
                            ? t(`স্টকে আছে মাত্র ${toBengaliDigits(product.units_stock)}টি — পরিমাণ কমান`, `Only ${product.units_stock} in stock — lower the quantity`)
                            : 'Stock out!'}
                        </span>
                      )}
                      {maxUnits > 0 && quantity > maxUnits && (
                        <span className="mt-1 block text-xs font-semibold text-red-700" role="alert" data-testid="over-line-limit">
                          {t(`এক অর্ডারে সর্বোচ্চ ${toBengaliDigits(maxUnits)}টি — পরিমাণ কমান`, `At most ${maxUnits} per order — lower the quantity`)}
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
                      <QuantityButtons product={product} quantity={quantity} />
                    </td>
                    <td className="hidden p-2 text-right font-semibold sm:table-cell" data-testid="line-total">
                      {formatTaka(lineTotal, lang)}
                      <RemoveButton id={product.id} />
                    </td>
                  </tr>
                ))}
            </LinesTable>
          </div>
          <aside className="h-fit rounded-lg bg-white p-4 shadow-sm" aria-labelledby="cart-summary">
            <h2 id="cart-summary" className="mb-3 text-lg font-bold">
              {t('অর্ডার সামারি', 'Order summary')}
            </h2>
            <Totals subtotal={total} charge={fresh?.delivery_charge ?? transport} discounts={fresh?.discounts ?? []} testIds={['cart-subtotal', 'cart-transport', 'cart-total']} />
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
      </LinesGate>
    </main>
  );
}
