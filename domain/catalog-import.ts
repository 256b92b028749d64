/**
 * The catalogue in bulk: the CSV's columns and one row → the admin product form. A row is
 * validated by the same zod schema as the back office's add and update forms
 * (catalog-forms.ts), so prices, stock and offers follow the same rules. Category, author and
 * publisher are written by name; the server looks the names up and hands in their ids.
 */
import { z } from 'zod';
import { PRODUCT_TYPES, type ProductType } from './catalog';
import { productFormSchema, resolveOffer, OFFER_NONE, type ProductForm } from './catalog-forms';
import { applyOffer, type Offer, type OfferType } from './prices';
import { idSchema, MAX_TAKA } from './queries';

/** The export's columns, in order; the import reads the same names (unknown columns are refused). */
export const CSV_COLUMNS = [
  'id',
  'type',
  'english_title',
  'bangla_title',
  'description',
  'category_name',
  'author_name',
  'publisher_name',
  'isbn',
  'edition',
  'language',
  'country',
  'total_page',
  'model',
  'brand',
  'warranty',
  'offer_type',
  'percentage',
  'flat_discount',
  'purchase_from',
  'purchase_price',
  'regular_price',
  'discount_price',
  'units_stock',
  'units_sold',
  'is_active',
  'alt_text',
  'image',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Columns the import reads but does not write: the server computes them, or (image) they are not imported. */
const NOT_WRITTEN = new Set<string>(['id', 'category_name', 'author_name', 'publisher_name', 'discount_price', 'image']);

export interface ImportError {
  line: number;
  field: string;
  message: string;
}

/** The ids of the row's category, author and publisher names (undefined: the row names none). */
export interface RowReferences {
  category?: number | undefined;
  author?: number | undefined;
  publisher?: number | undefined;
}

/** What a stored product the row updates holds for the offer check. */
export interface StoredOffer {
  type: ProductType;
  regular_price: number;
  offer_type: string;
  percentage: number;
  flat_discount: number;
}

export type RowResult = { ok: true; type: ProductType; form: ProductForm } | { ok: false; errors: ImportError[] };

/** A stand-in for the image the create form requires: images are not imported, products are added without one. */
const NO_IMAGE = Object.freeze({});

/** The header's problems (line 1): a column the import does not know, or none saying what a row is. */
export function headerErrors(columns: readonly string[]): ImportError[] {
  const errors: ImportError[] = columns
    .filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c))
    .map((c) => ({ line: 1, field: c, message: `অজানা কলাম (Unknown column): ${c}` }));
  if (!columns.includes('type') && !columns.includes('id')) errors.push({ line: 1, field: 'type', message: 'type বা id কলাম লাগবে (The file needs a type or an id column).' });
  return errors;
}

/** `type` of a row to create: one of the product types. */
export function rowType(row: Record<string, string>): ProductType | null {
  const t = (row.type ?? '').trim();
  return (PRODUCT_TYPES as readonly string[]).includes(t) ? (t as ProductType) : null;
}

/**
 * One CSV row as a product form: `existing` set means the row updates that product (blank
 * cells keep the stored values, as on the update form), else it creates one of the row's type.
 */
export function rowToForm(row: Record<string, string>, line: number, refs: RowReferences, existing?: StoredOffer): RowResult {
  const type = existing?.type ?? rowType(row);
  if (!type) return { ok: false, errors: [{ line, field: 'type', message: `type must be one of ${PRODUCT_TYPES.join(', ')}.` }] };
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!NOT_WRITTEN.has(key)) values[key] = value;
  if (refs.category !== undefined) values.category = refs.category;
  if (refs.author !== undefined) values.author = refs.author;
  if (refs.publisher !== undefined) values.publisher = refs.publisher;
  if (!existing) values.image = NO_IMAGE;
  const parsed = productFormSchema(type, existing ? 'update' : 'create').safeParse(values);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((issue) => ({ line, field: formField(String(issue.path[0] ?? '')), message: issue.message })) };
  }
  const form = { ...(parsed.data as ProductForm), image: undefined };
  if (existing && form.type !== undefined && form.type !== existing.type) {
    return { ok: false, errors: [{ line, field: 'type', message: `This product is of type ${existing.type}; its type cannot be ${form.type}.` }] };
  }
  const regular = form.regular_price ?? existing?.regular_price ?? 0;
  const stored = existing?.offer_type || OFFER_NONE;
  const offer = resolveOffer({
    regular_price: regular,
    offer_type: form.offer_type ?? stored,
    percentage: form.percentage ?? (existing?.offer_type === 'Percentage' ? existing.percentage : undefined),
    flat_discount: form.flat_discount ?? (existing?.offer_type === 'Flat Discount' ? existing.flat_discount : undefined),
  });
  if ('errors' in offer) return { ok: false, errors: Object.entries(offer.errors).map(([field, m]) => ({ line, field, message: m[0] ?? 'Invalid.' })) };
  return { ok: true, type, form };
}

/** The form's reference fields are the CSV's name columns. */
function formField(field: string): string {
  return field === 'category' || field === 'author' || field === 'publisher' ? `${field}_name` : field;
}

/**
 * A bulk price change (the Import / export screen): regular prices of a category's (with its
 * sub-categories) and/or a publisher's products up or down by a percentage (rounded to the
 * taka) or by taka; each product's offer is kept and its discount price worked out again.
 */
export const bulkPriceSchema = z
  .object({
    percentage: z.number({ error: 'Percentage must be a whole number.' }).int('Percentage must be a whole number.').min(-99, 'At most −99 %.').max(1000, 'At most 1000 %.').optional(),
    amount: z.number({ error: 'Amount must be whole taka.' }).int('Amount must be whole taka.').min(-MAX_TAKA).max(MAX_TAKA).optional(),
    category: idSchema.optional(),
    publisher: idSchema.optional(),
    dry_run: z.boolean().optional(),
  })
  .strict()
  .refine((c) => (c.percentage === undefined) !== (c.amount === undefined), { message: 'শতাংশ অথবা টাকা, একটি দিন (Give a percentage or an amount, one of them).', path: ['percentage'] })
  .refine((c) => c.category !== undefined || c.publisher !== undefined, { message: 'ক্যাটাগরি বা প্রকাশক বেছে নিন (Choose a category or a publisher).', path: ['category'] });
export type BulkPriceChange = z.infer<typeof bulkPriceSchema>;

export function changedPrice(p: StoredOffer, change: { percentage?: number | undefined; amount?: number | undefined }): { offer: Offer & { regular_price: number } } | { error: string } {
  const regular = change.percentage !== undefined ? Math.round((p.regular_price * (100 + change.percentage)) / 100) : p.regular_price + (change.amount ?? 0);
  if (regular < 0) return { error: `The price would be ${regular}, below 0.` };
  if (regular > MAX_TAKA) return { error: `The price would be ${regular}, too large.` };
  if (p.offer_type === 'Flat Discount' && p.flat_discount >= regular) return { error: `The flat discount (${p.flat_discount}) would not be less than the new price (${regular}).` };
  const type: OfferType = p.offer_type === 'Percentage' || p.offer_type === 'Flat Discount' ? p.offer_type : '';
  return { offer: { regular_price: regular, ...applyOffer(regular, type, type === 'Percentage' ? p.percentage : p.flat_discount) } };
}
