/**
 * The /search page's facets (server/catalog/search-facets.ts) and its active filters. Every
 * choice is a plain link to the page with that one value changed, the others kept and the page
 * reset to 1, so it works without JavaScript; the price range is a small GET form. A chosen
 * value is marked and links to the page without it.
 */
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { toBengaliDigits, useLang, useT } from '../lib/i18n';

/** The page's query as the loader read it (no `page`): what every link keeps. */
export type SearchParams = Record<string, string>;

interface Named {
  id: number;
  name: string;
  count: number;
}
export interface FacetData {
  types: { value: string; count: number }[];
  categories: Named[];
  authors: Named[];
  publishers: Named[];
  prices: { min: number; max: number | null; count: number }[];
  in_stock: number;
}

/** `/search` with `params` changed by `changes` (undefined removes a value); `page` always goes. */
export function searchHref(params: SearchParams, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams();
  const all = { ...params, ...changes };
  for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== '' && k !== 'page') next.set(k, v);
  return `/search?${next.toString()}`;
}

export const TYPE_NAMES: Record<string, [string, string]> = {
  books: ['বই', 'Books'],
  electronics: ['ইলেকট্রনিক্স', 'Electronics'],
  stationary: ['স্টেশনারি', 'Stationery'],
};

function useNumber() {
  const lang = useLang();
  return (v: number) => (lang === 'bn' ? toBengaliDigits(v.toLocaleString('en-US')) : v.toLocaleString('en-US'));
}

/** A price range's label: `৳200–499`, `৳1,000+`. */
export function usePriceLabel() {
  const n = useNumber();
  return (min: number | undefined, max: number | null | undefined) => (max === null || max === undefined ? `৳${n(min ?? 0)}+` : `৳${n(min ?? 0)}–${n(max)}`);
}

function Choice({ to, current, label, count }: { to: string; current: boolean; label: string; count: number }) {
  const n = useNumber();
  return (
    <li>
      <Link
        to={to}
        aria-current={current ? 'true' : undefined}
        className={`flex items-center justify-between gap-2 rounded px-2 py-1 hover:bg-stone-100 max-md:py-3 ${current ? 'bg-brand/10 font-semibold text-brand' : ''}`}
      >
        <span className="min-w-0 break-words">{label}</span>
        <span className="shrink-0 text-xs text-stone-500">{n(count)}</span>
      </Link>
    </li>
  );
}

function Section({ title, name, children }: { title: string; name: string; children: ReactNode }) {
  return (
    <section className="card p-3">
      <h2 className="mb-2 text-sm font-bold">{title}</h2>
      <ul className="max-h-64 space-y-0.5 overflow-y-auto text-sm" data-testid={`facet-${name}`}>
        {children}
      </ul>
    </section>
  );
}

export function SearchFacetPanel({ facets, params }: { facets: FacetData; params: SearchParams }) {
  const t = useT();
  const price = usePriceLabel();
  const toggle = (key: string, value: string) => searchHref(params, { [key]: params[key] === value ? undefined : value });
  const names = (key: string, title: string, list: Named[]) =>
    list.length > 0 && (
      <Section title={title} name={key}>
        {list.map((c) => (
          <Choice key={c.id} to={toggle(key, String(c.id))} current={params[key] === String(c.id)} label={c.name} count={c.count} />
        ))}
      </Section>
    );
  const keep = Object.entries(params).filter(([k]) => k !== 'min_price' && k !== 'max_price');
  return (
    <aside className="space-y-3" aria-label={t('ফিল্টার', 'Filters')} data-testid="search-facets">
      {facets.types.length > 0 && (
        <Section title={t('ধরন', 'Type')} name="type">
          {facets.types.map((x) => (
            <Choice key={x.value} to={toggle('type', x.value)} current={params.type === x.value} label={t(...(TYPE_NAMES[x.value] ?? [x.value, x.value]))} count={x.count} />
          ))}
        </Section>
      )}
      {names('category', t('ক্যাটাগরি', 'Category'), facets.categories)}
      {names('author', t('লেখক', 'Author'), facets.authors)}
      {names('publisher', t('প্রকাশক', 'Publisher'), facets.publishers)}
      <Section title={t('দাম', 'Price')} name="price">
        {facets.prices.map((b) => {
          const current = params.min_price === String(b.min) && (params.max_price ?? '') === (b.max === null ? '' : String(b.max));
          const to = current ? searchHref(params, { min_price: undefined, max_price: undefined }) : searchHref(params, { min_price: String(b.min), max_price: b.max === null ? undefined : String(b.max) });
          return <Choice key={b.min} to={to} current={current} label={price(b.min, b.max)} count={b.count} />;
        })}
        <li>
          <Form method="get" action="/search" className="mt-2 flex items-end gap-1 px-1" data-testid="price-form">
            {keep.map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <label className="min-w-0 flex-1 text-xs text-stone-600">
              {t('সর্বনিম্ন', 'Min')}
              <input name="min_price" type="number" min={0} step={1} inputMode="numeric" defaultValue={params.min_price ?? ''} key={`min${params.min_price ?? ''}`} className="mt-0.5 w-full rounded border border-stone-300 px-1.5 py-1 text-sm max-md:min-h-11" />
            </label>
            <label className="min-w-0 flex-1 text-xs text-stone-600">
              {t('সর্বোচ্চ', 'Max')}
              <input name="max_price" type="number" min={0} step={1} inputMode="numeric" defaultValue={params.max_price ?? ''} key={`max${params.max_price ?? ''}`} className="mt-0.5 w-full rounded border border-stone-300 px-1.5 py-1 text-sm max-md:min-h-11" />
            </label>
            <button type="submit" className="btn max-md:min-h-11">
              {t('যান', 'Go')}
            </button>
          </Form>
        </li>
      </Section>
      <Section title={t('স্টক', 'Availability')} name="in_stock">
        <Choice to={toggle('in_stock', '1')} current={params.in_stock === '1'} label={t('শুধু স্টকে আছে', 'In stock only')} count={facets.in_stock} />
      </Section>
    </aside>
  );
}

/** The active filters as chips, each removing its own value; 'Clear all' keeps only the words. */
export function ActiveFilterChips({ params, facets }: { params: SearchParams; facets: FacetData | null }) {
  const t = useT();
  const price = usePriceLabel();
  const nameOf = (list: Named[] | undefined, id: string | undefined) => list?.find((x) => String(x.id) === id)?.name ?? `#${id}`;
  const chips: { key: string; label: string; to: string }[] = [];
  const remove = (...keys: string[]) => searchHref(params, Object.fromEntries(keys.map((k) => [k, undefined])));
  if (params.type) chips.push({ key: 'type', label: t(...(TYPE_NAMES[params.type] ?? [params.type, params.type])), to: remove('type') });
  if (params.category) chips.push({ key: 'category', label: nameOf(facets?.categories, params.category), to: remove('category') });
  if (params.author) chips.push({ key: 'author', label: nameOf(facets?.authors, params.author), to: remove('author') });
  if (params.publisher) chips.push({ key: 'publisher', label: nameOf(facets?.publishers, params.publisher), to: remove('publisher') });
  if (params.min_price || params.max_price) {
    const label = params.max_price ? price(Number(params.min_price ?? 0), Number(params.max_price)) : price(Number(params.min_price), null);
    chips.push({ key: 'price', label, to: remove('min_price', 'max_price') });
  }
  if (params.in_stock) chips.push({ key: 'in_stock', label: t('শুধু স্টকে আছে', 'In stock only'), to: remove('in_stock') });
  if (!chips.length) return null;
  return (
    <ul className="mb-3 flex flex-wrap items-center gap-2 text-sm" aria-label={t('চালু ফিল্টার', 'Active filters')} data-testid="active-filters">
      {chips.map((c) => (
        <li key={c.key}>
          <Link to={c.to} className="inline-flex items-center gap-1 rounded-full bg-brand/10 px-3 py-1 text-brand hover:bg-brand/20 max-md:min-h-11" data-testid={`chip-${c.key}`}>
            {c.label}
            <span aria-hidden="true">✕</span>
            <span className="sr-only">{t('(মুছুন)', '(remove)')}</span>
          </Link>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Link to={searchHref({ q: params.q ?? '' }, {})} className="text-stone-600 underline hover:text-brand max-md:tap">
            {t('সব ফিল্টার মুছুন', 'Clear all')}
          </Link>
        </li>
      )}
    </ul>
  );
}
