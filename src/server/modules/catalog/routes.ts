import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partListSchema, partSchema } from '../../../shared/contracts/part';
import { getPart, listParts } from './service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/part', { schema: { response: { 200: partListSchema } } }, () => listParts(app.db));

  app.get(
    '/part/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: partSchema } } },
    (request) => getPart(app.db, request.params.id),
  );
};
