/**
 * A product as the API shows it, and the query that reads it: the products table's columns,
 * joined to the names of its category, author and publisher, shaped into the API's product
 * object (purchase prices for admins only). Every read of products answers in this shape.
 */
import type { Kysely } from 'kysely';
import type { DB, Product } from '../db/schema';
import type { PackedKind } from '../db/packed-rows';
import type { FileStorage } from '../media/storage';
import { imageUrls } from '../media/images';
import { unitPrice } from '../../domain/prices';
import { ratingAverage } from '../../domain/reviews';
import { preorderAvailable, stockOnSale } from '../../domain/preorders';

export const PRODUCT_ORDERINGS = ['-updated_at', '-units_stock', 'regular_price', '-regular_price', 'name', '-id'] as const;
export type ProductOrdering = (typeof PRODUCT_ORDERINGS)[number];

/** A page of a list and how many there are in all. */
export interface Listed<T> {
  count: number;
  results: T[];
}

export type ProductRow = Product & {
  category_name: string | null;
  author_name: string | null;
  publisher_name: string | null;
};

/** The products table's columns, in the table's order (reads.test.ts checks them against both databases). */
export const PRODUCT_COLUMNS = [
  'id', 'type', 'english_title', 'bangla_title', 'description', 'category_id', 'author_id', 'publisher_id', 'image', 'alt_text', 'pdf',
  'isbn', 'edition', 'language', 'country', 'total_page', 'model', 'brand', 'warranty', 'offer_type', 'percentage', 'flat_discount',
  'purchase_from', 'purchase_price', 'regular_price', 'discount_price', 'units_stock', 'units_sold', 'is_active', 'created_at', 'updated_at',
  'rating_count', 'rating_sum', 'low_stock_threshold', 'isbn_key', 'preorder_release_date', 'preorder_limit', 'preorder_taken', 'preorder_waiting',
] as const satisfies readonly (keyof Product)[];

/** How a page packs and reads each column (server/db/packed-rows.ts); reads.test.ts checks them against both databases. */
export const PRODUCT_COLUMN_KINDS: Record<(typeof PRODUCT_COLUMNS)[number], PackedKind> = {
  id: 'int', type: 'text', english_title: 'text', bangla_title: 'text', description: 'text', category_id: 'int?', author_id: 'int?', publisher_id: 'int?',
  image: 'text?', alt_text: 'text', pdf: 'text?', isbn: 'text', edition: 'text', language: 'text', country: 'text', total_page: 'int?', model: 'text',
  brand: 'text', warranty: 'text', offer_type: 'text', percentage: 'int', flat_discount: 'int', purchase_from: 'text', purchase_price: 'int',
  regular_price: 'int', discount_price: 'int', units_stock: 'int', units_sold: 'int', is_active: 'int', created_at: 'time', updated_at: 'time',
  rating_count: 'int', rating_sum: 'int', low_stock_threshold: 'int?', isbn_key: 'text?', preorder_release_date: 'text?', preorder_limit: 'int?',
  preorder_taken: 'int', preorder_waiting: 'int',
};

/** Products joined to their category, author and publisher, nothing selected yet. */
export function productJoins(db: Kysely<DB>) {
  return db
    .selectFrom('products')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .leftJoin('authors', 'authors.id', 'products.author_id')
    .leftJoin('publishers', 'publishers.id', 'products.publisher_id');
}

/** Products with the names of their category, author and publisher joined in. */
export function productQuery(db: Kysely<DB>) {
  return productJoins(db)
    .selectAll('products')
    .select(['categories.name as category_name', 'authors.name as author_name', 'publishers.name as publisher_name']);
}

/** The product's descriptive fields, as stored: the same in its API answer and its CSV row (bulk-export.ts). */
export function productDetails(row: ProductRow) {
  return {
    isbn: row.isbn,
    edition: row.edition,
    language: row.language,
    country: row.country,
    total_page: row.total_page,
    model: row.model,
    brand: row.brand,
    warranty: row.warranty,
    offer_type: row.offer_type,
    percentage: row.percentage,
    flat_discount: row.flat_discount,
  };
}

export function toApiProduct(row: ProductRow, storage: FileStorage, opts: { admin?: boolean } = {}) {
  const images = imageUrls(storage, row.image);
  return {
    id: row.id,
    type: row.type,
    english_title: row.english_title,
    bangla_title: row.bangla_title,
    description: row.description,
    category: row.category_id,
    category_name: row.category_name,
    author: row.author_id,
    author_name: row.author_name,
    publisher: row.publisher_id,
    publisher_name: row.publisher_name,
    image: images?.detail ?? null,
    images,
    alt_text: row.alt_text || row.english_title,
    pdf: row.pdf ? storage.url(row.pdf) : null,
    ...productDetails(row),
    // What the shop paid and when it restocks are the shop's business: only admins see them (null threshold: the shop's default).
    ...(opts.admin ? { purchase_from: row.purchase_from, purchase_price: row.purchase_price, low_stock_threshold: row.low_stock_threshold } : {}),
    regular_price: row.regular_price,
    discount_price: row.discount_price,
    price: unitPrice(row),
    // Shoppers see the units they can buy: stock promised to waiting pre-orders is not on sale (staff see the shelf).
    units_stock: opts.admin ? row.units_stock : stockOnSale(row),
    units_sold: row.units_sold,
    // A pre-order (docs/preorders.md): sells with no stock while units are left; staff also see what is taken and waiting.
    preorder: row.preorder_release_date ? { release_date: row.preorder_release_date, limit: row.preorder_limit ?? 0 } : null,
    preorder_available: row.preorder_release_date ? preorderAvailable(row) : null,
    ...(opts.admin ? { preorder_taken: row.preorder_taken, preorder_waiting: row.preorder_waiting } : {}),
    is_active: row.is_active === 1,
    updated_at: row.updated_at,
    // Visible reviews (ratings.ts): the average to one decimal, null before the first.
    rating_average: ratingAverage(Number(row.rating_count), Number(row.rating_sum)),
    rating_count: Number(row.rating_count),
  };
}

export type ApiProduct = ReturnType<typeof toApiProduct>;
