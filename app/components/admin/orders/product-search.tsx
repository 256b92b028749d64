/**
 * Finding a product for an order at the desk: what is typed (a title in English or Bengali, an
 * author, an ISBN) goes to the shop's own search (`GET /api/product/?search=`), active products
 * only; each hit says its price and stock and is added with one press. Enter in the box adds
 * the first hit, never sends the form around it.
 */
import { useState } from 'react';
import { useProductSearch, type FoundProduct } from '../use-product-search';
import { ProductSearchInput } from '../product-search-input';
import { Button } from '../buttons';
import type { DeskLine } from './desk';

/** A hit as a line of the order. */
function lineOf(p: FoundProduct): Omit<DeskLine, 'quantity'> {
  return { product: p.id, title: p.english_title || p.bangla_title, price: p.price, stock: p.units_stock };
}

export function ProductSearch({ onAdd }: { onAdd: (line: Omit<DeskLine, 'quantity'>) => void }) {
  const [term, setTerm] = useState('');
  const found = useProductSearch(term, { activeOnly: true });
  const add = (p: FoundProduct) => {
    onAdd(lineOf(p));
    setTerm('');
  };
  return (
    <div className="text-sm" data-testid="product-search">
      <ProductSearchInput
        label="Add a product (title, author or ISBN)"
        placeholder="Type at least 2 letters…"
        term={term}
        onTerm={setTerm}
        onEnter={() => {
          const first = found.hits?.find((p) => p.units_stock > 0);
          if (first) add(first);
        }}
      />
      {term.trim().length >= 2 && (
        <ul className="mt-1 max-h-72 divide-y divide-stone-100 overflow-y-auto rounded border border-stone-200 bg-white" aria-live="polite" data-testid="product-hits">
          {found.failed && <li className="p-2 text-red-700">The search did not answer; try again.</li>}
          {!found.failed && found.hits === null && <li className="p-2 text-stone-600">Searching…</li>}
          {found.hits?.length === 0 && <li className="p-2 text-stone-600">No product found.</li>}
          {found.hits?.map((p) => (
            <li key={p.id} className="flex items-center gap-2 p-2" data-testid="product-hit" data-product-id={p.id}>
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">{p.english_title || p.bangla_title}</div>
                <div className="truncate text-xs text-stone-600">
                  {[p.bangla_title !== p.english_title ? p.bangla_title : '', p.author_name, p.isbn ? `ISBN ${p.isbn}` : ''].filter(Boolean).join(' · ')}
                </div>
              </div>
              <span className="text-xs whitespace-nowrap">
                ৳ {p.price} · {p.units_stock > 0 ? `${p.units_stock} in stock` : <span className="text-red-700">out of stock</span>}
              </span>
              <Button size="sm" kind="secondary" disabled={p.units_stock <= 0} onClick={() => add(p)} aria-label={`Add ${p.english_title || p.bangla_title}`}>
                Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
