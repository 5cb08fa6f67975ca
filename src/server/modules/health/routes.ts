import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/error';
import { errorBody } from '../../http/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: apiErrorSchema },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database does not answer');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send(errorBody('database_unavailable', 'The database does not answer.'));
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
