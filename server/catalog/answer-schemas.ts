/**
 * What the catalogue's reads answer, in zod for the OpenAPI document: the product of
 * api-product.ts toApiProduct, the authors and publishers of people.ts, the categories of
 * categories.ts, the logos and banners of showcase.ts and the search's suggestions. The
 * answer-validation test (http/openapi-answers.test.ts) checks real answers against them.
 */
import { z } from 'zod';
import { PRODUCT_TYPES } from '../../domain/catalog';
import { pageOf } from '../http/answer-schemas';

const id = z.int().min(1);
const ref = id.nullable();
/** An uploaded image's WebP sizes (media/images.ts imageUrls), null without an image. */
const images = z.object({ thumb: z.string(), card: z.string(), detail: z.string() }).strict().nullable();

export const productAnswer = z
  .object({
    id,
    type: z.enum(PRODUCT_TYPES),
    english_title: z.string(),
    bangla_title: z.string(),
    description: z.string(),
    category: ref,
    category_name: z.string().nullable(),
    author: ref,
    author_name: z.string().nullable(),
    publisher: ref,
    publisher_name: z.string().nullable(),
    image: z.string().nullable().describe('The detail-size image'),
    images,
    alt_text: z.string(),
    pdf: z.string().nullable().describe("A sample's address"),
    isbn: z.string(),
    edition: z.string(),
    language: z.string(),
    country: z.string(),
    total_page: z.int().nullable(),
    model: z.string(),
    brand: z.string(),
    warranty: z.string(),
    offer_type: z.string(),
    percentage: z.int(),
    flat_discount: z.int(),
    purchase_from: z.string().optional().describe('Staff only'),
    purchase_price: z.int().optional().describe('Staff only'),
    low_stock_threshold: z.int().nullable().optional().describe("Staff only; null: the shop's default"),
    regular_price: z.int(),
    discount_price: z.int(),
    price: z.int().describe('What one unit costs now, in taka'),
    units_stock: z.int().describe('Units on sale (staff: on the shelf)'),
    units_sold: z.int(),
    preorder: z.object({ release_date: z.string(), limit: z.int() }).strict().nullable(),
    preorder_available: z.int().nullable(),
    preorder_taken: z.int().optional().describe('Staff only'),
    preorder_waiting: z.int().optional().describe('Staff only'),
    is_active: z.boolean(),
    updated_at: z.string(),
    rating_average: z.number().nullable().describe('Visible reviews, to one decimal; null before the first'),
    rating_count: z.int(),
  })
  .strict()
  .meta({ id: 'Product', description: 'A product as the API shows it (prices in taka).' });

/** A page of products; a search that stopped counting says so (`count_capped`). */
export const productPage = pageOf(productAnswer).extend({ count_capped: z.literal(true).optional().describe('The count stopped at its limit ("10,000+")') });
/** A shelf: a plain array, or the page when `page` is asked for. */
export const productShelf = z.union([z.array(productAnswer), productPage]);

export const relatedAnswer = z.object({ by_author: z.array(productAnswer), in_category: z.array(productAnswer), bought_together: z.array(productAnswer) }).strict();

export const personAnswer = z
  .object({ id, name: z.string(), description: z.string(), image: z.string().nullable(), images, alt_text: z.string() })
  .strict()
  .meta({ id: 'Person', description: 'An author or a publisher.' });

export const categoryAnswer = z
  .object({ id, name: z.string(), parent: ref, parent_name: z.string().nullable(), children_count: z.int().min(0) })
  .strict()
  .meta({ id: 'Category' });

const logoShape = { id, image: z.string().nullable(), images, alt_text: z.string() };
export const logoAnswer = z.object(logoShape).strict().meta({ id: 'Logo' });
export const bannerAnswer = z.object({ ...logoShape, url: z.string() }).strict().meta({ id: 'Banner' });

export const suggestAnswer = z.object({
  results: z.array(z.object({ kind: z.enum(['product', 'author', 'publisher', 'category']), id, title: z.string(), url: z.string().describe("The storefront page's path") }).strict()),
});
