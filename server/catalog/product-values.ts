/**
 * The columns a product form writes, worked out one way for the back office's create and update
 * (products.ts) and the CSV import (bulk-import.ts): a field the form leaves out keeps what is
 * stored, or for a new product its empty value, and the offer is resolved over the regular
 * price (domain/catalog-forms.ts `resolveOffer`).
 */
import type { Product } from '../db/schema';
import { OFFER_NONE, resolveOffer, type ProductForm } from '../../domain/catalog-forms';
import { isbnKey } from '../../domain/isbn';

/** The regular price the form sets, and its offer resolved (or the offer's field errors). */
export function formOffer(form: ProductForm, existing?: Product) {
  const regular = form.regular_price ?? existing?.regular_price ?? 0;
  const offer = resolveOffer({
    regular_price: regular,
    offer_type: form.offer_type ?? (existing?.offer_type || OFFER_NONE),
    percentage: form.percentage ?? (existing?.offer_type === 'Percentage' ? existing.percentage : undefined),
    flat_discount: form.flat_discount ?? (existing?.offer_type === 'Flat Discount' ? existing.flat_discount : undefined),
  });
  return { regular, offer };
}

/** The texts and details a form writes (titles, description, the details, where the shop bought it). */
export function describedColumns(form: ProductForm, existing?: Product) {
  const title = form.english_title ?? existing?.english_title ?? '';
  const isbn = form.isbn ?? existing?.isbn ?? '';
  return {
    english_title: title,
    bangla_title: form.bangla_title ?? existing?.bangla_title ?? '',
    description: form.description ?? existing?.description ?? '',
    // An empty alt text stands for the title, as the first version had it.
    alt_text: form.alt_text ?? (existing?.alt_text || title),
    isbn,
    // Written with every isbn, so `?isbn=` and the search box find the book by either form.
    isbn_key: isbnKey(isbn),
    edition: form.edition ?? existing?.edition ?? '',
    language: form.language ?? existing?.language ?? '',
    country: form.country ?? existing?.country ?? '',
    total_page: form.total_page ?? existing?.total_page ?? null,
    model: form.model ?? existing?.model ?? '',
    brand: form.brand ?? existing?.brand ?? '',
    warranty: form.warranty ?? existing?.warranty ?? '',
    purchase_from: form.purchase_from ?? existing?.purchase_from ?? '',
    purchase_price: form.purchase_price ?? existing?.purchase_price ?? 0,
  };
}

/**
 * The stock columns a form writes besides the stock itself (which only the ledger changes):
 * the low-stock threshold; left out it keeps what is stored, empty (null) returns to the
 * shop's `low_stock_default`.
 */
export function stockColumns(form: ProductForm, existing?: Product) {
  return { low_stock_threshold: form.low_stock_threshold === undefined ? (existing?.low_stock_threshold ?? null) : form.low_stock_threshold };
}
