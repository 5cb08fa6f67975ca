import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileInputSchema, profileSchema } from '../../../shared/contracts/profile';
import { requireUser, sessionUser } from '../../auth/guards';
import { getProfile, saveProfile } from './service';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    { schema: { response: { 200: profileSchema } }, onRequest: requireUser(app) },
    (request) => getProfile(app.db, sessionUser(request)),
  );

  app.post(
    '/profile',
    { schema: { body: profileInputSchema, response: { 200: profileSchema } }, onRequest: requireUser(app) },
    (request) => saveProfile(app.db, sessionUser(request), request.body),
  );
};
