/**
 * The product page's reviews: what its loader shows (a page of visible reviews, `?reviews=N`,
 * and the signed-in customer's own review and whether they may write one) and its action (the
 * review form posts to the product page itself, so it works without JavaScript: save or delete,
 * then back to the page). The reviews service checks everything again; its refusals come back
 * as the form's messages.
 */
import { data, redirect, type AppLoadContext } from 'react-router';
import { ZodError, z } from 'zod';
import { asHttpError, firstMessage, zodFieldErrors, type FieldErrors } from '../../../server/http/errors';
import { langFromCookie, type Lang } from '../../lib/i18n';
import { REVIEWS_PAGE_SIZE } from '../../../domain/reviews';
import { lenientQuery, pageQuery, toPage } from '../../../domain/queries';

const reviewsPageQuery = z.object({ reviews: pageQuery.shape.page });

/**
 * The form's words and the notes around it, in the page's language. They travel in the loader's
 * data, and only to the few who see them, instead of in every visitor's script (the book page's
 * JavaScript budget, e2e/page-weight).
 */
function formTexts(lang: Lang) {
  const t = (bn: string, en: string) => (lang === 'en' ? en : bn);
  return {
    write: t('রিভিউ লিখুন', 'Write a review'),
    yours: t('আপনার রিভিউ', 'Your review'),
    hidden: t('দোকান আপনার রিভিউটি লুকিয়ে রেখেছে; অন্যরা এটি দেখতে পান না।', 'The shop has hidden your review; others do not see it.'),
    rating: t('রেটিং', 'Rating'),
    words: t('আপনার মতামত (ঐচ্ছিক)', 'Your words (optional)'),
    post: t('রিভিউ দিন', 'Post review'),
    update: t('রিভিউ আপডেট করুন', 'Update review'),
    remove: t('রিভিউ মুছুন', 'Delete review'),
    saved: t('আপনার রিভিউ সংরক্ষণ করা হয়েছে। ধন্যবাদ!', 'Your review is saved. Thank you!'),
    deleted: t('আপনার রিভিউ মুছে ফেলা হয়েছে।', 'Your review is deleted.'),
  };
}
export type ReviewFormTexts = ReturnType<typeof formTexts>;

export async function productReviews(context: AppLoadContext, request: Request, productId: number) {
  const url = new URL(request.url);
  const page = toPage({ page: lenientQuery(reviewsPageQuery, url).reviews }, REVIEWS_PAGE_SIZE);
  const { reviews } = context.services;
  const user = context.user;
  const [list, mine, canReview] = await Promise.all([
    reviews.list(productId, page),
    user ? reviews.mine(user, productId) : null,
    user ? reviews.canReview(user, productId) : false,
  ]);
  // Dates in the shop's time zone, formatted here so the server and the browser agree.
  const lang = langFromCookie(request.headers.get('cookie'));
  const format = new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'medium', timeZone: 'Asia/Dhaka' });
  const when = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : format.format(d);
  };
  const asked = url.searchParams.get('review');
  const done: 'saved' | 'deleted' | null = asked === 'saved' || asked === 'deleted' ? asked : null;
  const t = (bn: string, en: string) => (lang === 'en' ? en : bn);
  return {
    page: page.page,
    size: page.size,
    count: list?.count ?? 0,
    results: (list?.results ?? []).map((r) => ({ ...r, when: when(r.created_at) })),
    average: list?.rating_average ?? null,
    ratings: list?.rating_count ?? 0,
    signedIn: !!user,
    canReview,
    mine: mine ? { rating: mine.rating, text: mine.text, hidden: mine.hidden } : null,
    done,
    texts: canReview || mine ? formTexts(lang) : null,
    // Instead of the form: why there is none.
    note:
      canReview || mine
        ? null
        : user
          ? t('প্রোডাক্টটি কিনে ডেলিভারি পাওয়ার পর রিভিউ দিতে পারবেন।', 'You can review this product once it has been delivered to you.')
          : t('রিভিউ দিতে সাইন ইন করুন', 'Sign in to write a review'),
  };
}

export type ProductReviewsData = Awaited<ReturnType<typeof productReviews>>;

/** Whether a post to the product page is the review form's (read from a copy, so another form's action can still read the body). */
export async function isReviewPost(request: Request): Promise<boolean> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get('intent');
  return intent === 'review-save' || intent === 'review-delete';
}

/** What the form shows after a refused post (under `review` in the action's data): the message and the per-field messages. */
export interface ReviewFormError {
  message: string;
  errors?: FieldErrors | undefined;
}

/** The review form's post: `intent` review-save (create or edit) or review-delete; then back to the page's reviews. */
export async function reviewAction(context: AppLoadContext, request: Request, productId: number) {
  const url = new URL(request.url);
  const back = `${url.pathname}`;
  const user = context.user;
  if (!user) throw redirect(`/login?next=${encodeURIComponent(back)}`);
  const form = await request.formData();
  const intent = form.get('intent');
  const { reviews } = context.services;
  try {
    if (intent === 'review-delete') {
      await reviews.remove(user, productId);
      return redirect(`${back}?review=deleted#reviews`);
    }
    const payload = { rating: form.get('rating') ?? undefined, text: form.get('text') ?? '' };
    if (await reviews.mine(user, productId)) await reviews.update(user, productId, payload);
    else await reviews.create(user, productId, payload);
    return redirect(`${back}?review=saved#reviews`);
  } catch (error) {
    if (error instanceof ZodError) {
      const errors = zodFieldErrors(error);
      return data<{ review: ReviewFormError }>({ review: { message: firstMessage(errors), errors } }, { status: 400 });
    }
    const http = asHttpError(error);
    if (http) return data<{ review: ReviewFormError }>({ review: { message: http.message, errors: http.errors } }, { status: http.statusCode });
    throw error;
  }
}
