import { useT } from '../lib/i18n';
import { ProductCard, type CardProduct } from './product-card';

/** A grid of cards: 2 columns on phones, up to `cols` on large screens. */
export function ProductGrid({ products, cols = 4, added }: { products: CardProduct[]; cols?: 4 | 5; added?: string }) {
  const t = useT();
  if (!products.length) return <p className="py-10 text-center text-stone-600">{t('কোন প্রোডাক্ট পাওয়া যায়নি।', 'No products found.')}</p>;
  return (
    <ul className={`grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 ${cols === 5 ? 'lg:grid-cols-5' : 'lg:grid-cols-4'}`}>
      {products.map((p, i) => (
        <li key={p.id}>
          {/* A phone's first row is in the first screen; the rest load as they come near. */}
          <ProductCard p={p} eager={i < 2} added={added} />
        </li>
      ))}
    </ul>
  );
}
