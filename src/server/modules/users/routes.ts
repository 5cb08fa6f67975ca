import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userListQuerySchema, userListSchema } from '../../../shared/contracts/user';
import { requireAdmin } from '../../auth/guards';
import { listUsers } from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      schema: { querystring: userListQuerySchema, response: { 200: userListSchema } },
      preHandler: requireAdmin(app),
    },
    (request) => listUsers(app.db, request.query.search, request.query.page),
  );
};
