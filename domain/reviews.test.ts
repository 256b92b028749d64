import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, REVIEW_TEXT_MAX, adminReviewQuery, ratingAverage, reviewModerationSchema, reviewSchema } from './reviews';

describe('review form', () => {
  it('takes a rating of 1 to 5, as a number or as a form sends it', () => {
    expect(reviewSchema.parse({ rating: 4, text: '  ভালো বই  ' })).toEqual({ rating: 4, text: 'ভালো বই' });
    expect(reviewSchema.parse({ rating: '5' })).toEqual({ rating: 5, text: '' });
    expect(reviewSchema.parse({ rating: 1, text: null })).toEqual({ rating: 1, text: '' });
  });

  it('refuses a rating outside 1–5 or not whole, with the Bengali message on rating', () => {
    for (const rating of [0, 6, 4.5, '4.5', '', 'five', null, undefined, true]) {
      const result = reviewSchema.safeParse({ rating, text: '' });
      expect(result.success, String(rating)).toBe(false);
      expect(result.error!.issues[0]).toMatchObject({ path: ['rating'], message: REVIEW_MESSAGES.rating });
    }
  });

  it('counts the text after trimming, in characters as shown (a Bengali conjunct is several)', () => {
    const max = 'ক'.repeat(REVIEW_TEXT_MAX);
    expect(reviewSchema.parse({ rating: 3, text: `  ${max}\n` }).text).toBe(max);
    const long = reviewSchema.safeParse({ rating: 3, text: `${max}খ` });
    expect(long.error!.issues[0]).toMatchObject({ path: ['text'], message: REVIEW_MESSAGES.textLong });
    // An emoji is one character to the shopper, two UTF-16 units.
    expect(reviewSchema.safeParse({ rating: 3, text: '😀'.repeat(REVIEW_TEXT_MAX) }).success).toBe(true);
  });

  it('refuses control and direction-override characters, keeps line breaks', () => {
    expect(reviewSchema.safeParse({ rating: 3, text: 'a\u0000b' }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: 3, text: 'a\u202Eb' }).success).toBe(false);
    expect(reviewSchema.parse({ rating: 3, text: 'line one\r\nline two' }).text).toBe('line one\nline two');
    expect(reviewSchema.safeParse({ rating: 3, text: 42 }).success).toBe(false);
  });

  it('moderation takes only {hidden: bool}; the admin list reads product and hidden', () => {
    expect(reviewModerationSchema.parse({ hidden: true })).toEqual({ hidden: true });
    expect(reviewModerationSchema.safeParse({ hidden: 'yes' }).success).toBe(false);
    expect(reviewModerationSchema.safeParse({ hidden: false, rating: 5 }).success).toBe(false);
    expect(adminReviewQuery.parse({ page: '2', product: '7', hidden: 'true' })).toEqual({ page: 2, product: 7, hidden: true });
  });
});

describe('rating figures', () => {
  it('averages to one decimal, half up, null for no ratings', () => {
    expect(ratingAverage(0, 0)).toBeNull();
    expect(ratingAverage(1, 4)).toBe(4);
    expect(ratingAverage(3, 13)).toBe(4.3);
    expect(ratingAverage(20, 89)).toBe(4.5); // 4.45: a float would give 4.4
    expect(ratingAverage(3, 14)).toBe(4.7);
    expect(ratingAverage(7, 35)).toBe(5);
  });
});
