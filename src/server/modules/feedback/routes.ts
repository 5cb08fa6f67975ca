import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { idParams } from '#server/http/record-id.ts';
import { clientKey, enforceRateLimit } from '#server/lib/rate-limit.ts';
import { feedbackListSchema, feedbackMessageSchema } from '#shared/contracts/admin.ts';
import { feedbackCreatedSchema, feedbackInputSchema } from '#shared/contracts/feedback.ts';
import { toMessage } from './feedback-shape';
import { listFeedback, markFeedbackRead, saveFeedback } from './service';

const HOUR_MS = 3_600_000;

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const rule = { name: 'feedback', limit: app.config.FEEDBACK_LIMIT_PER_HOUR, windowMs: HOUR_MS };

  app.post(
    '/feedback',
    { schema: { body: feedbackInputSchema, response: { 201: feedbackCreatedSchema } } },
    async (request, reply) => {
      await enforceRateLimit(app.db, rule, clientKey(request));
      const id = await saveFeedback(app.db, request.body);
      return reply.code(201).send({ success: true as const, id });
    },
  );

  app.get(
    '/feedback',
    { schema: { response: { 200: feedbackListSchema } }, onRequest: requireAdmin(app) },
    async () => {
      const { messages, unread } = await listFeedback(app.db);
      return { messages: messages.map(toMessage), unread };
    },
  );

  app.post(
    '/feedback/:id/read',
    {
      schema: { params: idParams, response: { 200: feedbackMessageSchema } },
      onRequest: requireAdmin(app),
    },
    async (request) => toMessage(await markFeedbackRead(app.db, request.params.id)),
  );
};
