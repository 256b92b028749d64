/**
 * The back office's catalogue forms (products, logos, banners, authors, publishers and
 * categories), shared by the admin pages and the server. How a field reads its value (blank text
 * is "not given", a text value in a file field `image` or `pdf` is "no new file": clients of the
 * first version send the current URL back) is in form-fields.ts.
 */
import { z } from 'zod';
import { PRODUCT_TYPES, type ProductType } from './catalog';
import { applyOffer, type Offer, type OfferType } from './prices';
import { preorderField, type PreorderInput } from './preorder-form';
import { MAX_ID } from './queries';
import { DESCRIPTION_MAX, file, isBlank, reference, requiredText, served, STOCK_MAX, text, TEXT_MAX, toBool, toNumber, toText, wholeNumber, type Mode } from './form-fields';

export { STOCK_MAX };

export const FORM_MESSAGES = {
  bookTitleRequired: 'Book english title is required*',
  bookImageRequired: 'Books image is required*',
  productTitleRequired: 'Product english title is required*',
  productImageRequired: 'Product image is required*',
  purchasePriceRequired: 'Purchase Price is required*',
  regularPriceRequired: 'Regular Price is required*',
  unitsStockRequired: 'Units of Stock is required*',
  categoryRequired: 'Category field is required!',
  authorRequired: 'Author field is required!',
  publisherRequired: 'Publisher field is required!',
  logoImageRequired: 'Logo image required*',
  bannerImageRequired: 'Banner image required*',
  authorNameRequired: 'লেখকের নাম আবশ্যক*',
  publisherNameRequired: 'প্রকাশকের নাম আবশ্যক*',
  categoryNameRequired: 'ক্যাটাগরির নাম আবশ্যক*',
  percentageRange: 'Percentage must be a whole number from 0 to 100.',
  percentageRequired: 'Percentage is required for a percentage offer.',
  flatRequired: 'Flat discount is required for a flat discount offer.',
  flatBelowRegular: 'Flat discount must be less than the regular price.',
  bannerUrl: 'The link must be a web address (https://…) or a path on this shop (/…).',
  otherType: 'This field is not one of this product type’s; leave it empty.',
  expectedNeedsStock: 'expected_units_stock-এর সাথে units_stock দিন (Send units_stock with expected_units_stock).',
  lowStockThreshold: 'স্টক কমের সীমা ০ বা তার বেশি পূর্ণ সংখ্যা দিন, অথবা খালি রাখুন (Low-stock threshold: a whole number, 0 or more, or empty for the shop\'s default).',
} as const;

/** A stock change the shelf cannot take: `now` is the stock as it is, `change` the difference the form asked for. */
export function stockOutOfRangeMessage(now: number, change: number): string {
  if (now + change >= 0) return `স্টক খুব বেশি হবে: এখন ${now}টি আছে, পরিবর্তন ${change} (Stock would go above ${STOCK_MAX}: ${now} in stock now, change ${change}).`;
  return `স্টক ০-এর নিচে নামবে: এখন ${now}টি আছে, পরিবর্তন ${change} (Stock would go below 0: ${now} in stock now, change ${change}); পণ্যটি আবার খুলে দেখুন (reload the product and try again).`;
}

/**
 * A product's low-stock threshold (docs/stock-ledger.md): a whole number, or empty (blank or
 * null) for the shop's `low_stock_default`; left out, an update keeps the stored one.
 */
const lowStockThreshold = z.preprocess(
  (v) => (v === undefined ? undefined : isBlank(v) ? null : toNumber(v)),
  z.number({ error: FORM_MESSAGES.lowStockThreshold }).int(FORM_MESSAGES.lowStockThreshold).min(0, FORM_MESSAGES.lowStockThreshold).max(STOCK_MAX, FORM_MESSAGES.lowStockThreshold).nullable().optional(),
);

/** The "no offer" choice. On an update form a blank offer type keeps the stored one, so "none" removes an offer. */
export const OFFER_NONE = 'none';
export const OFFER_CHOICES = [OFFER_NONE, 'Percentage', 'Flat Discount'] as const;

const offerType = z.preprocess(
  (v) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim() : v),
  z.enum(OFFER_CHOICES, { error: 'Offer type must be none, Percentage or Flat Discount.' }).optional(),
);

/** A field of another product type, as the API serves it (empty or null): dropped; a value is refused. */
const otherType = () =>
  z
    .unknown()
    .optional()
    .refine((v) => isBlank(v), FORM_MESSAGES.otherType)
    .transform((): undefined => undefined);

/** What the product serialiser answers besides the form's own fields. */
const PRODUCT_SERVED = ['id', 'category_name', 'author_name', 'publisher_name', 'images', 'price', 'updated_at', 'created_at', 'rating_average', 'rating_count', 'preorder_available', 'preorder_taken', 'preorder_waiting'] as const;
const BOOK_ONLY = ['author', 'publisher', 'isbn', 'edition', 'language', 'country', 'total_page', 'pdf'] as const;
const GADGET_ONLY = ['model', 'brand', 'warranty'] as const;

function keysAs<K extends string, T>(keys: readonly K[], make: () => T): Record<K, T> {
  return Object.fromEntries(keys.map((k) => [k, make()])) as Record<K, T>;
}

function productShape(type: ProductType, mode: Mode) {
  const create = mode === 'create';
  const book = type === 'books';
  const req = (msg: string) => (create ? msg : undefined);
  const common = {
    ...keysAs(PRODUCT_SERVED, served),
    type: z.preprocess(toText, z.enum(PRODUCT_TYPES, { error: 'Unknown product type.' }).optional()),
    english_title: text(TEXT_MAX, req(book ? FORM_MESSAGES.bookTitleRequired : FORM_MESSAGES.productTitleRequired)),
    bangla_title: text(),
    description: text(DESCRIPTION_MAX),
    category: reference('Category', book ? req(FORM_MESSAGES.categoryRequired) : undefined),
    image: file(req(book ? FORM_MESSAGES.bookImageRequired : FORM_MESSAGES.productImageRequired)),
    alt_text: text(),
    offer_type: offerType,
    percentage: wholeNumber('Percentage', undefined, 100, FORM_MESSAGES.percentageRange),
    flat_discount: wholeNumber('Flat discount'),
    purchase_from: text(),
    purchase_price: wholeNumber('Purchase Price', req(FORM_MESSAGES.purchasePriceRequired)),
    regular_price: wholeNumber('Regular Price', req(FORM_MESSAGES.regularPriceRequired)),
    // The first version's forms send it; the server computes it from the offer, so a client cannot set its own price.
    discount_price: z.unknown().optional(),
    units_stock: wholeNumber('Units of Stock', req(FORM_MESSAGES.unitsStockRequired)),
    // The stock the form loaded (update only): the server applies units_stock − this to the stock
    // as it is now, so copies sold while the form was open stay sold. A create has nothing to compare.
    expected_units_stock: create ? served() : wholeNumber('Expected units of stock'),
    units_sold: wholeNumber('Units sold'),
    low_stock_threshold: lowStockThreshold,
    preorder: preorderField,
    is_active: z.preprocess(toBool, z.boolean({ error: 'is_active must be true or false.' }).optional()),
  };
  if (book) {
    return {
      ...common,
      ...keysAs(GADGET_ONLY, otherType),
      author: reference('Author', req(FORM_MESSAGES.authorRequired)),
      publisher: reference('Publisher', req(FORM_MESSAGES.publisherRequired)),
      isbn: text(),
      edition: text(),
      language: text(),
      country: text(),
      total_page: wholeNumber('Total pages'),
      pdf: file(),
    };
  }
  const product = { ...common, ...keysAs(BOOK_ONLY, otherType), model: text(), brand: text(), warranty: otherType() };
  return type === 'electronics' ? { ...product, warranty: text() } : product;
}

/** The add/update form of a product of one type, strict about unknown fields. */
export function productFormSchema(type: ProductType, mode: Mode) {
  return z.object(productShape(type, mode)).strict();
}

type TextKeys = 'english_title' | 'bangla_title' | 'description' | 'alt_text' | 'purchase_from' | 'isbn' | 'edition' | 'language' | 'country' | 'model' | 'brand' | 'warranty';
type NumberKeys = 'category' | 'percentage' | 'flat_discount' | 'purchase_price' | 'regular_price' | 'units_stock' | 'expected_units_stock' | 'units_sold' | 'author' | 'publisher' | 'total_page';
export type ProductForm = { [K in TextKeys]?: string | undefined } & { [K in NumberKeys]?: number | undefined } & {
  type?: ProductType | undefined;
  /** null: back to the shop's default. */
  low_stock_threshold?: number | null | undefined;
  /** null: no longer a pre-order; left out: kept (domain/preorders.ts). */
  preorder?: PreorderInput | null | undefined;
  offer_type?: (typeof OFFER_CHOICES)[number] | undefined;
  is_active?: boolean | undefined;
  image?: unknown;
  pdf?: unknown;
  discount_price?: unknown;
};

/**
 * The offer a product is saved with, from the form's values merged over the stored ones
 * (a percentage or a flat amount off): either the offer fields or per-field messages.
 */
export function resolveOffer(input: {
  regular_price: number;
  offer_type: string;
  percentage: number | undefined;
  flat_discount: number | undefined;
}): { offer: Offer } | { errors: Record<string, string[]> } {
  const type: OfferType = input.offer_type === 'Percentage' || input.offer_type === 'Flat Discount' ? input.offer_type : '';
  if (type === 'Percentage') {
    if (input.percentage === undefined) return { errors: { percentage: [FORM_MESSAGES.percentageRequired] } };
    if (input.percentage < 0 || input.percentage > 100) return { errors: { percentage: [FORM_MESSAGES.percentageRange] } };
    return { offer: applyOffer(input.regular_price, type, input.percentage) };
  }
  if (type === 'Flat Discount') {
    if (input.flat_discount === undefined) return { errors: { flat_discount: [FORM_MESSAGES.flatRequired] } };
    if (input.flat_discount >= input.regular_price) return { errors: { flat_discount: [FORM_MESSAGES.flatBelowRegular] } };
    return { offer: applyOffer(input.regular_price, type, input.flat_discount) };
  }
  return { offer: applyOffer(input.regular_price, '', 0) };
}

/** Author and publisher forms: the name is required on create; the image is optional. */
export function personFormSchema(kind: 'author' | 'publisher', mode: Mode) {
  const required = kind === 'author' ? FORM_MESSAGES.authorNameRequired : FORM_MESSAGES.publisherNameRequired;
  return z
    .object({
      id: served(),
      images: served(),
      name: text(200, mode === 'create' ? required : undefined),
      description: text(DESCRIPTION_MAX),
      alt_text: text(),
      image: file(),
    })
    .strict();
}
export type PersonForm = { name?: string | undefined; description?: string | undefined; alt_text?: string | undefined; image?: unknown };

/** `parent`: a category id; blank or null files it at the top level; left out on update keeps it. */
const parentField = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : toNumber(v)),
  z
    .union([
      z.null(),
      z
        .number({ error: 'Choose a parent category from the list.' })
        .int('Choose a parent category from the list.')
        .positive('Choose a parent category from the list.')
        .max(MAX_ID, 'Choose a parent category from the list.'),
    ])
    .optional(),
);

/** Category add and update: the name is required on both. */
export const categoryFormSchema = z
  .object({
    name: requiredText(200, FORM_MESSAGES.categoryNameRequired),
    parent: parentField,
    id: served(),
    parent_name: served(),
    children_count: served(),
    children: served(),
  })
  .strict();
export type CategoryForm = z.infer<typeof categoryFormSchema>;

export const logoFormSchema = z.object({ id: served(), images: served(), image: file(FORM_MESSAGES.logoImageRequired), alt_text: text() }).strict();

/**
 * A banner links to a web address or a page of the shop; nothing else (no `javascript:`).
 * A local path starts with one `/`: browsers read `//host`, `/\host` and `/<tab>/host` as
 * another site, so a second slash or backslash, whitespace or a control character refuse it.
 */
export function isSafeLink(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001F\u007F-\u009F]/.test(url)) return false;
  if (url.startsWith('/')) return !/^\/[/\\]/.test(url) && !url.includes('\\');
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export const bannerFormSchema = z
  .object({
    id: served(),
    images: served(),
    image: file(FORM_MESSAGES.bannerImageRequired),
    alt_text: text(),
    url: z.preprocess(toText, z.string().max(2000, FORM_MESSAGES.bannerUrl).refine(isSafeLink, FORM_MESSAGES.bannerUrl).optional()),
  })
  .strict();
