/**
 * The product page's related books: more by the author, more in the category, bought together
 * (server/catalog/related.ts), each a titled row that scrolls sideways. An empty list shows
 * nothing. The pictures are below the fold, so they load lazily and never weigh on the page's
 * first paint; the row scrolls with the browser alone (no script).
 */
import { useT } from '../lib/i18n';
import { ProductCard, type CardProduct } from './product-card';

export interface RelatedLists {
  by_author: CardProduct[];
  in_category: CardProduct[];
  bought_together: CardProduct[];
}

/** A card is 10rem wide (11rem from sm) with p-2 inside. */
const ROW_CARD_SIZES = '(min-width: 640px) 160px, 144px';

function Row({ id, title, products }: { id: string; title: string; products: CardProduct[] }) {
  if (!products.length) return null;
  return (
    <section className="mt-8" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      <ul className="no-scrollbar -mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2">
        {products.map((p) => (
          <li key={p.id} className="w-40 shrink-0 snap-start sm:w-44">
            <ProductCard p={p} cut sizes={ROW_CARD_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `books`: whether the page's product is a book (electronics and stationery have no author and are not "books"). */
export function RelatedBooks({ related, books = true }: { related: RelatedLists; books?: boolean }) {
  const t = useT();
  return (
    <>
      <Row id="related-author" title={t('এই লেখকের আরও বই', 'More by this author')} products={related.by_author} />
      <Row id="related-category" title={books ? t('এই ক্যাটাগরির আরও বই', 'More in this category') : t('এই ক্যাটাগরির আরও পণ্য', 'More in this category')} products={related.in_category} />
      <Row id="related-together" title={t('একসাথে কেনা হয়', 'Bought together')} products={related.bought_together} />
    </>
  );
}
