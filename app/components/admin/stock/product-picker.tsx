/**
 * Finding a product to receive, with the back office's product finder (use-product-search.ts);
 * unlike the order desk's, products out of stock and inactive ones are offered too — they are the
 * ones a receipt is for. Enter adds the first hit and never sends the form.
 */
import { useState } from 'react';
import { useProductSearch, type FoundProduct } from '../use-product-search';
import { FINDER_TEXTS, ProductSearchInput } from '../product-search-input';
import { Button } from '../buttons';

export interface PickedProduct {
  product: number;
  title: string;
  stock: number;
}

type Hit = FoundProduct;

export function ProductPicker({ onPick }: { onPick: (p: PickedProduct) => void }) {
  const [term, setTerm] = useState('');
  const found = useProductSearch(term, { activeOnly: false });
  const pick = (h: Hit) => {
    onPick({ product: h.id, title: h.english_title || h.bangla_title, stock: h.units_stock });
    setTerm('');
  };
  return (
    <div className="text-sm" data-testid="receipt-product-search">
      <ProductSearchInput {...FINDER_TEXTS} term={term} onTerm={setTerm} onEnter={() => found.hits?.[0] && pick(found.hits[0])} />
      {term.trim().length >= 2 && (
        <ul className="mt-1 max-h-72 divide-y divide-stone-100 overflow-y-auto rounded border border-stone-200 bg-white" aria-live="polite" data-testid="receipt-product-hits">
          {found.failed && <li className="p-2 text-red-700">খোঁজা যায়নি, আবার চেষ্টা করুন (The search did not answer; try again).</li>}
          {!found.failed && found.hits === null && <li className="p-2 text-stone-600">খুঁজছি… (Searching…)</li>}
          {found.hits?.length === 0 && <li className="p-2 text-stone-600">কোনো পণ্য পাওয়া যায়নি (No product found).</li>}
          {found.hits?.map((h) => (
            <li key={h.id} className="flex items-center gap-2 p-2" data-testid="receipt-product-hit" data-product-id={h.id}>
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">{h.english_title || h.bangla_title}</div>
                <div className="truncate text-xs text-stone-600">{[h.bangla_title !== h.english_title ? h.bangla_title : '', h.author_name, h.isbn ? `ISBN ${h.isbn}` : ''].filter(Boolean).join(' · ')}</div>
              </div>
              <span className={`text-xs whitespace-nowrap ${h.units_stock <= 0 ? 'font-semibold text-red-700' : ''}`}>স্টক (stock) {h.units_stock}</span>
              <Button size="sm" kind="secondary" onClick={() => pick(h)} aria-label={`Add ${h.english_title || h.bangla_title}`}>
                যোগ (Add)
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
