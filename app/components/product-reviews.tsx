/**
 * The product page's reviews: the average in stars and the count, the newest reviews first with
 * "verified purchase", paged by links (`?reviews=N`), and for a customer who received the
 * product a form to write, edit or delete their review (posting to the product page's action,
 * so it works without JavaScript).
 */
import { Form, useActionData } from 'react-router';
import { toBengaliDigits, useLang, useT } from '../lib/i18n';
import { Pager } from './pager';
import type { ProductReviewsData, ReviewFormError, ReviewFormTexts } from '../routes/store/reviews.server';

/** domain/reviews' REVIEW_TEXT_MAX (that module carries zod, which store pages do not load). */
const TEXT_MAX = 2000;

/** ★★★★☆, read out as "4/5". */
function Stars({ value, className = '' }: { value: number; className?: string }) {
  const full = Math.min(5, Math.max(0, Math.round(value)));
  return (
    <span role="img" aria-label={`${value}/5`} className={`text-amber-500 ${className}`}>
      {'★'.repeat(full) + '☆'.repeat(5 - full)}
    </span>
  );
}

function ReviewForm({ mine, texts: x, error }: { mine: ProductReviewsData['mine']; texts: ReviewFormTexts; error: ReviewFormError | undefined }) {
  const lang = useLang();
  const fieldError = (name: string) => error?.errors?.[name]?.[0];
  return (
    <div className="mt-4 rounded-lg border border-stone-200 bg-stone-50 p-4" data-testid="review-form">
      <h3 className="font-semibold">{mine ? x.yours : x.write}</h3>
      {mine?.hidden && (
        <p className="mt-1 text-sm text-amber-800" data-testid="review-hidden-note">
          {x.hidden}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-900" data-testid="review-error">
          {error.message}
        </p>
      )}
      <Form method="post" preventScrollReset className="mt-2 space-y-3">
        <fieldset>
          <legend className="text-sm font-medium">{x.rating}</legend>
          <div className="mt-1 flex flex-wrap gap-1">
            {[1, 2, 3, 4, 5].map((v) => (
              <label key={v} className="flex min-h-11 items-center gap-1 rounded border border-stone-300 bg-white px-3 has-[:checked]:border-amber-500">
                <input type="radio" name="rating" value={v} defaultChecked={mine?.rating === v} required data-testid={`review-rating-${v}`} />
                {lang === 'bn' ? toBengaliDigits(v) : v} ★
              </label>
            ))}
          </div>
          {fieldError('rating') && <p className="mt-1 text-sm text-red-700">{fieldError('rating')}</p>}
        </fieldset>
        <label className="block text-sm font-medium">
          {x.words}
          <textarea
            name="text"
            rows={4}
            maxLength={TEXT_MAX}
            defaultValue={mine?.text ?? ''}
            className="mt-1 block w-full rounded border border-stone-300 p-2"
            data-testid="review-text"
          />
        </label>
        {fieldError('text') && <p className="text-sm text-red-700">{fieldError('text')}</p>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="review-save" className="btn-lg" data-testid="review-submit">
            {mine ? x.update : x.post}
          </button>
          {mine && (
            <button type="submit" name="intent" value="review-delete" formNoValidate className="btn-line" data-testid="review-delete">
              {x.remove}
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
          <span className="text-sm text-stone-600">({n(d.ratings)})</span>
        </p>
      ) : (
        <p className="mt-3 text-sm text-stone-600" data-testid="rating-summary">
          {t('এখনও কোন রিভিউ নেই।', 'No reviews yet.')}
        </p>
      )}
      {d.done && d.texts && (
        <p role="status" className="mt-2 rounded border border-green-200 bg-green-50 p-2 text-sm text-green-900" data-testid="review-done">
          {d.texts[d.done]}
        </p>
      )}

      {d.texts ? (
        <ReviewForm key={d.mine ? `${d.mine.rating}:${d.mine.text}` : 'new'} mine={d.mine} texts={d.texts} error={error} />
      ) : (
        <p className="mt-3 text-sm">
          {d.signedIn ? (
            d.note
          ) : (
            <a href={loginHref} className="text-brand underline">
              {d.note}
            </a>
          )}
        </p>
      )}

      {d.results.length > 0 && (
        <ul className="mt-4 divide-y divide-stone-100" data-testid="review-list">
          {d.results.map((r) => (
            <li key={r.id} className="py-3" data-testid="review" data-review-id={r.id}>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Stars value={r.rating} />
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
