import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readVisitor, requireAdmin, requireCustomer, sessionUser } from '#server/auth/guards.ts';
import { pageLinks, queryParams } from '#server/http/page-links.ts';
import { idParams } from '#server/http/record-id.ts';
import { enforceRateLimit } from '#server/lib/rate-limit.ts';
import {
  myPartReviewSchema,
  partReviewInputSchema,
  partReviewListSchema,
  partReviewQuerySchema,
  partReviewSchema,
} from '#shared/contracts/part-review.ts';
import { toPartReview } from './review-shape';
import { listPartReviews, myPartReview, savePartReview, setPartReviewHidden } from './service';

const reviewParams = z.object({ id: z.string().max(100), reviewId: z.string().max(100) });

/**
 * Reviews of a part by the customers who received it (`/api/part/:id/reviews`): read by anyone, written
 * and edited by its buyers, hidden and restored by admins. A change of stars (or of what is shown) is
 * a change of the part's rating, which drops the part's cached answers: on every instance through the
 * parts' own announcement, and here at once (`changesCatalogue`, naming the part).
 */
export const partReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/part/:id/reviews',
    {
      schema: {
        params: idParams,
        querystring: partReviewQuerySchema,
        response: { 200: partReviewListSchema },
      },
      onRequest: readVisitor(app),
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const partId = request.params.id;
      const { reviews, total } = await listPartReviews(
        app.db,
        partId,
        { page, limit },
        request.user?.role === 'admin',
      );
      reply
        .header('x-total-count', String(total))
        .header('cache-control', app.catalogCache.cacheControl(request.headers.cookie));
      const links = pageLinks(`/api/part/${partId}/reviews`, { page, limit, total }, queryParams({}));
      if (links) reply.header('link', links);
      return reviews.map(toPartReview);
    },
  );

  app.get(
    '/part/:id/reviews/mine',
    { schema: { params: idParams, response: { 200: myPartReviewSchema } }, onRequest: requireCustomer(app) },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const mine = await myPartReview(app.db, sessionUser(request), request.params.id);
      return { ...mine, review: mine.review && toPartReview(mine.review) };
    },
  );

  const writes = { name: 'part-review', limit: app.config.REVIEWS_PER_USER_PER_DAY, windowMs: 86_400_000 };
  app.post(
    '/part/:id/reviews',
    {
      schema: {
        params: idParams,
        body: partReviewInputSchema,
        response: { 200: partReviewSchema, 201: partReviewSchema },
      },
      config: { changesCatalogue: true },
      onRequest: requireCustomer(app),
    },
    async (request, reply) => {
      const author = sessionUser(request);
      await enforceRateLimit(app.db, writes, author.id);
      const { review, created } = await savePartReview(app.db, author, request.params.id, request.body);
      request.catalogueChange = { parts: [review.partId] };
      return reply.code(created ? 201 : 200).send(toPartReview(review));
    },
  );

  for (const [action, hidden] of [
    ['hide', true],
    ['restore', false],
  ] as const)
    app.post(
      `/part/:id/reviews/:reviewId/${action}`,
      {
        schema: { params: reviewParams, response: { 200: partReviewSchema } },
        config: { changesCatalogue: true },
        onRequest: requireAdmin(app),
      },
      async (request) => {
        const { id, reviewId } = request.params;
        const review = await setPartReviewHidden(app.db, sessionUser(request), id, reviewId, hidden);
        request.catalogueChange = { parts: [review.partId] };
        return toPartReview(review);
      },
    );
};
