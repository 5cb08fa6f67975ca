import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, sessionUser } from '#server/auth/guards.ts';
import { profileSchema, profileUpdateSchema } from '#shared/contracts/profile.ts';
import { getProfile, saveProfile } from './service';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    { schema: { response: { 200: profileSchema } }, onRequest: requireUser(app) },
    (request) => getProfile(app.db, sessionUser(request)),
  );

  app.post(
    '/profile',
    { schema: { body: profileUpdateSchema, response: { 200: profileSchema } }, onRequest: requireUser(app) },
    (request) => saveProfile(app.db, sessionUser(request), request.body),
  );
};
