/** The product object of the API (spec §3 plus decisions §2's read-only fields). */
import type { Product } from '../db/schema';
import type { FileStorage } from '../media/storage';
import { imageUrls } from '../media/images';
import { unitPrice } from '../../domain/prices';

export type ProductRow = Product & {
  category_name: string | null;
  author_name: string | null;
  publisher_name: string | null;
};

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
    // What the shop paid is the shop's business: only admins see it.
    ...(opts.admin ? { purchase_from: row.purchase_from, purchase_price: row.purchase_price } : {}),
    regular_price: row.regular_price,
    discount_price: row.discount_price,
    price: unitPrice(row),
    units_stock: row.units_stock,
    units_sold: row.units_sold,
    is_active: row.is_active === 1,
    updated_at: row.updated_at,
  };
}

export type ApiProduct = ReturnType<typeof toApiProduct>;

export function toApiPerson(row: { id: number; name: string; description: string; image: string | null; alt_text: string }, storage: FileStorage) {
  const images = imageUrls(storage, row.image);
  return { id: row.id, name: row.name, description: row.description, image: images?.card ?? null, images, alt_text: row.alt_text || row.name };
}

export type ApiPerson = ReturnType<typeof toApiPerson>;
