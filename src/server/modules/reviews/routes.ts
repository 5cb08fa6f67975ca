import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewListSchema } from '../../../shared/contracts/review';
import { listReviews } from './service';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/review', { schema: { response: { 200: reviewListSchema } } }, () => listReviews(app.db));
};
