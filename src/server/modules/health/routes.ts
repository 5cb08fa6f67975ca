import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#server/http/errors.ts';
import { apiErrorSchema } from '#shared/error.ts';

/** A database that cannot run `select 1` this fast is unhealthy, even if it answers eventually. */
const PING_TIMEOUT_MS = 2_000;

function pingWithin(ping: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([ping, late]).finally(() => clearTimeout(timer));
}

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
        await pingWithin(app.database.ping(), PING_TIMEOUT_MS);
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
