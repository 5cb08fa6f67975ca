import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partListSchema, partSchema } from '../../../shared/contracts/part';
import { partInputSchema, partPatchSchema } from '../../../shared/contracts/part-input';
import { requireAdmin, sessionUser } from '../../auth/guards';
import { createPart, getPart, listParts, removePart, updatePart } from './service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/part', { schema: { response: { 200: partListSchema } } }, () => listParts(app.db));

  app.get(
    '/part/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: partSchema } } },
    (request) => getPart(app.db, request.params.id),
  );

  const adminOnly = requireAdmin(app);
  const idParams = z.object({ id: z.string().max(100) });

  app.post(
    '/part',
    { schema: { body: partInputSchema, response: { 201: partSchema } }, preHandler: adminOnly },
    async (request, reply) =>
      reply.code(201).send(await createPart(app.db, sessionUser(request), request.body)),
  );

  app.put(
    '/part/:id',
    {
      schema: { params: idParams, body: partInputSchema, response: { 200: partSchema } },
      preHandler: adminOnly,
    },
    (request) => updatePart(app.db, sessionUser(request), request.params.id, request.body),
  );

  app.patch(
    '/part/:id',
    {
      schema: { params: idParams, body: partPatchSchema, response: { 200: partSchema } },
      preHandler: adminOnly,
    },
    (request) => {
      const { name, price, minimum, available, description, img } = request.body;
      return updatePart(app.db, sessionUser(request), request.params.id, {
        ...(name !== undefined && { name }),
        ...(price !== undefined && { priceCents: price }),
        ...(minimum !== undefined && { minQuantity: minimum }),
        ...(available !== undefined && { availableQuantity: available }),
        ...(description !== undefined && { description }),
        ...(img !== undefined && { imageUrl: img }),
      });
    },
  );

  app.delete(
    '/part/:id',
    {
      schema: {
        params: idParams,
        response: { 200: z.object({ deleted: z.boolean(), hidden: z.boolean() }) },
      },
      preHandler: adminOnly,
    },
    (request) => removePart(app.db, sessionUser(request), request.params.id),
  );
};
