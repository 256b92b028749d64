/**
 * Reviews over HTTP. Shoppers read a product's visible reviews; a signed-in customer who received
 * the product writes one review of it and edits or deletes it at the same address ("my review"),
 * or at the review's own address; admins list, hide/show and delete reviews under /api/review/.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { envelope, pageQuery, readId, readQuery, toPage } from '../http/pagination';
import { notFound } from '../http/errors';
import { REVIEW_MESSAGES, adminReviewQuery, reviewModerationSchema, reviewSchema } from '../../domain/reviews';
import type { RouteDocs } from '../http/route-docs';
import { routeModule } from '../http/route-module';
import type { ReviewService } from './service';
import { mineAnswer, ownReviewAnswer, reviewPage } from './answer-schemas';

/** These routes' OpenAPI documentation (server/http/openapi.ts), with the schemas the service parses with. */
const reviewDocs: RouteDocs = {
  'GET /api/product/:id/reviews/': { summary: "A product's visible reviews", audience: 'public', query: pageQuery, response: reviewPage },
  'GET /api/product/:id/reviews/mine/': { summary: "The signed-in user's review of a product", audience: 'signed', response: mineAnswer },
  'POST /api/product/:id/reviews/': { summary: 'Review a product bought and delivered', audience: 'signed', body: reviewSchema, status: 201, response: ownReviewAnswer, refusals: [403, 409] },
  'PUT /api/product/:id/reviews/': { summary: 'Change your review of a product', audience: 'signed', body: reviewSchema, response: ownReviewAnswer },
  'DELETE /api/product/:id/reviews/': { summary: 'Delete your review of a product', audience: 'signed', status: 204 },
  'PUT /api/product/:id/reviews/:reviewId/': { summary: 'Change your review (by id)', audience: 'signed', body: reviewSchema, response: ownReviewAnswer },
  'DELETE /api/product/:id/reviews/:reviewId/': { summary: 'Delete your review (by id)', audience: 'signed', status: 204 },
  'GET /api/review/': { summary: 'All reviews, for moderation', audience: 'support', query: adminReviewQuery.strict() },
  'GET /api/review/:id/': { summary: 'One review', audience: 'support' },
  'PUT /api/review/:id/': { summary: 'Hide or show a review', audience: 'support', body: reviewModerationSchema },
  'PATCH /api/review/:id/': { summary: 'Hide or show a review', audience: 'support', body: reviewModerationSchema },
  'DELETE /api/review/:id/': { summary: 'Delete a review', audience: 'support', status: 204 },
};

const routes: FastifyPluginAsync<{ reviews: ReviewService }> = async (app, { reviews }) => {
  const productId = (request: FastifyRequest) => readId(request, REVIEW_MESSAGES.productNotFound);
  const reviewId = (request: FastifyRequest) => readId(request, REVIEW_MESSAGES.notFound, 'reviewId');

  /** A product's visible reviews, newest first, in the envelope with the product's `rating_average` and `rating_count`. */
  app.get('/api/product/:id/reviews/', async (request) => {
    const page = toPage(readQuery(pageQuery, request));
    const list = await reviews.list(productId(request), page);
    if (!list) throw notFound(REVIEW_MESSAGES.productNotFound);
    return { ...envelope(request, page, list.count, list.results), rating_average: list.rating_average, rating_count: list.rating_count };
  });

  /** The signed-in customer's own review of the product (`review` null when none) and whether they may write one. */
  app.get('/api/product/:id/reviews/mine/', async (request) => {
    const id = productId(request);
    const [review, canReview] = await Promise.all([reviews.mine(request.user!, id), reviews.canReview(request.user!, id)]);
    return { review, can_review: canReview };
  });

  app.post('/api/product/:id/reviews/', async (request, reply) => {
    const review = await reviews.create(request.user!, productId(request), request.body ?? {});
    return reply.status(201).send(review);
  });

  // "My review" of the product, or the review by its id (the author's only).
  app.put('/api/product/:id/reviews/', async (request) => reviews.update(request.user!, productId(request), request.body ?? {}));
  app.put('/api/product/:id/reviews/:reviewId/', async (request) =>
    reviews.update(request.user!, productId(request), request.body ?? {}, reviewId(request)),
  );
  app.delete('/api/product/:id/reviews/', async (request, reply) => {
    await reviews.remove(request.user!, productId(request));
    return reply.status(204).send();
  });
  app.delete('/api/product/:id/reviews/:reviewId/', async (request, reply) => {
    await reviews.remove(request.user!, productId(request), reviewId(request));
    return reply.status(204).send();
  });

  // Moderation.
  app.get('/api/review/', async (request) => {
    const q = readQuery(adminReviewQuery.strict(), request);
    const page = toPage(q);
    const list = await reviews.adminList({ product: q.product, hidden: q.hidden }, page);
    return envelope(request, page, list.count, list.results);
  });
  app.get('/api/review/:id/', async (request) => reviews.adminGet(readId(request, REVIEW_MESSAGES.notFound)));
  app.put('/api/review/:id/', async (request) => reviews.moderate(readId(request, REVIEW_MESSAGES.notFound), request.body ?? {}));
  app.patch('/api/review/:id/', async (request) => reviews.moderate(readId(request, REVIEW_MESSAGES.notFound), request.body ?? {}));
  app.delete('/api/review/:id/', async (request, reply) => {
    await reviews.adminRemove(readId(request, REVIEW_MESSAGES.notFound));
    return reply.status(204).send();
  });
};

export const reviewRoutes = routeModule({ docs: reviewDocs, routes });
