/**
 * The add / update form of a curated list, sent as JSON to `/api/list/`: titles, a slug suggested
 * from the English title until it is typed by hand, Dhaka start and end, switches, and the
 * products found by search (use-product-search.ts) and put in order (product-order.tsx). The
 * browser checks with the server's own schema; errors about one product (`products.3`) show
 * under the products.
 */
import { useState } from 'react';
import { dhakaLocalToIso, isoToDhakaLocal } from '../../../../domain/promotion-time';
import { LIST_MAX_PRODUCTS, listSchema, slugFrom, type CuratedList } from '../../../../domain/lists';
import type { FieldErrors } from '../../form/api';
import { Field, FieldError } from '../../form/field';
import { useApiForm } from '../../form/use-api-form';
import { checkWith } from '../../form/values';
import { Button, FormFoot } from '../buttons';
import { useProductSearch } from '../use-product-search';
import { FINDER_TEXTS, ProductSearchInput } from '../product-search-input';
import { ProductOrder, type OrderItem } from './product-order';

/** A Dhaka date-time field as an ISO instant; something unreadable is sent as typed, for the schema's message. */
const instant = (text: string) => (text === '' ? null : (dhakaLocalToIso(text) ?? text));

/** The request body from the form's values and the products in their order. */
export function listBody(fd: FormData, products: readonly number[]) {
  const text = (name: string) => String(fd.get(name) ?? '').trim();
  const position = text('home_position');
  return {
    title: text('title'),
    title_en: text('title_en'),
    slug: text('slug'),
    products: [...products],
    starts_at: instant(text('starts_at')),
    ends_at: instant(text('ends_at')),
    is_active: fd.get('is_active') === 'on',
    show_on_home: fd.get('show_on_home') === 'on',
    home_position: position === '' ? 0 : /^\d+$/.test(position) ? Number(position) : Number.NaN,
  };
}

/** Errors as the form shows them: every `products.N` under the products. */
export function formErrorKeys(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, list] of Object.entries(errors)) {
    const name = key.startsWith('products') ? 'products' : key;
    out[name] = [...new Set([...(out[name] ?? []), ...list])];
  }
  return out;
}

function ProductFinder({ onPick, chosen }: { onPick: (p: OrderItem) => void; chosen: ReadonlySet<number> }) {
  const [term, setTerm] = useState('');
  const found = useProductSearch(term, { activeOnly: true });
  const pick = (p: OrderItem) => {
    onPick(p);
    setTerm('');
  };
  const hits = found.hits?.filter((h) => !chosen.has(h.id)) ?? null;
  return (
    <div className="text-sm" data-testid="list-product-search">
      <ProductSearchInput {...FINDER_TEXTS} term={term} onTerm={setTerm} onEnter={() => hits?.[0] && pick({ ...hits[0], is_active: true })} />
      {term.trim().length >= 2 && (
        <ul className="mt-1 max-h-72 divide-y divide-stone-100 overflow-y-auto rounded border border-stone-200 bg-white" aria-live="polite" data-testid="list-product-hits">
          {found.failed && <li className="p-2 text-red-700">খোঁজা যায়নি, আবার চেষ্টা করুন (The search did not answer; try again).</li>}
          {!found.failed && hits === null && <li className="p-2 text-stone-600">খুঁজছি… (Searching…)</li>}
          {hits?.length === 0 && <li className="p-2 text-stone-600">কোনো নতুন পণ্য পাওয়া যায়নি (No product found that is not in the list).</li>}
          {hits?.map((h) => (
            <li key={h.id} className="flex items-center gap-2 p-2" data-testid="list-product-hit" data-product-id={h.id}>
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">{h.bangla_title || h.english_title}</div>
                <div className="truncate text-xs text-stone-600">{[h.english_title, h.author_name, h.isbn ? `ISBN ${h.isbn}` : ''].filter(Boolean).join(' · ')}</div>
              </div>
              <Button size="sm" kind="secondary" onClick={() => pick({ ...h, is_active: true })} aria-label={`Add ${h.bangla_title || h.english_title}`}>
                যোগ (Add)
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ListForm({ list, items: initial }: { list?: CuratedList; items: OrderItem[] }) {
  const creating = !list;
  const [items, setItems] = useState<OrderItem[]>(initial);
  // The slug follows the English title until somebody types in it (or the list already has one).
  const [slug, setSlug] = useState(list?.slug ?? '');
  const [slugTyped, setSlugTyped] = useState(!creating);
  const form = useApiForm({
    method: creating ? 'POST' : 'PUT',
    url: creating ? '/api/list/' : `/api/list/${list.id}/`,
    payload: (f) => listBody(new FormData(f), items.map((p) => p.id)),
    validate: (body) => checkWith(listSchema, body),
    success: creating ? 'List added!' : 'List updated!',
    then: '/admin-lists',
  });
  const e = formErrorKeys(form.errors);
  const full = items.length >= LIST_MAX_PRODUCTS;
  return (
    <form {...form.props} className="grid gap-4" data-testid={creating ? 'add-list' : 'update-list'}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="শিরোনাম (Title, Bengali)" name="title" errors={e} defaultValue={list?.title} required />
        <Field
          label="Title (English)"
          name="title_en"
          errors={e}
          defaultValue={list?.title_en}
          onChange={(ev) => {
            if (!slugTyped) setSlug(slugFrom(ev.currentTarget.value));
          }}
        />
        <Field
          label="Slug (the page's address: /list/…)"
          name="slug"
          errors={e}
          value={slug}
          required
          hint="Lowercase latin letters, digits and hyphens; suggested from the English title."
          onChange={(ev) => {
            setSlugTyped(true);
            setSlug(ev.currentTarget.value.toLowerCase());
          }}
        />
        <Field label="Home page position" name="home_position" type="number" min={0} max={1000} errors={e} defaultValue={list?.home_position ?? 0} hint="Lower comes first among the lists on the home page." />
        <Field label="Starts (Dhaka time)" name="starts_at" type="datetime-local" errors={e} defaultValue={isoToDhakaLocal(list?.starts_at ?? null)} hint="Empty: from now on." />
        <Field label="Ends (Dhaka time)" name="ends_at" type="datetime-local" errors={e} defaultValue={isoToDhakaLocal(list?.ends_at ?? null)} hint="Empty: no end." />
      </div>
      <div className="flex flex-wrap gap-6 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="is_active" defaultChecked={list?.is_active ?? true} /> Active
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="show_on_home" defaultChecked={list?.show_on_home ?? false} /> Show on the home page
        </label>
      </div>
      <fieldset className="grid gap-3 rounded border border-stone-200 p-3">
        <legend className="px-1 text-sm font-semibold">
          Products ({items.length} / {LIST_MAX_PRODUCTS})
        </legend>
        {full ? <p className="text-sm text-stone-600">The list is full.</p> : <ProductFinder chosen={new Set(items.map((p) => p.id))} onPick={(p) => setItems((now) => (now.some((x) => x.id === p.id) ? now : [...now, p]))} />}
        <ProductOrder items={items} onChange={setItems} />
        <FieldError errors={e} name="products" />
      </fieldset>
      <FormFoot errors={e} busy={form.busy} cancelTo="/admin-lists">
        {creating ? 'Add list' : 'Update'}
      </FormFoot>
    </form>
  );
}
