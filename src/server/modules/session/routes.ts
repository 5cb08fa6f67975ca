import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, readSessionUser, requireUser, sessionUser } from '#server/auth/guards.ts';
import { findRoleByEmail } from '#server/modules/users/service.ts';
import { adminStatusSchema, publicConfigSchema, sessionSchema } from '#shared/contracts/session.ts';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Who is signed in (or `user: null`); never cached, since it changes with sign-in and sign-out. */
  app.get('/session', { schema: { response: { 200: sessionSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: await readSessionUser(app, request, reply) };
  });

  /** What the browser needs to know of the server's settings. */
  app.get('/public-config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    googleSignIn: Boolean(app.config.GOOGLE_CLIENT_ID && app.config.GOOGLE_CLIENT_SECRET),
  }));

  /** The admin check (`admin`, docs/product.md): only for the user themself, or for an admin asking about anyone. */
  app.get(
    '/admin/:email',
    {
      schema: { params: z.object({ email: z.string().max(254) }), response: { 200: adminStatusSchema } },
      onRequest: requireUser(app),
    },
    async (request) => {
      const user = sessionUser(request);
      const asked = request.params.email.trim().toLowerCase();
      if (user.role !== 'admin' && asked !== user.email.toLowerCase()) throw forbidden();
      if (asked === user.email.toLowerCase()) return { admin: user.role === 'admin' };
      return { admin: (await findRoleByEmail(app.db, asked)) === 'admin' };
    },
  );
};
