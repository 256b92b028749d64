/**
 * A buyer reviews a delivered book, in a real browser: a customer registers and places a
 * cash-on-delivery order for a book; the admin marks it Delivered through the API; the customer
 * opens the book's page, rates it 4 with words, and sees the review marked "verified purchase"
 * with the average; without JavaScript the form still posts; the admin hides it in
 * /admin-reviews and it leaves the page.
 */
import { describe, expect } from 'vitest';
import { ADMIN, screenshot, shopTest, type ApiProduct } from './harness';

const CUSTOMER = { name: 'করিম রিভিউয়ার', phone_number: '01912345688', password: 'karim-pass-123' };
const WORDS = 'ছাপা ও বাঁধাই দুটোই ভালো। Recommended.';

const test = shopTest
  .extend('shopOptions', { scope: 'file' }, { customer: CUSTOMER })
  /** An unrated book in stock. */
  .extend('book', { scope: 'file', auto: true }, async ({ api }) => {
    const book = (await api.products('page_size=100')).find((p) => p.type === 'books' && p.is_active && p.units_stock > 5 && p.rating_count === 0)!;
    expect(book).toBeDefined();
    return book;
  });

describe('reviews: a buyer reviews a delivered book; the admin hides it', () => {
  test('the customer orders the book (cash on delivery) and the admin marks it Delivered', async ({ page, url, api, signIn, fillCheckout, book }) => {
    await signIn(page, CUSTOMER, '/checkout');
    await fillCheckout(book.id, 'ক্যাশ অন ডেলিভারি');
    await page.getByTestId('place-order').click();
    await page.waitForURL((u) => u.pathname === '/order');
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    const orderId = Number(await card.getAttribute('data-order-id'));

    // Before delivery the page offers no form.
    await page.goto(url(`/books/${book.id}`), { waitUntil: 'networkidle' });
    await page.getByTestId('product-reviews').waitFor();
    expect(await page.getByTestId('review-form').count()).toBe(0);

    const token = await api.token(ADMIN.phone, ADMIN.password);
    const moved = await api.call(token, 'PUT', `/api/order/${orderId}/`, { status: 'Delivered' });
    expect(moved.status).toBe(200);
  });

  test('the buyer rates it 4 with words and sees it verified, with the average', async ({ page, url, api, book }) => {
    await page.goto(url(`/books/${book.id}`), { waitUntil: 'networkidle' });
    const form = page.getByTestId('review-form');
    await form.waitFor();
    await form.getByTestId('review-rating-4').check();
    await form.getByTestId('review-text').fill(WORDS);
    await form.getByTestId('review-submit').click();
    await page.getByTestId('review-done').waitFor();

    const review = page.getByTestId('review').first();
    await expect.poll(() => review.textContent()).toContain(WORDS);
    expect(await review.textContent()).toContain(CUSTOMER.name);
    expect(await review.getByTestId('review-verified').textContent()).toContain('যাচাইকৃত ক্রেতা');
    expect(await review.textContent()).not.toContain(CUSTOMER.phone_number);
    const summary = page.getByTestId('rating-summary');
    expect(await summary.getAttribute('data-average')).toBe('4');
    expect(await summary.textContent()).toContain('৪.০');
    // The form now edits the review.
    expect(await page.getByTestId('review-rating-4').isChecked()).toBe(true);
    expect(await page.getByTestId('review-delete').count()).toBe(1);
    await screenshot(page, 'reviews-product-page');

    const product = await api.get<ApiProduct>(`/api/product/${book.id}/`);
    expect(product).toMatchObject({ rating_average: 4, rating_count: 1 });
    // Crawlers read the rating from the page's JSON-LD.
    const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(ld!)).toMatchObject({ aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, ratingCount: 1 } });
  });

  test('without JavaScript the form still posts: the buyer changes the rating to 5', async ({ browser, page, url, book }) => {
    const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noJs.newPage();
    await plain.goto(url(`/books/${book.id}`));
    await plain.getByTestId('review-rating-5').check();
    await plain.getByTestId('review-submit').click();
    await plain.waitForURL((u) => u.searchParams.get('review') === 'saved');
    expect(await plain.getByTestId('rating-summary').getAttribute('data-average')).toBe('5');
    expect(await plain.getByTestId('review').first().textContent()).toContain(WORDS);
    await noJs.close();
  });

  test('the admin hides the review in the back office and it leaves the page', async ({ page, url, errors, adminPage, book, shopperPage }) => {
    const { context, page: admin } = await adminPage('/admin-reviews');
    const row = admin.getByTestId('admin-review').filter({ hasText: CUSTOMER.name }).first();
    await row.waitFor();
    expect(await row.getByTestId('review-state').textContent()).toBe('shown');
    await row.getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => row.getByTestId('review-state').textContent()).toBe('hidden');
    await context.close();

    // A visitor no longer sees it, and the book is unrated again.
    const { context: visitor, page: v } = await shopperPage();
    await v.goto(url(`/books/${book.id}`), { waitUntil: 'networkidle' });
    await v.getByTestId('product-reviews').waitFor();
    expect(await v.getByTestId('review').count()).toBe(0);
    expect(await v.getByTestId('rating-summary').textContent()).toContain('এখনও কোন রিভিউ নেই');
    await visitor.close();
    // The author is told the shop hid it.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('review-hidden-note').waitFor();
    expect(errors).toEqual([]);
  });
});
