import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser, sessionUser } from '#server/auth/guards.ts';
import { idParams } from '#server/http/record-id.ts';
import { enforceRateLimit } from '#server/lib/rate-limit.ts';
import { reviewInputSchema, reviewListSchema, reviewSchema } from '#shared/contracts/review.ts';
import { toReview } from './review-shape';
import { addReview, deleteReview, listReviews } from './service';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/review', { schema: { response: { 200: reviewListSchema } } }, async () =>
    (await listReviews(app.db)).map(toReview),
  );

  const rule = { name: 'review', limit: app.config.REVIEWS_PER_USER_PER_DAY, windowMs: 86_400_000 };
  app.post(
    '/review',
    { schema: { body: reviewInputSchema, response: { 201: reviewSchema } }, onRequest: requireUser(app) },
    async (request, reply) => {
      const author = sessionUser(request);
      await enforceRateLimit(app.db, rule, author.id);
      return reply.code(201).send(toReview(await addReview(app.db, author, request.body)));
    },
  );

  app.delete(
    '/review/:id',
    {
      schema: {
        params: idParams,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
      onRequest: requireAdmin(app),
    },
    async (request) => {
      await deleteReview(app.db, sessionUser(request), request.params.id);
      return { success: true as const };
    },
  );
};
