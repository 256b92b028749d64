/** Reviews and ratings through the API, on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Signed, type TestApp } from '../test/app';
import { insertOrder, insertProduct } from '../test/orders-fixtures';
import { testDialect } from '../test/database';
import { REVIEW_MESSAGES } from '../../domain/reviews';

let t: TestApp;
let admin: Signed;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t?.close());

const db = () => t.services.database.db;

/**
 * A customer's order holding the product, in `status`. Written directly (the orders' own tests
 * cover checkout and status moves); the e2e journey buys through checkout.
 */
async function buy(who: Signed, productId: number, status: 'Delivered' | 'Pending' | 'Cancelled' | 'Returned' = 'Delivered') {
  const orderId = await insertOrder(db(), [productId], { status });
  await db().updateTable('orders').set({ user_id: who.userId }).where('id', '=', orderId).execute();
  return orderId;
}

const post = (productId: number, who: Signed | null, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/product/${productId}/reviews/`, headers: who?.headers ?? {}, payload });
const reviewsOf = (productId: number, query = '') => t.app.inject({ url: `/api/product/${productId}/reviews/${query}` });
const productOf = async (productId: number) => (await t.app.inject({ url: `/api/product/${productId}/` })).json() as { rating_average: number | null; rating_count: number };

describe(`reviews (${testDialect})`, () => {
  it('lets a customer with a Delivered order review once, shows it with the account name and "verified", and counts it on the product', async () => {
    const book = await insertProduct(db(), { title: 'Reviewed book' });
    const buyer = await t.signIn({ name: 'রহিম উদ্দিন' });
    expect(await productOf(book)).toMatchObject({ rating_average: null, rating_count: 0 });
    await buy(buyer, book);

    const res = await post(book, buyer, { rating: 4, text: '  খুব ভালো বই।  ' });
    expect(res.statusCode, res.body).toBe(201);
    const review = res.json() as Record<string, unknown>;
    expect(review).toMatchObject({ rating: 4, text: 'খুব ভালো বই।', name: 'রহিম উদ্দিন', verified: true, hidden: false });
    expect(typeof review.id).toBe('number');
    expect(new Date(review.created_at as string).getTime()).not.toBeNaN();
    expect(JSON.stringify(review)).not.toContain(buyer.phone);

    const list = await reviewsOf(book);
    expect(list.statusCode).toBe(200);
    const body = list.json() as { count: number; next: null; previous: null; results: Record<string, unknown>[]; rating_average: number; rating_count: number };
    expect(body).toMatchObject({ count: 1, next: null, previous: null, rating_average: 4, rating_count: 1 });
    expect(Object.keys(body.results[0]!).sort()).toEqual(['created_at', 'id', 'name', 'rating', 'text', 'verified']);
    expect(body.results[0]).toMatchObject({ id: review.id, rating: 4, name: 'রহিম উদ্দিন', verified: true });
    expect(await productOf(book)).toMatchObject({ rating_average: 4, rating_count: 1 });

    const again = await post(book, buyer, { rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, message: REVIEW_MESSAGES.already });
    expect(await productOf(book)).toMatchObject({ rating_average: 4, rating_count: 1 });
  });

  it('refuses visitors (401), customers who did not receive the product (403, in Bengali) and bad input (400 per field)', async () => {
    const book = await insertProduct(db());
    const [waiting, cancelled, returned, stranger, buyer] = await Promise.all(Array.from({ length: 5 }, () => t.signIn()));
    await buy(waiting!, book, 'Pending');
    await buy(cancelled!, book, 'Cancelled');
    await buy(returned!, book, 'Returned');
    await buy(stranger!, await insertProduct(db()));
    await buy(buyer!, book);

    expect((await post(book, null, { rating: 4 })).statusCode).toBe(401);
    for (const who of [waiting!, cancelled!, returned!, stranger!]) {
      const res = await post(book, who, { rating: 4 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, message: REVIEW_MESSAGES.notBuyer });
    }
    const badRating = await post(book, buyer!, { rating: 6, text: 'x' });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json()).toMatchObject({ errors: { rating: [REVIEW_MESSAGES.rating] } });
    const tooLong = await post(book, buyer!, { rating: 5, text: 'ক'.repeat(2001) });
    expect(tooLong.json()).toMatchObject({ status: 400, errors: { text: [REVIEW_MESSAGES.textLong] } });
    expect((await post(book, buyer!, { rating: 5, text: 'ক'.repeat(2000) })).statusCode).toBe(201);

    expect((await post(999_999, buyer!, { rating: 5 })).statusCode).toBe(404);
    expect((await reviewsOf(999_999)).statusCode).toBe(404);
    expect((await reviewsOf(book, '?page=abc')).statusCode).toBe(400);
  });

  it('lists newest first and paged; the author edits and deletes their review, at "my review" or by id', async () => {
    const book = await insertProduct(db());
    const [a, b, c] = [await t.signIn({ name: 'A' }), await t.signIn({ name: 'B' }), await t.signIn({ name: 'C' })];
    for (const who of [a, b, c]) await buy(who, book);
    const ids: number[] = [];
    for (const [who, rating] of [[a, 5], [b, 4], [c, 3]] as const) ids.push((await post(book, who, { rating })).json().id);

    const first = (await reviewsOf(book, '?page_size=2')).json() as { count: number; next: string; results: { name: string }[] };
    expect(first.count).toBe(3);
    expect(first.results.map((r) => r.name)).toEqual(['C', 'B']);
    expect(first.next).toBe(`/api/product/${book}/reviews/?page_size=2&page=2`);
    expect(((await reviewsOf(book, '?page_size=2&page=2')).json() as { results: { name: string }[] }).results.map((r) => r.name)).toEqual(['A']);
    expect(await productOf(book)).toMatchObject({ rating_average: 4, rating_count: 3 });

    const edited = await t.app.inject({ method: 'PUT', url: `/api/product/${book}/reviews/`, headers: a.headers, payload: { rating: 2, text: 'changed my mind' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: ids[0], rating: 2, text: 'changed my mind' });
    expect(await productOf(book)).toMatchObject({ rating_average: 3, rating_count: 3 });

    // By id: only the author's own review of this product.
    expect((await t.app.inject({ method: 'PUT', url: `/api/product/${book}/reviews/${ids[0]}/`, headers: b.headers, payload: { rating: 1 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/product/${book}/reviews/${ids[0]}/`, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/product/${book}/reviews/${ids[1]}/`, headers: b.headers, payload: { rating: 1 } })).json()).toMatchObject({ rating: 1 });
    expect(await productOf(book)).toMatchObject({ rating_average: 2, rating_count: 3 });

    const mine = await t.app.inject({ url: `/api/product/${book}/reviews/mine/`, headers: c.headers });
    expect(mine.json()).toMatchObject({ can_review: true, review: { id: ids[2], rating: 3 } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/product/${book}/reviews/`, headers: c.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/product/${book}/reviews/mine/`, headers: c.headers })).json()).toEqual({ review: null, can_review: true });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/product/${book}/reviews/`, headers: c.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/product/${book}/reviews/`, headers: c.headers, payload: { rating: 3 } })).statusCode).toBe(404);
    expect(await productOf(book)).toMatchObject({ rating_average: 1.5, rating_count: 2 });
    // Deleted, they may write a new one.
    expect((await post(book, c, { rating: 5 })).statusCode).toBe(201);
  });

  it('lets admins hide, show and delete reviews; hidden ones neither show nor count; customers may not moderate', async () => {
    const book = await insertProduct(db());
    const [a, b] = [await t.signIn({ name: 'Kind' }), await t.signIn({ name: 'Rude' })];
    await buy(a, book);
    await buy(b, book);
    await post(book, a, { rating: 5 });
    const rude = (await post(book, b, { rating: 1, text: 'spam' })).json() as { id: number };
    expect(await productOf(book)).toMatchObject({ rating_average: 3, rating_count: 2 });

    expect((await t.app.inject({ method: 'PUT', url: `/api/review/${rude.id}/`, headers: b.headers, payload: { hidden: true } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/review/' })).statusCode).toBe(401);
    const hidden = await t.app.inject({ method: 'PUT', url: `/api/review/${rude.id}/`, headers: admin.headers, payload: { hidden: true } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ id: rude.id, hidden: true, product: book, name: 'Rude', user: b.userId, verified: true });
    expect(await productOf(book)).toMatchObject({ rating_average: 5, rating_count: 1 });
    const shown = (await reviewsOf(book)).json() as { count: number; results: { name: string }[] };
    expect(shown).toMatchObject({ count: 1, rating_count: 1 });
    expect(shown.results.map((r) => r.name)).toEqual(['Kind']);
    // The author still sees it, marked hidden; editing it keeps it hidden.
    expect((await t.app.inject({ url: `/api/product/${book}/reviews/mine/`, headers: b.headers })).json()).toMatchObject({ review: { hidden: true } });
    await t.app.inject({ method: 'PUT', url: `/api/product/${book}/reviews/`, headers: b.headers, payload: { rating: 2 } });
    expect(await productOf(book)).toMatchObject({ rating_average: 5, rating_count: 1 });

    const list = (await t.app.inject({ url: `/api/review/?product=${book}&hidden=true`, headers: admin.headers })).json() as { count: number; results: { id: number; product_title: string }[] };
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ id: rude.id });
    expect((await t.app.inject({ url: '/api/review/?hidden=maybe', headers: admin.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/review/${rude.id}/`, headers: admin.headers, payload: { hidden: 'no' } })).statusCode).toBe(400);

    await t.app.inject({ method: 'PUT', url: `/api/review/${rude.id}/`, headers: admin.headers, payload: { hidden: false } });
    expect(await productOf(book)).toMatchObject({ rating_average: 3.5, rating_count: 2 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/${rude.id}/`, headers: admin.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/${rude.id}/`, headers: admin.headers })).statusCode).toBe(404);
    expect(await productOf(book)).toMatchObject({ rating_average: 5, rating_count: 1 });
  });

  it('refreshes cached product answers when the figures move (the content counter), and not when nothing changed', async () => {
    const book = await insertProduct(db());
    const buyer = await t.signIn();
    await buy(buyer, book);
    const before = await t.app.inject({ url: `/api/product/${book}/` });
    const etag = String(before.headers.etag);
    expect((await t.app.inject({ url: `/api/product/${book}/`, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const version = (await t.services.catalog.versions()).content;

    await post(book, buyer, { rating: 3 });
    expect((await t.services.catalog.versions()).content).not.toBe(version);
    const after = await t.app.inject({ url: `/api/product/${book}/`, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ rating_average: 3, rating_count: 1 });
    const list = (await t.app.inject({ url: `/api/product/?search=${encodeURIComponent('Test book')}&page_size=100` })).json() as { results: { id: number; rating_count: number }[] };
    expect(list.results.find((p) => p.id === book)).toMatchObject({ rating_count: 1 });

    // The same rating again changes no figure: the counter stays.
    const unchanged = (await t.services.catalog.versions()).content;
    await t.app.inject({ method: 'PUT', url: `/api/product/${book}/reviews/`, headers: buyer.headers, payload: { rating: 3, text: 'words only' } });
    expect((await t.services.catalog.versions()).content).toBe(unchanged);
  });

  it('counts reviews written at the same moment exactly', async () => {
    const book = await insertProduct(db());
    const buyers = await Promise.all(Array.from({ length: 6 }, () => t.signIn()));
    for (const who of buyers) await buy(who, book);
    const answers = await Promise.all(buyers.map((who, i) => post(book, who, { rating: (i % 5) + 1 })));
    expect(answers.map((r) => r.statusCode)).toEqual(buyers.map(() => 201));
    // One customer twice at once: one review, one 409.
    const twice = await Promise.all([post(book, buyers[0]!, { rating: 5 }), post(book, buyers[0]!, { rating: 5 })]);
    expect(twice.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await productOf(book)).toMatchObject({ rating_count: 6, rating_average: 2.7 });
  });

  it('hides the reviews of a product shoppers cannot see', async () => {
    const book = await insertProduct(db(), { is_active: false });
    expect((await reviewsOf(book)).statusCode).toBe(404);
  });
});
