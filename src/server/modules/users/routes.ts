import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireRecentlyProvenAdmin, sessionUser } from '#server/auth/guards.ts';
import { queryParams, setPageHeaders } from '#server/http/page-links.ts';
import { modifiedCountSchema } from '#shared/contracts/admin.ts';
import { userListQuerySchema, userListSchema } from '#shared/contracts/user.ts';
import { listUsers, makeAdmin, removeAdmin, removeUser } from './service';
import { toUserRow } from './user-shape';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      schema: { querystring: userListQuerySchema, response: { 200: userListSchema } },
      onRequest: requireAdmin(app),
    },
    async (request, reply) => {
      const { search, page, limit } = request.query;
      const { users, total } = await listUsers(app.db, request.query);
      setPageHeaders(reply, '/api/user', { page, limit, total }, queryParams({ search }));
      return users.map(toUserRow);
    },
  );

  const emailParams = z.object({ email: z.string().trim().min(3).max(254) });
  // Who the admins are changes only from a session whose password was proven in the last ten minutes.
  const recentlyProvenAdmin = requireRecentlyProvenAdmin(app);

  app.put(
    '/user/admin/:email',
    {
      schema: { params: emailParams, response: { 200: modifiedCountSchema } },
      onRequest: recentlyProvenAdmin,
    },
    (request) => makeAdmin(app.db, sessionUser(request), request.params.email),
  );

  app.delete(
    '/user/admin/:email',
    {
      schema: { params: emailParams, response: { 200: modifiedCountSchema } },
      onRequest: recentlyProvenAdmin,
    },
    (request) => removeAdmin(app.db, sessionUser(request), request.params.email, app.config.ADMIN_EMAILS),
  );

  app.delete(
    '/user/:email',
    {
      schema: { params: emailParams, response: { 200: z.object({ deletedCount: z.number().int() }) } },
      onRequest: recentlyProvenAdmin,
    },
    (request) => removeUser(app.db, sessionUser(request), request.params.email, app.config.ADMIN_EMAILS),
  );
};
