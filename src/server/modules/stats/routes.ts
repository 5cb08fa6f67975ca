import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { statsSchema } from '#shared/contracts/stats.ts';
import { shopStats } from './service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    { schema: { response: { 200: statsSchema } }, onRequest: requireAdmin(app) },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return shopStats(app.db);
    },
  );
};
