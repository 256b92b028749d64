/**
 * The add / update form of a promotion or coupon, sent as JSON to `/api/promotion/`. The kind
 * select shows only the fields that kind uses; dates are typed on a Dhaka wall clock and sent as
 * ISO instants (domain/promotions.ts). The browser checks with the server's own schema; errors
 * about a list inside `applies_to` or `get_products` (the server names them `applies_to.products.0`)
 * are shown under the input they came from.
 */
import { useId, useState } from 'react';
import { PRODUCT_TYPES } from '../../../domain/catalog';
import { appliesToSchema, dhakaLocalToIso, isoToDhakaLocal, promotionSchema, PROMOTION_KINDS, type Promotion, type PromotionKind } from '../../../domain/promotions';
import { categoryOptions, type CategoryLike } from './category-options';
import { FormFoot } from './buttons';
import type { FieldErrors } from '../form/api';
import { Field, FieldError, SelectField, useControlClass } from '../form/field';
import { useApiForm } from '../form/use-api-form';
import { checkWith } from '../form/values';

export interface PromotionFormOptions {
  categories: CategoryLike[];
  authors: { value: number; label: string }[];
  publishers: { value: number; label: string }[];
}

/** What the form edits: the API's promotion, with how often it was used. */
export type EditablePromotion = Promotion & { used_count: number };

export const KIND_LABELS: Record<PromotionKind, string> = {
  percentage: 'Percentage off',
  fixed: 'Fixed taka off',
  free_delivery: 'Free delivery',
  buy_x_get_y: 'Buy X get Y',
};

export const TYPE_LABELS: Record<string, string> = { books: 'Books', electronics: 'Electronics', stationary: 'Stationery' };

/** A whole number as typed, null when empty, NaN otherwise (so the schema names the field). */
function wholeOrNull(text: string): number | null {
  if (text === '') return null;
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** "12, 15 40" → [12, 15, 40]; anything that is not an id stays NaN, for the schema's message. */
export function idList(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((t) => (/^\d+$/.test(t) ? Number(t) : Number.NaN));
}

/** A Dhaka date-time field as an ISO instant; something unreadable is sent as typed, for the schema's message. */
function instant(text: string): string | null {
  return text === '' ? null : (dhakaLocalToIso(text) ?? text);
}

/** The request body from the form's values (FormData, so it is tested without a page). */
export function promotionBody(fd: FormData) {
  const text = (name: string) => String(fd.get(name) ?? '').trim();
  const kind = text('kind');
  const value = wholeOrNull(text('value'));
  const applies_to: Record<string, unknown> = {};
  const types = fd.getAll('applies_types').map(String);
  if (types.length) applies_to.types = types;
  for (const list of ['categories', 'authors', 'publishers'] as const) {
    const chosen = fd.getAll(`applies_${list}`).map(Number);
    if (chosen.length) applies_to[list] = chosen;
  }
  const products = idList(text('applies_products'));
  if (products.length) applies_to.products = products;
  const buyXgetY = kind === 'buy_x_get_y';
  return {
    name: text('name'),
    kind,
    // Empty: the schema's default (0), which the kind's own rule then refuses with its message.
    value: kind === 'free_delivery' ? 0 : (value ?? undefined),
    buy_quantity: buyXgetY ? wholeOrNull(text('buy_quantity')) : null,
    get_quantity: buyXgetY ? wholeOrNull(text('get_quantity')) : null,
    get_products: buyXgetY ? idList(text('get_products')) : [],
    applies_to,
    min_subtotal: wholeOrNull(text('min_subtotal')) ?? 0,
    starts_at: instant(text('starts_at')),
    ends_at: instant(text('ends_at')),
    usage_limit: wholeOrNull(text('usage_limit')),
    per_customer_limit: wholeOrNull(text('per_customer_limit')),
    code: text('code'),
    is_active: fd.get('is_active') === 'on',
  };
}

/** The server's schema; a bad list inside `applies_to` is checked again alone, to name the list. */
export function validatePromotion(body: ReturnType<typeof promotionBody>): FieldErrors {
  const errors = checkWith(promotionSchema, body);
  if (errors.applies_to) {
    const inner = checkWith(appliesToSchema, body.applies_to);
    if (Object.keys(inner).length) {
      delete errors.applies_to;
      for (const [key, list] of Object.entries(inner)) errors[`applies_to.${key}`] = list;
    }
  }
  return errors;
}

/** Error keys as the form's inputs are named: `applies_to.products.0` → `applies_products`, `get_products.2` → `get_products`. */
export function formErrorKeys(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, list] of Object.entries(errors)) {
    const [head, sub] = key.split('.');
    const name = head === 'applies_to' && sub ? `applies_${sub}` : head!;
    out[name] = [...new Set([...(out[name] ?? []), ...list])];
  }
  return out;
}

function MultiSelect({ name, label, options, selected, errors, hint }: { name: string; label: string; options: { value: number; label: string }[]; selected: number[] | undefined; errors: FieldErrors; hint?: string }) {
  const id = useId();
  const bad = Boolean(errors[name]?.length);
  const control = useControlClass(bad);
  return (
    <div className="block text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select id={id} name={name} multiple size={Math.min(8, Math.max(3, options.length))} defaultValue={(selected ?? []).map(String)} className={control} aria-invalid={bad || undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && <p className="mt-1 text-xs text-stone-600">{hint}</p>}
      <FieldError errors={errors} name={name} />
    </div>
  );
}

function KindFields({ kind, promotion, errors }: { kind: PromotionKind; promotion: EditablePromotion | undefined; errors: FieldErrors }) {
  const same = promotion?.kind === kind;
  if (kind === 'free_delivery') return <p className="text-sm text-stone-600 sm:col-span-2">Takes the delivery charge off the order.</p>;
  const valueLabel = kind === 'percentage' ? 'Percentage off (%)' : kind === 'fixed' ? 'Taka off (৳, once per order)' : 'Off the Y items (%; 100 = free)';
  return (
    <>
      <Field
        key={kind}
        label={valueLabel}
        name="value"
        type="number"
        min={1}
        max={kind === 'fixed' ? undefined : 100}
        errors={errors}
        defaultValue={same ? promotion.value : kind === 'buy_x_get_y' ? 100 : ''}
        required
      />
      {kind === 'buy_x_get_y' && (
        <>
          <Field label="Buy (X items)" name="buy_quantity" type="number" min={1} max={100} errors={errors} defaultValue={same ? promotion.buy_quantity : ''} required />
          <Field label="Get (Y items)" name="get_quantity" type="number" min={1} max={100} errors={errors} defaultValue={same ? promotion.get_quantity : ''} required />
          <Field
            label="Get products (ids, comma-separated)"
            name="get_products"
            errors={errors}
            defaultValue={same ? promotion.get_products.join(', ') : ''}
            hint="Empty: the cheaper items of the same set are the Y items."
          />
        </>
      )}
    </>
  );
}

export function PromotionForm({ options, promotion }: { options: PromotionFormOptions; promotion?: EditablePromotion }) {
  const creating = !promotion;
  const [kind, setKind] = useState<PromotionKind>(promotion?.kind ?? 'percentage');
  const form = useApiForm({
    method: creating ? 'POST' : 'PUT',
    url: creating ? '/api/promotion/' : `/api/promotion/${promotion.id}/`,
    payload: (f) => promotionBody(new FormData(f)),
    validate: validatePromotion,
    success: creating ? 'Promotion added!' : 'Promotion updated!',
    then: '/admin-promotions',
  });
  const e = formErrorKeys(form.errors);
  const a = promotion?.applies_to ?? {};
  return (
    <form {...form.props} className="grid gap-4" data-testid={creating ? 'add-promotion' : 'update-promotion'}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" name="name" errors={e} defaultValue={promotion?.name} required />
        <SelectField
          label="Kind"
          name="kind"
          errors={e}
          defaultValue={kind}
          empty={null}
          options={PROMOTION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          onChange={(ev) => setKind(ev.target.value as PromotionKind)}
        />
        <KindFields kind={kind} promotion={promotion} errors={e} />
      </div>
      <fieldset className="grid gap-3 rounded border border-stone-200 p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">Applies to (nothing chosen: everything)</legend>
        <div className="text-sm sm:col-span-2">
          <span className="font-medium">Product types</span>
          <div className="mt-1 flex flex-wrap gap-4">
            {PRODUCT_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-2">
                <input type="checkbox" name="applies_types" value={t} defaultChecked={a.types?.includes(t)} /> {TYPE_LABELS[t] ?? t}
              </label>
            ))}
          </div>
          <FieldError errors={e} name="applies_types" />
        </div>
        <MultiSelect name="applies_categories" label="Categories (with their sub-categories)" options={categoryOptions(options.categories)} selected={a.categories} errors={e} hint="Ctrl- or ⌘-click to choose several." />
        <MultiSelect name="applies_authors" label="Authors" options={options.authors} selected={a.authors} errors={e} />
        <MultiSelect name="applies_publishers" label="Publishers" options={options.publishers} selected={a.publishers} errors={e} />
        <Field label="Products (ids, comma-separated)" name="applies_products" errors={e} defaultValue={(a.products ?? []).join(', ')} />
        <FieldError errors={e} name="applies_to" />
      </fieldset>
      <fieldset className="grid gap-3 rounded border border-stone-200 p-3 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="px-1 text-sm font-semibold">Conditions</legend>
        <Field label="Minimum cart subtotal (৳)" name="min_subtotal" type="number" min={0} errors={e} defaultValue={promotion?.min_subtotal ?? 0} />
        <Field label="Starts (Dhaka time)" name="starts_at" type="datetime-local" errors={e} defaultValue={isoToDhakaLocal(promotion?.starts_at ?? null)} hint="Empty: from now on." />
        <Field label="Ends (Dhaka time)" name="ends_at" type="datetime-local" errors={e} defaultValue={isoToDhakaLocal(promotion?.ends_at ?? null)} hint="Empty: no end." />
        <Field label="Usage limit in all" name="usage_limit" type="number" min={1} errors={e} defaultValue={promotion?.usage_limit} hint="Empty: no limit." />
        <Field label="Usage limit per customer" name="per_customer_limit" type="number" min={1} errors={e} defaultValue={promotion?.per_customer_limit} hint="Empty: no limit." />
        <Field
          label="Coupon code"
          name="code"
          errors={e}
          defaultValue={promotion?.code}
          autoCapitalize="characters"
          hint="Empty: automatic (applies without a code). Letters are matched without regard to case."
        />
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="is_active" defaultChecked={promotion?.is_active ?? true} /> Active
      </label>
      <FormFoot errors={e} busy={form.busy} cancelTo="/admin-promotions">
        {creating ? 'Add promotion' : 'Update'}
      </FormFoot>
    </form>
  );
}
