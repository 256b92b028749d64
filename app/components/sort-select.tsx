/**
 * The sort drop-down. A GET form holding only `ordering`: choosing a sort drops the author and
 * publisher filters (one choice at a time, as in the filter panel). Submits itself on change;
 * the button is for browsers without JavaScript. A page showing it twice (the phone's filter
 * drawer and the desktop toolbar, one of them hidden) gives each its own `id`. `first` names the
 * default order (the search page's is 'Relevance').
 */
import { Form } from 'react-router';
import { useT } from '../lib/i18n';

export function SortSelect({ value, keep = {}, id = 'ordering', className = '', first = ['ডিফল্ট সাজানো', 'Default Sorting'] }: { value: string; keep?: Record<string, string>; id?: string; className?: string; first?: [string, string] }) {
  const t = useT();
  const options: [string, string, string][] = [
    ['', ...first],
    ['regular_price', 'দাম: কম থেকে বেশি', 'Price low to high'],
    ['-regular_price', 'দাম: বেশি থেকে কম', 'Price high to low'],
    ['-units_stock', 'স্টকে আছে', 'In stock'],
    ['-updated_at', 'নতুন এসেছে', 'New arrivals'],
  ];
  return (
    <Form method="get" className={`flex items-center gap-2 ${className}`}>
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor={id} className="shrink-0 text-sm text-stone-600">
        {t('সাজান', 'Sort')}
      </label>
      <select
        id={id}
        name="ordering"
        defaultValue={value}
        key={value}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        className="min-w-0 rounded border border-stone-300 bg-white px-2 py-1.5 text-sm max-md:min-h-11 max-md:flex-1"
      >
        {options.map(([v, bn, en]) => (
          <option key={v} value={v}>
            {t(bn, en)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded bg-brand px-2 py-1 text-sm text-white max-md:min-h-11 max-md:px-4">
          OK
        </button>
      </noscript>
    </Form>
  );
}
