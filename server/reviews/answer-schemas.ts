/** What the review routes answer, in zod for the OpenAPI document (service.ts toApi and toOwn). */
import { z } from 'zod';
import { pageOf } from '../http/answer-schemas';

const reviewShape = {
  id: z.int().min(1),
  rating: z.int().min(1).max(5),
  text: z.string(),
  name: z.string().describe("The reviewer's name"),
  verified: z.boolean().describe('The reviewer received the product'),
  created_at: z.string(),
};
export const reviewAnswer = z.object(reviewShape).strict().meta({ id: 'Review' });
/** The reviewer's own review: hidden or not. */
export const ownReviewAnswer = z.object({ ...reviewShape, hidden: z.boolean(), updated_at: z.string() }).strict();

/** A product's visible reviews, with its figures. */
export const reviewPage = pageOf(reviewAnswer).extend({ rating_average: z.number().nullable(), rating_count: z.int() });
export const mineAnswer = z.object({ review: ownReviewAnswer.nullable(), can_review: z.boolean() });
