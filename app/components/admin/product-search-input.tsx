/**
 * The back office's product finder box (order desk, stock receipts, curated lists): a labelled
 * search field whose Enter picks the first hit and never sends the form around it. The hits list
 * is each screen's own (what a hit shows and which hits are offered differ).
 */
import { useId } from 'react';
import { useControlClass } from '../form/field';

export function ProductSearchInput({ term, onTerm, onEnter, label, placeholder }: { term: string; onTerm: (term: string) => void; onEnter: () => void; label: string; placeholder: string }) {
  const id = useId();
  const control = useControlClass();
  return (
    <>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={term}
        autoComplete="off"
        placeholder={placeholder}
        className={control}
        onChange={(e) => onTerm(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          onEnter();
        }}
      />
    </>
  );
}

/** The finder's Bengali-first texts (the order desk keeps its English ones). */
export const FINDER_TEXTS = {
  label: 'পণ্য যোগ করুন (Add a product: title, author or ISBN)',
  placeholder: 'অন্তত ২ অক্ষর লিখুন… (Type at least 2 letters…)',
} as const;
