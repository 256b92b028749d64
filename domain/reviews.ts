/**
 * Reviews and ratings: the form's schema (the API and the product page's form read a review with
 * it), the back office's filters, and the rating figures a product shows. Only a customer who
 * bought a product (a Delivered order holds it) may review it; that check is the server's.
 */
import { z } from 'zod';
import { flagSchema, idSchema, pageQuery, unsafeTextProblem } from './queries';

export const REVIEW_TEXT_MAX = 2000;
export const REVIEWS_PAGE_SIZE = 10;

export const REVIEW_MESSAGES = {
  rating: '১ থেকে ৫-এর মধ্যে একটি রেটিং দিন। (Choose a rating from 1 to 5.)',
  textLong: 'রিভিউ সর্বোচ্চ ২০০০ অক্ষরের হতে পারে। (A review is at most 2000 characters.)',
  textUnsafe: 'রিভিউতে অচল অক্ষর আছে। (The review holds characters that cannot be stored.)',
  notBuyer: 'শুধু যাঁরা এই প্রোডাক্টটি কিনে ডেলিভারি পেয়েছেন তাঁরাই রিভিউ দিতে পারেন। (Only customers who received this product can review it.)',
  already: 'আপনি এই প্রোডাক্টের রিভিউ আগেই দিয়েছেন; সেটি এডিট করুন। (You have already reviewed this product; edit your review.)',
  noReview: 'আপনার কোন রিভিউ পাওয়া যায়নি। (You have not reviewed this product.)',
  notFound: 'রিভিউটি পাওয়া যায়নি। (Review not found.)',
  productNotFound: 'প্রোডাক্টটি পাওয়া যায়নি। (Product not found.)',
} as const;

/** A star rating, 1–5; a form sends it as text ("4"), JSON as a number. */
const ratingSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,2}\s*$/.test(v) ? Number(v) : v),
  z.number({ message: REVIEW_MESSAGES.rating }).int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(5, REVIEW_MESSAGES.rating),
);

/** The review's words: optional, trimmed, at most REVIEW_TEXT_MAX characters (counted as the shopper sees them). */
const reviewTextSchema = z
  .string({ message: REVIEW_MESSAGES.textLong })
  .transform((v) => v.replace(/\r\n/g, '\n').trim())
  .superRefine((v, ctx) => {
    if ([...v].length > REVIEW_TEXT_MAX) ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.textLong });
    else if (unsafeTextProblem(v)) ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.textUnsafe });
  });

/** What a customer writes: `{rating, text?}`. `text` null or missing is no words. */
export const reviewSchema = z.object({
  rating: ratingSchema,
  text: z.preprocess((v) => (v === null || v === undefined ? '' : v), reviewTextSchema),
});

/** An admin hides or shows a review: `{hidden: bool}`. */
export const reviewModerationSchema = z.object({ hidden: z.boolean({ message: 'hidden must be true or false.' }) }).strict();

/** `GET /api/review/?page=&product=&hidden=` (the back office's list). */
export const adminReviewQuery = pageQuery.extend({ product: idSchema.optional(), hidden: flagSchema.optional() });

/** The average shown for `count` ratings adding up to `sum`: one decimal (4.45 → 4.5), null when nobody rated. */
export function ratingAverage(count: number, sum: number): number | null {
  if (!(count > 0)) return null;
  // Integer arithmetic before the one division, so 89/20 is 4.5 and not 4.4 by a float's error.
  return Math.round((sum * 10) / count) / 10;
}
