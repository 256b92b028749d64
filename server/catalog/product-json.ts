/**
 * Lists of products as JSON text, written by a serializer compiled for the product object
 * (fast-json-stringify, which Fastify itself uses for response schemas). For a page of 20 it
 * takes about half the time of JSON.stringify (12–15 against 25 µs), which is a tenth of an
 * uncached list page's time in the server.
 *
 * Every field of `toApiProduct` is listed in its order with every type it can take, so the text
 * is the very text JSON.stringify writes (product-json.test.ts compares them for every kind of
 * product). A field added to the product and not listed here is still written
 * (additionalProperties), after the listed ones.
 */
import fastJson from 'fast-json-stringify';
import type { ApiProduct } from './products';

const text = { type: ['string', 'null'] };
const number = { type: ['number', 'null'] };
const flag = { type: ['boolean', 'null'] };
const images = { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: { type: 'string' } }] };

/** The product object's fields in `toApiProduct`'s order. */
const PRODUCT_FIELDS: Record<keyof ApiProduct, object> = {
  id: number,
  type: text,
  english_title: text,
  bangla_title: text,
  description: text,
  category: number,
  category_name: text,
  author: number,
  author_name: text,
  publisher: number,
  publisher_name: text,
  image: text,
  images,
  alt_text: text,
  pdf: text,
  isbn: text,
  edition: text,
  language: text,
  country: text,
  total_page: number,
  model: text,
  brand: text,
  warranty: text,
  offer_type: text,
  percentage: number,
  flat_discount: number,
  purchase_from: text,
  purchase_price: number,
  regular_price: number,
  discount_price: number,
  price: number,
  units_stock: number,
  units_sold: number,
  is_active: flag,
  updated_at: text,
  rating_average: number,
  rating_count: number,
};

const product = { type: 'object', properties: PRODUCT_FIELDS, additionalProperties: true };
const products = { type: 'array', items: product };
// The schemas are JSON Schema, which fast-json-stringify's own types spell narrower than this.
type Schema = Parameters<typeof fastJson>[0];
const writeArray = fastJson(products as Schema);
const writeEnvelope = fastJson({
  type: 'object',
  properties: { count: { type: 'integer' }, next: text, previous: text, results: products, count_capped: { type: 'boolean' } },
  additionalProperties: true,
} as Schema);

/** A list of products (an array) or the list envelope around them, as JSON. */
export function productListJson(value: unknown): string {
  return Array.isArray(value) ? writeArray(value) : writeEnvelope(value);
}
