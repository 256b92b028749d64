/**
 * The product page's reviews: the average in stars and the count, the newest reviews first with
 * "verified purchase", paged by links (`?reviews=N`), and for a customer who received the
 * product a form to write, edit or delete their review. The form posts to the product page's
 * action, so it works without JavaScript too. No zod here: the schema runs in the action.
 */
import { Form, useActionData, useNavigation } from 'react-router';
import { toBengaliDigits, useLang, useT } from '../lib/i18n';
import { Pager } from './pager';
import type { ProductReviewsData, ReviewFormError } from '../routes/store/reviews.server';

/** domain/reviews' REVIEW_TEXT_MAX (that module carries zod, which store pages do not load). */
const TEXT_MAX = 2000;

export function Stars({ value, className = '' }: { value: number; className?: string }) {
  const full = Math.min(5, Math.max(0, Math.round(value)));
  return (
    <span aria-hidden="true" className={`tracking-tight text-amber-500 ${className}`}>
      {'★'.repeat(full)}
      <span className="text-stone-300">{'★'.repeat(5 - full)}</span>
    </span>
  );
}

function ReviewForm({ mine, error }: { mine: ProductReviewsData['mine']; error: ReviewFormError | undefined }) {
  const t = useT();
  const lang = useLang();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const n = (v: number) => (lang === 'bn' ? toBengaliDigits(v) : String(v));
  const fieldError = (name: string) => error?.errors?.[name]?.[0];
  return (
    <div className="mt-4 rounded-lg border border-stone-200 bg-stone-50 p-4" data-testid="review-form">
      <h3 className="font-semibold">{mine ? t('আপনার রিভিউ', 'Your review') : t('রিভিউ লিখুন', 'Write a review')}</h3>
      {mine?.hidden && (
        <p className="mt-1 text-sm text-amber-800" data-testid="review-hidden-note">
          {t('আপনার রিভিউটি দোকান লুকিয়ে রেখেছে; এটি অন্যরা দেখতে পান না।', 'The shop has hidden your review; others do not see it.')}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-900" data-testid="review-error">
          {error.message}
        </p>
      )}
      <Form method="post" preventScrollReset className="mt-2 space-y-3">
        <fieldset>
          <legend className="text-sm font-medium">{t('রেটিং', 'Rating')}</legend>
          <div className="mt-1 flex flex-wrap gap-1">
            {[1, 2, 3, 4, 5].map((v) => (
              <label key={v} className="flex min-h-11 cursor-pointer items-center gap-1 rounded border border-stone-300 bg-white px-3 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50">
                <input type="radio" name="rating" value={v} defaultChecked={mine?.rating === v} required data-testid={`review-rating-${v}`} />
                <span>
                  {n(v)} <span className="text-amber-500">★</span>
                </span>
              </label>
            ))}
          </div>
          {fieldError('rating') && <p className="mt-1 text-sm text-red-700">{fieldError('rating')}</p>}
        </fieldset>
        <label className="block text-sm font-medium">
          {t('আপনার মতামত (ঐচ্ছিক)', 'Your words (optional)')}
          <textarea
            name="text"
            rows={4}
            maxLength={TEXT_MAX}
            defaultValue={mine?.text ?? ''}
            className="mt-1 block w-full rounded border border-stone-300 p-2 font-normal"
            data-testid="review-text"
          />
        </label>
        {fieldError('text') && <p className="text-sm text-red-700">{fieldError('text')}</p>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="review-save" className="btn-lg" disabled={busy} data-testid="review-submit">
            {mine ? t('রিভিউ আপডেট করুন', 'Update review') : t('রিভিউ দিন', 'Post review')}
          </button>
          {mine && (
            <button type="submit" name="intent" value="review-delete" formNoValidate className="btn-line" disabled={busy} data-testid="review-delete">
              {t('রিভিউ মুছুন', 'Delete review')}
            </button>
          )}
        </div>
      </Form>
    </div>
  );
}

export function ProductReviews({ data: d, loginHref }: { data: ProductReviewsData; loginHref: string }) {
  const t = useT();
  // A refused post comes back as the page's action data (the product page's action, reviews.server.ts).
  const error = (useActionData() as { review?: ReviewFormError } | undefined)?.review;
  const lang = useLang();
  const n = (v: number | string) => (lang === 'bn' ? toBengaliDigits(v) : String(v));
  return (
    <section id="reviews" className="mt-8" aria-labelledby="reviews-title" data-testid="product-reviews">
      <h2 id="reviews-title" className="border-b-2 border-brand pb-1 text-lg font-bold">
        {t('রিভিউ ও রেটিং', 'Reviews and ratings')}
      </h2>
      {d.average !== null && d.ratings > 0 ? (
        <p className="mt-3 flex flex-wrap items-center gap-2" data-testid="rating-summary" data-average={d.average} data-count={d.ratings}>
          <Stars value={d.average} className="text-xl" />
          <span className="text-lg font-bold">{n(d.average.toFixed(1))}</span>
          <span className="text-sm text-stone-600">
            {t(`৫-এর মধ্যে · ${n(d.ratings)}টি রেটিং`, `out of 5 · ${d.ratings} rating${d.ratings === 1 ? '' : 's'}`)}
          </span>
        </p>
      ) : (
        <p className="mt-3 text-sm text-stone-600" data-testid="rating-summary">
          {t('এখনও কোন রিভিউ নেই।', 'No reviews yet.')}
        </p>
      )}
      {d.done && (
        <p role="status" className="mt-2 rounded border border-green-200 bg-green-50 p-2 text-sm text-green-900" data-testid="review-done">
          {d.done === 'saved' ? t('আপনার রিভিউ সংরক্ষণ করা হয়েছে। ধন্যবাদ!', 'Your review is saved. Thank you!') : t('আপনার রিভিউ মুছে ফেলা হয়েছে।', 'Your review is deleted.')}
        </p>
      )}

      {d.canReview || d.mine ? (
        <ReviewForm key={d.mine ? `${d.mine.rating}:${d.mine.text}` : 'new'} mine={d.mine} error={error} />
      ) : d.signedIn ? (
        <p className="mt-3 text-sm text-stone-600">{t('প্রোডাক্টটি কিনে ডেলিভারি পাওয়ার পর রিভিউ দিতে পারবেন।', 'You can review this product once it has been delivered to you.')}</p>
      ) : (
        <p className="mt-3 text-sm">
          <a href={loginHref} className="text-brand underline">
            {t('রিভিউ দিতে সাইন ইন করুন', 'Sign in to write a review')}
          </a>
        </p>
      )}

      {d.results.length > 0 && (
        <ul className="mt-4 divide-y divide-stone-100" data-testid="review-list">
          {d.results.map((r) => (
            <li key={r.id} className="py-3" data-testid="review" data-review-id={r.id}>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Stars value={r.rating} />
                <span className="sr-only">{t(`৫-এর মধ্যে ${n(r.rating)}`, `${r.rating} out of 5`)}</span>
                <span className="font-semibold">{r.name || t('ক্রেতা', 'Customer')}</span>
                {r.verified && (
                  <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-800" data-testid="review-verified">
                    ✓ {t('যাচাইকৃত ক্রেতা', 'Verified purchase')}
                  </span>
                )}
                <span className="text-xs text-stone-500">{r.when}</span>
              </div>
              {r.text && <p className="mt-1 whitespace-pre-line text-sm leading-relaxed">{r.text}</p>}
            </li>
          ))}
        </ul>
      )}
      <Pager page={d.page} count={d.count} size={d.size} pageKey="reviews" />
    </section>
  );
}
