/**
 * The add / update form of books, electronics and stationery, sent as multipart to the API.
 * Offer type switches the matching input and previews the discount price with the shop's own
 * rule (domain/prices.ts). Inputs are uncontrolled, so nothing typed is lost when the server
 * refuses; its per-field errors are shown beside the fields.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { applyOffer, OFFER_TYPES, type OfferType } from '../../../domain/prices';
import { OFFER_NONE, productFormSchema, resolveOffer } from '../../../domain/catalog-forms';
import type { ApiProduct } from '../../lib/api-types.server';
import { categoryOptions, type CategoryLike } from './category-options';
import type { ProductKind } from './product-kinds';
import { LinkButton, SaveButton } from './buttons';
import { notify } from '../notices';
import type { FieldErrors } from '../form/api';
import { Field, FieldError, SelectField, TextArea } from '../form/field';
import { ImageInput } from '../form/image-input';
import { FormErrors } from '../form/messages';
import { useApiForm } from '../form/use-api-form';
import { checkWith, formText, formValues, multipart } from '../form/values';

const MAX_PDF_BYTES = 10 * 1024 * 1024;

export interface ProductFormProps {
  kind: ProductKind;
  options: { categories: CategoryLike[]; authors: { value: number; label: string }[]; publishers: { value: number; label: string }[] };
  product?: ApiProduct & { purchase_from?: string; purchase_price?: number; low_stock_threshold?: number | null };
}

function wholeNumber(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The shelf counts an update sends. Stock goes with the figure the form loaded (the hidden
 * `expected_units_stock`), so the server applies the difference and copies sold while the form
 * was open stay sold; units sold only when the admin changed it (a sale moves it too). An empty
 * units sold is 0.
 */
export function shelfFields(fd: FormData, loaded: { units_sold: number } | undefined): FormData {
  const sold = String(fd.get('units_sold') ?? '').trim();
  if (loaded && sold === String(loaded.units_sold)) fd.delete('units_sold');
  else if (!sold) fd.set('units_sold', '0');
  return fd;
}

/** The body sent: the API's fields, the offer made consistent (only its own amount), the shelf counts as shelfFields sends them. */
export function productPayload(kind: ProductKind, form: HTMLFormElement, loaded?: { units_sold: number }): FormData {
  const fd = shelfFields(multipart(form), loaded);
  const offer = formText(form, 'offer_type');
  fd.set('offer_type', offer === '' ? OFFER_NONE : offer);
  if (offer !== 'Percentage') fd.delete('percentage');
  if (offer !== 'Flat Discount') fd.delete('flat_discount');
  fd.set('type', kind.type);
  preorderField(fd);
  // New products go on sale at once; an update keeps what the "shown in the shop" box says.
  const active = fd.get('is_active_box');
  fd.delete('is_active_box');
  fd.set('is_active', form.querySelector('input[name="is_active_box"]') ? String(active === 'on') : 'true');
  return fd;
}

/**
 * The pre-order's two inputs as the API's one `preorder` field, JSON text in multipart
 * (docs/preorders.md): both empty clears it; a limit that is not a whole number is sent as typed,
 * for the schema's message.
 */
export function preorderField(fd: FormData): void {
  const date = String(fd.get('preorder_release_date') ?? '').trim();
  const limit = String(fd.get('preorder_limit') ?? '').trim();
  fd.delete('preorder_release_date');
  fd.delete('preorder_limit');
  fd.set('preorder', !date && !limit ? '' : JSON.stringify({ release_date: date, limit: wholeNumber(limit) ?? limit }));
}

/** The server's own schema (domain/catalog-forms.ts) and offer rule, run before uploading. */
export function validateProduct(kind: ProductKind, body: FormData, creating: boolean): FieldErrors {
  const values = formValues(body);
  const errors = checkWith(productFormSchema(kind.type, creating ? 'create' : 'update'), values);
  const number = (name: string) => wholeNumber(String(values[name] ?? '').trim());
  const regular = number('regular_price');
  if (regular !== null && !errors.percentage && !errors.flat_discount) {
    const offer = resolveOffer({
      regular_price: regular,
      offer_type: String(values.offer_type ?? ''),
      percentage: number('percentage') ?? undefined,
      flat_discount: number('flat_discount') ?? undefined,
    });
    if ('errors' in offer) Object.assign(errors, offer.errors);
  }
  return errors;
}

function OfferFields({ errors, product }: { errors: FieldErrors; product?: ProductFormProps['product'] }) {
  const [offer, setOffer] = useState<OfferType>(product?.offer_type === 'Percentage' || product?.offer_type === 'Flat Discount' ? product.offer_type : '');
  const [regular, setRegular] = useState<string>(product ? String(product.regular_price) : '');
  const [amount, setAmount] = useState<string>(product ? String(product.offer_type === 'Flat Discount' ? product.flat_discount : product.percentage) : '');
  const preview = offer ? applyOffer(Number(regular) || 0, offer, Number(amount) || 0) : null;
  return (
    <fieldset className="grid gap-3 rounded border border-stone-200 p-3 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="px-1 text-sm font-semibold">Price and offer</legend>
      <Field label="Purchase from" name="purchase_from" errors={errors} defaultValue={product?.purchase_from} />
      <Field label="Purchase price (৳)" name="purchase_price" type="number" min={0} errors={errors} defaultValue={product?.purchase_price} required />
      <Field label="Regular price (৳)" name="regular_price" type="number" min={0} errors={errors} defaultValue={product?.regular_price} required onChange={(e) => setRegular(e.target.value)} />
      <SelectField
        label="Offer type"
        name="offer_type"
        errors={errors}
        defaultValue={offer}
        empty={null}
        options={OFFER_TYPES.map((t) => ({ value: t, label: t === '' ? 'No offer' : t }))}
        onChange={(e) => {
          setOffer(e.target.value as OfferType);
          setAmount('');
        }}
      />
      {offer !== '' && (
        <Field
          key={offer}
          label={offer === 'Percentage' ? 'Percentage (%)' : 'Flat discount (৳)'}
          name={offer === 'Percentage' ? 'percentage' : 'flat_discount'}
          type="number"
          min={0}
          max={offer === 'Percentage' ? 100 : undefined}
          errors={errors}
          defaultValue={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      )}
      <div className="text-sm sm:col-span-2">
        <span className="font-medium">Discount price</span>
        <p className="mt-1 rounded bg-stone-100 px-2 py-1.5" data-testid="discount-preview">
          {preview && preview.discount_price <= 0 && Number(regular) > 0 ? (
            <span className="text-red-700">The discount must be less than the regular price.</span>
          ) : preview ? (
            <>
              <span className="font-bold text-red-700">৳ {preview.discount_price}</span>
              {Number(regular) > 0 && <span className="ml-2 text-stone-600 line-through">৳ {Number(regular)}</span>}
            </>
          ) : (
            <span className="text-stone-600">No offer — sold at the regular price</span>
          )}
        </p>
      </div>
    </fieldset>
  );
}

export function ProductForm({ kind, options, product }: ProductFormProps) {
  const creating = !product;
  const isBook = kind.type === 'books';
  const form = useApiForm({
    method: creating ? 'POST' : 'PUT',
    url: creating ? kind.create : `/api/product/${product.id}/`,
    payload: (f) => productPayload(kind, f, product),
    validate: (body) => validateProduct(kind, body, creating),
    success: creating ? kind.added : kind.updated,
    then: creating ? 'reload' : kind.list,
  });
  const e = form.errors;
  return (
    <form {...form.props} className="grid gap-4" data-testid={creating ? 'add-product' : 'update-product'}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="English title" name="english_title" errors={e} defaultValue={product?.english_title} required />
        <Field label="Bangla title" name="bangla_title" errors={e} defaultValue={product?.bangla_title} />
        <SelectField label="Category" name="category" errors={e} defaultValue={product?.category} options={categoryOptions(options.categories)} required={isBook} />
        {isBook ? (
          <>
            <SelectField label="Author" name="author" errors={e} defaultValue={product?.author} options={options.authors} required />
            <SelectField label="Publisher" name="publisher" errors={e} defaultValue={product?.publisher} options={options.publishers} required />
            <Field label="ISBN" name="isbn" errors={e} defaultValue={product?.isbn} />
            <Field label="Edition" name="edition" errors={e} defaultValue={product?.edition} />
            <Field label="Language" name="language" errors={e} defaultValue={product?.language} />
            <Field label="Country" name="country" errors={e} defaultValue={product?.country} />
            <Field label="Total pages" name="total_page" type="number" min={0} errors={e} defaultValue={product?.total_page} />
          </>
        ) : (
          <>
            <Field label="Brand" name="brand" errors={e} defaultValue={product?.brand} />
            <Field label="Model" name="model" errors={e} defaultValue={product?.model} />
            {kind.type === 'electronics' && <Field label="Warranty" name="warranty" errors={e} defaultValue={product?.warranty} />}
          </>
        )}
        <TextArea label="Description" name="description" errors={e} defaultValue={product?.description} className="sm:col-span-2" />
      </div>
      <OfferFields errors={e} product={product} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Units in stock" name="units_stock" type="number" min={0} errors={e} defaultValue={product?.units_stock} required />
        {/* The stock this form loaded: the server adds the change made here to the stock as it is then. */}
        {!creating && <input type="hidden" name="expected_units_stock" value={product.units_stock} />}
        <Field label="Units sold" name="units_sold" type="number" min={0} errors={e} defaultValue={product?.units_sold} placeholder="0" />
        <Field
          label="স্টক কমের সীমা (Low-stock threshold)"
          name="low_stock_threshold"
          type="number"
          min={0}
          errors={e}
          defaultValue={product?.low_stock_threshold ?? ''}
          placeholder="দোকানের সীমা (shop's default)"
          hint="খালি: দোকানের সীমা (Empty: the shop's default)."
        />
        <Field
          label="প্রি-অর্ডার: প্রকাশের তারিখ (Pre-order release date)"
          name="preorder_release_date"
          type="date"
          errors={{ preorder_release_date: e['preorder.release_date'] ?? e.preorder ?? [] }}
          defaultValue={product?.preorder?.release_date ?? ''}
          hint="খালি: প্রি-অর্ডার নয় (Empty: not a pre-order)."
        />
        <Field
          label="প্রি-অর্ডারের সীমা (Pre-order limit, units)"
          name="preorder_limit"
          type="number"
          min={1}
          errors={{ preorder_limit: e['preorder.limit'] ?? [] }}
          defaultValue={product?.preorder?.limit ?? ''}
          hint={product?.preorder ? `নেওয়া হয়েছে ${product.preorder_taken ?? 0}, অপেক্ষায় ${product.preorder_waiting ?? 0} (Taken ${product.preorder_taken ?? 0}, waiting ${product.preorder_waiting ?? 0}).` : undefined}
        />
        {!creating && (
          <p className="self-end pb-2 text-sm">
            <Link className="text-brand underline" to={`/admin-stock-history/${product.id}`} data-testid="stock-history-link">
              স্টকের হিসাব (Stock history)
            </Link>
          </p>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <ImageInput label={creating ? 'Image' : 'Image (choose one only to replace it)'} name="image" errors={e} required={creating} currentUrl={product?.images?.thumb ?? product?.image} />
        <Field label="Alt text" name="alt_text" errors={e} defaultValue={product?.alt_text} />
        {isBook && (
          <label className="block text-sm">
            <span className="font-medium">Sample PDF (optional)</span>
            <input
              name="pdf"
              type="file"
              accept="application/pdf,.pdf"
              className="mt-1 block w-full text-sm"
              onChange={(ev) => {
                const f = ev.target.files?.[0];
                const bad = !f ? null : f.type !== 'application/pdf' ? 'Choose a PDF file.' : f.size > MAX_PDF_BYTES ? 'The PDF is over 10 MB.' : null;
                if (bad) {
                  ev.target.value = '';
                  notify(bad, 'error');
                }
              }}
            />
            {product?.pdf && (
              <a className="text-xs text-brand underline" href={product.pdf} target="_blank" rel="noreferrer">
                current PDF
              </a>
            )}
            <FieldError errors={e} name="pdf" />
          </label>
        )}
      </div>
      {!creating && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="is_active_box" defaultChecked={product.is_active} />
          Shown in the shop (active)
          {!product.is_active && <span className="text-xs text-stone-500">— deactivated, e.g. when it was deleted while on orders</span>}
        </label>
      )}
      <FormErrors errors={e} />
      <div className="flex gap-2">
        <SaveButton busy={form.busy}>{creating ? `Add ${kind.one}` : 'Update'}</SaveButton>
        {!creating && <LinkButton to={kind.list}>Cancel</LinkButton>}
      </div>
    </form>
  );
}
